import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { GrupoFilter, GrupoInput } from '../../../domain/schemas/grupo';
import { dealerScope, grupoScope, type Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { allOf, countOf, idOf, orderOf, pageWithTotal, searchAny } from '../../db/lists';
import { dealerGrupos, grupoMarcas, grupos, marcas } from '../../db/schema';
import { MAX_UNPAGED_ROWS } from '../../../domain/schemas/lista';

const gruposId = idOf(grupos);

const marcasJson = sql<
  { id: number; nome: string; descricao: string | null; facebookId: string | null; active: boolean }[]
>`coalesce((
  select json_agg(json_build_object('id', m.id, 'nome', m.nome, 'descricao', m.descricao,
    'facebookId', m.facebook_id, 'active', m.active) order by m.nome)
  from ${grupoMarcas} gm join ${marcas} m on m.id = gm.marca_id where gm.grupo_id = ${gruposId}), '[]')`;

/** The group's dealers the caller may see (all of them for provider staff and the server itself). */
const totalDealers = (session: Session | null) =>
  sql<number>`(select count(*)::int from ${dealerGrupos} dg join dealers on dealers.id = dg.dealer_id
    where dg.grupo_id = ${gruposId} and ${(session && dealerScope(session)) ?? sql`true`})`;

const grupoColumns = (session: Session | null) => ({
  id: grupos.id,
  nome: grupos.nome,
  active: grupos.active,
  createdAt: grupos.createdAt,
  version: grupos.version,
  marcas: marcasJson,
  totalDealers: totalDealers(session),
});

export type GrupoRow = Awaited<ReturnType<typeof findGrupo>> & object;

function listWhere(session: Session, filter: Omit<GrupoFilter, 'page' | 'rowsPerPage'>) {
  return allOf(
    grupoScope(session),
    searchAny(filter.busca, [grupos.nome]),
    filter.active == null ? undefined : eq(grupos.active, filter.active),
    filter.marcaIds?.length
      ? sql`exists (select 1 from ${grupoMarcas} gm where gm.grupo_id = ${gruposId} and gm.marca_id in ${filter.marcaIds})`
      : undefined,
  );
}

const sortColumns = (session: Session) => ({
  nome: grupos.nome,
  active: grupos.active,
  createdAt: grupos.createdAt,
  totalDealers: totalDealers(session),
});

/** The paged, scoped group list (search by name, filters active and brands). */
export function listGrupos(db: DbOrTx, session: Session, filter: GrupoFilter) {
  const where = listWhere(session, filter);
  return pageWithTotal(
    filter,
    (limit, offset) =>
      db
        .select(grupoColumns(session))
        .from(grupos)
        .where(where)
        .orderBy(...orderOf(filter.sort, sortColumns(session), 'nome', grupos.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ total: countOf() }).from(grupos).where(where))[0].total,
  );
}

/** Every group of the filtered list, in its order, for the CSV/XLSX export. */
export function exportGrupos(db: DbOrTx, session: Session, filter: Omit<GrupoFilter, 'page' | 'rowsPerPage'>) {
  return db
    .select(grupoColumns(session))
    .from(grupos)
    .where(listWhere(session, filter))
    .orderBy(...orderOf(filter.sort, sortColumns(session), 'nome', grupos.id));
}

/** One group the caller may see (null: any group), or undefined. */
export async function findGrupo(db: DbOrTx, session: Session | null, id: number) {
  const [row] = await db
    .select(grupoColumns(session))
    .from(grupos)
    .where(allOf(eq(grupos.id, id), session ? grupoScope(session) : undefined));
  return row;
}

/** Active groups the caller may see (choices of the dealer form and the user form). */
export function listGruposAtivos(db: DbOrTx, session: Session) {
  return db
    .select(grupoColumns(session))
    .from(grupos)
    .where(allOf(eq(grupos.active, true), grupoScope(session)))
    .orderBy(asc(grupos.nome))
    .limit(MAX_UNPAGED_ROWS);
}

export async function nomeEmUso(db: DbOrTx, nome: string, exceptId?: number | null) {
  const [row] = await db
    .select({ id: grupos.id })
    .from(grupos)
    .where(and(sql`fold(${grupos.nome}) = fold(${nome})`, exceptId ? sql`${gruposId} <> ${exceptId}` : undefined));
  return Boolean(row);
}

export async function insertGrupo(tx: DbOrTx, input: GrupoInput) {
  const [row] = await tx.insert(grupos).values({ nome: input.nome, active: input.active }).returning({ id: grupos.id });
  await tx.insert(grupoMarcas).values(input.marcaIds.map((marcaId) => ({ grupoId: row.id, marcaId })));
  return row.id;
}

export async function updateGrupo(tx: DbOrTx, id: number, input: GrupoInput) {
  await tx.update(grupos).set({ nome: input.nome, active: input.active }).where(eq(grupos.id, id));
  await tx.delete(grupoMarcas).where(eq(grupoMarcas.grupoId, id));
  await tx.insert(grupoMarcas).values(input.marcaIds.map((marcaId) => ({ grupoId: id, marcaId })));
}

export async function existingMarcaIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db.select({ id: marcas.id }).from(marcas).where(inArray(marcas.id, ids));
  return new Set(rows.map((r) => r.id));
}
