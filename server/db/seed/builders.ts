import { inArray } from 'drizzle-orm';
import { checkDigits } from '../../../domain/documentos';
import type { FunctionKey, Idioma, TipoUsuario } from '../../../domain/enums';
import type { DbOrTx } from '../client';
import * as s from '../schema';
import type { Random } from './random';

// Builders of demo and test data: the demo seed and the API tests create records through them.

export function cpfFrom(random: Random): string {
  const base = random.digits(9);
  return base + checkDigits(base, 'cpf');
}

export function cnpjFrom(random: Random): string {
  const base = `${random.digits(8)}0001`;
  return base + checkDigits(base, 'cnpj');
}

export async function createMarca(db: DbOrTx, nome: string, extra: Partial<typeof s.marcas.$inferInsert> = {}) {
  const [marca] = await db
    .insert(s.marcas)
    .values({ nome, ...extra })
    .returning();
  return marca;
}

export async function createGrupo(db: DbOrTx, nome: string, marcaIds: number[], active = true) {
  const [grupo] = await db.insert(s.grupos).values({ nome, active }).returning();
  if (marcaIds.length)
    await db.insert(s.grupoMarcas).values(marcaIds.map((marcaId) => ({ grupoId: grupo.id, marcaId })));
  return grupo;
}

export interface DealerInput extends Partial<typeof s.dealers.$inferInsert> {
  nomeExibicao: string;
  razaoSocial: string;
  cnpj: string;
  marcaIds?: number[];
  grupoIds?: number[];
  /** Complementary data: the dealer's URI in each product. */
  produtos?: { produtoId: number; uri: string }[];
}

export async function createDealer(
  db: DbOrTx,
  { marcaIds = [], grupoIds = [], produtos = [], ...values }: DealerInput,
) {
  const [dealer] = await db.insert(s.dealers).values(values).returning();
  if (marcaIds.length)
    await db.insert(s.dealerMarcas).values(marcaIds.map((marcaId) => ({ dealerId: dealer.id, marcaId })));
  if (grupoIds.length)
    await db.insert(s.dealerGrupos).values(grupoIds.map((grupoId) => ({ dealerId: dealer.id, grupoId })));
  if (produtos.length) await db.insert(s.dealerProdutos).values(produtos.map((p) => ({ dealerId: dealer.id, ...p })));
  return dealer;
}

export interface UsuarioInput {
  nome: string;
  email: string;
  tipo: TipoUsuario;
  idioma?: Idioma;
  cpf?: string | null;
  senhaHash?: string | null;
  active?: boolean;
  funcionalidades?: readonly FunctionKey[];
  tipoAcessoIds?: number[];
  marcaIds?: number[];
  grupoIds?: number[];
  dealerIds?: number[];
}

export async function createUsuario(db: DbOrTx, input: UsuarioInput) {
  const { funcionalidades = [], tipoAcessoIds = [], marcaIds = [], grupoIds = [], dealerIds = [], ...values } = input;
  const [usuario] = await db
    .insert(s.usuarios)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning();
  const id = usuario.id;
  if (funcionalidades.length) {
    const rows = await db
      .select({ id: s.funcionalidades.id })
      .from(s.funcionalidades)
      .where(inArray(s.funcionalidades.chave, [...funcionalidades]));
    if (rows.length !== funcionalidades.length) throw new Error('unknown function key in createUsuario');
    await db.insert(s.usuarioFuncionalidades).values(rows.map((f) => ({ usuarioId: id, funcionalidadeId: f.id })));
  }
  if (tipoAcessoIds.length)
    await db
      .insert(s.usuarioTiposAcesso)
      .values(tipoAcessoIds.map((tipoAcessoId) => ({ usuarioId: id, tipoAcessoId })));
  if (marcaIds.length) await db.insert(s.usuarioMarcas).values(marcaIds.map((marcaId) => ({ usuarioId: id, marcaId })));
  if (grupoIds.length) await db.insert(s.usuarioGrupos).values(grupoIds.map((grupoId) => ({ usuarioId: id, grupoId })));
  if (dealerIds.length)
    await db.insert(s.usuarioDealers).values(dealerIds.map((dealerId) => ({ usuarioId: id, dealerId })));
  return usuario;
}
