import { inArray, sql } from 'drizzle-orm';
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
  ativacaoEspecial?: boolean;
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

/**
 * A group of `dealers` dealers of one brand, each with `usersPerDealer` dealer users, written in
 * four set-based statements (tests and benchmarks of cascades at volume). `tag` keeps names,
 * CNPJs and e-mails apart from other data; it must be 1 to 6 digits, unique per database.
 */
export async function createLargeGroup(
  db: DbOrTx,
  opts: { tag: string; marcaId: number; dealers: number; usersPerDealer: number },
) {
  const { tag, marcaId, dealers, usersPerDealer } = opts;
  if (!/^\d{1,6}$/.test(tag)) throw new Error('tag: 1 to 6 digits');
  const grupo = await createGrupo(db, `Grupo em Massa ${tag}`, [marcaId]);
  const cnpjPrefix = `9${tag.padStart(6, '0')}`;
  await db.execute(sql`
    with created as (
      insert into dealers (nome_exibicao, razao_social, cnpj, codigos)
      select 'Dealer em Massa ' || ${tag}::text || '-' || i, 'Concessionária em Massa Ltda',
        ${cnpjPrefix}::text || lpad(i::text, 7, '0'), array['M' || i]
      from generate_series(1, ${dealers}::int) i
      returning id
    ),
    branded as (insert into dealer_marcas (dealer_id, marca_id) select id, ${marcaId}::int from created)
    insert into dealer_grupos (dealer_id, grupo_id) select id, ${grupo.id}::int from created`);
  await db.execute(sql`
    with dealer_list as (
      select dg.dealer_id, row_number() over (order by dg.dealer_id) as n
      from dealer_grupos dg where dg.grupo_id = ${grupo.id}
    ),
    created as (
      insert into usuarios (nome, email, tipo)
      select 'Usuário em Massa ' || n || '.' || k, 'massa.' || ${tag}::text || '.' || n || '.' || k || '@massa.test',
        'DEALER_GRUPO'
      from dealer_list, generate_series(1, ${usersPerDealer}::int) k
      returning id, email
    )
    insert into usuario_dealers (usuario_id, dealer_id)
    select c.id, d.dealer_id from created c
    join dealer_list d on d.n = split_part(c.email, '.', 3)::bigint`);
  return grupo;
}
