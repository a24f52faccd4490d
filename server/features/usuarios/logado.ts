import { and, asc, eq, sql } from 'drizzle-orm';
import type { Idioma, OnboardingId } from '../../../domain/enums';
import type { DbOrTx } from '../../db/client';
import {
  dealerGrupos,
  dealers,
  funcionalidades,
  grupos,
  marcas,
  onboardingVistos,
  produtos,
  tiposAcesso,
  usuarioDealers,
  usuarioFuncionalidades,
  usuarioMarcas,
  usuarios,
  usuarioTiposAcesso,
} from '../../db/schema';

// The signed-in user's own data (usuarioLogado, their language, the onboarding tours they saw).

/** Function keys (funcionalidades.chave) granted to a user. */
export async function functionKeysOf(db: DbOrTx, usuarioId: number): Promise<{ id: number; chave: string }[]> {
  return db
    .select({ id: funcionalidades.id, chave: funcionalidades.chave })
    .from(usuarioFuncionalidades)
    .innerJoin(funcionalidades, eq(funcionalidades.id, usuarioFuncionalidades.funcionalidadeId))
    .where(eq(usuarioFuncionalidades.usuarioId, usuarioId))
    .orderBy(asc(funcionalidades.chave));
}

/** A brand as usuarioLogado and the user form's options answer it. */
export const marcaColumns = {
  id: marcas.id,
  nome: marcas.nome,
  descricao: marcas.descricao,
  facebookId: marcas.facebookId,
  active: marcas.active,
};

export async function marcasOf(db: DbOrTx, usuarioId: number) {
  return db
    .select(marcaColumns)
    .from(usuarioMarcas)
    .innerJoin(marcas, eq(marcas.id, usuarioMarcas.marcaId))
    .where(eq(usuarioMarcas.usuarioId, usuarioId))
    .orderBy(asc(marcas.nome));
}

/** The user's dealers, each with its first dealer group. */
export async function dealersOf(db: DbOrTx, usuarioId: number) {
  const list = await db
    .select({
      id: dealers.id,
      nomeExibicao: dealers.nomeExibicao,
      active: dealers.active,
      grupo: sql<{ id: number; nome: string } | null>`(
        select json_build_object('id', g.id, 'nome', g.nome) from ${dealerGrupos} dg
        join ${grupos} g on g.id = dg.grupo_id where dg.dealer_id = ${dealers.id} order by g.nome limit 1)`,
    })
    .from(usuarioDealers)
    .innerJoin(dealers, eq(dealers.id, usuarioDealers.dealerId))
    .where(eq(usuarioDealers.usuarioId, usuarioId))
    .orderBy(asc(dealers.nomeExibicao));
  return list;
}

/** Products the user has access types in, each with those access types. */
export async function produtosOf(db: DbOrTx, usuarioId: number) {
  const list = await db
    .select({ produto: produtos, tipoAcesso: { id: tiposAcesso.id, nome: tiposAcesso.nome } })
    .from(usuarioTiposAcesso)
    .innerJoin(tiposAcesso, eq(tiposAcesso.id, usuarioTiposAcesso.tipoAcessoId))
    .innerJoin(produtos, eq(produtos.id, tiposAcesso.produtoId))
    .where(eq(usuarioTiposAcesso.usuarioId, usuarioId))
    .orderBy(asc(produtos.nome), asc(tiposAcesso.nome));
  const byId = new Map<number, typeof produtos.$inferSelect & { tiposAcesso: { id: number; nome: string }[] }>();
  for (const { produto, tipoAcesso } of list) {
    const entry = byId.get(produto.id) ?? { ...produto, tiposAcesso: [] };
    entry.tiposAcesso.push(tipoAcesso);
    byId.set(produto.id, entry);
  }
  return [...byId.values()];
}

export async function setIdioma(db: DbOrTx, usuarioId: number, idioma: Idioma) {
  const [updated] = await db.update(usuarios).set({ idioma }).where(eq(usuarios.id, usuarioId)).returning();
  return updated;
}

export async function isOnboardingSeen(db: DbOrTx, usuarioId: number, onboardingId: OnboardingId) {
  const [row] = await db
    .select({ usuarioId: onboardingVistos.usuarioId })
    .from(onboardingVistos)
    .where(and(eq(onboardingVistos.usuarioId, usuarioId), eq(onboardingVistos.onboardingId, onboardingId)));
  return Boolean(row);
}

/** The onboarding tours this user has seen (closed or finished), for usuarioLogado. */
export async function onboardingsOf(db: DbOrTx, usuarioId: number) {
  const rows = await db
    .select({ onboardingId: onboardingVistos.onboardingId })
    .from(onboardingVistos)
    .where(eq(onboardingVistos.usuarioId, usuarioId))
    .orderBy(asc(onboardingVistos.onboardingId));
  return rows.map((row) => row.onboardingId as OnboardingId);
}

export async function markOnboardingSeen(db: DbOrTx, usuarioId: number, onboardingId: OnboardingId) {
  await db.insert(onboardingVistos).values({ usuarioId, onboardingId }).onConflictDoNothing();
}
