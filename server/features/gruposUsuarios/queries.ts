import { eq, sql, type SQL } from 'drizzle-orm';
import type { GrupoUsuariosFilter, GrupoUsuariosInput } from '../../../domain/schemas/grupoUsuarios';
import { MAX_UNPAGED_ROWS } from '../../../domain/schemas/lista';
import { countRecipients, isRecipient, savedGroup } from '../../audience';
import { grupoUsuariosEditScope, grupoUsuariosReadScope, usuarioScope, type Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { allOf, arrayOf, countOf, idOf, orderOf, pageWithTotal, searchAny } from '../../db/lists';
import { foldedName } from '../../db/schema/organizacao';
import { gruposUsuarios } from '../../db/schema';

const gid = idOf(gruposUsuarios);

type Contato = { id: number; nome: string; email: string; tipo: string };

/**
 * The users a link table names for the group that the caller may see (usuarioScope), as
 * `UsuarioContato`s by name. The others stay in the group, unseen (a save keeps them: replaceLinks).
 */
const contatos = (table: string, session: Session) => sql<Contato[]>`coalesce((select json_agg(json_build_object(
  'id', usuarios.id, 'nome', usuarios.nome, 'email', usuarios.email, 'tipo', usuarios.tipo) order by usuarios.nome, usuarios.id)
  from ${sql.raw(table)} l join usuarios on usuarios.id = l.usuario_id
  where l.grupo_usuarios_id = ${gid} and ${usuarioScope(session) ?? sql`true`}), '[]')`;

/** A block's referenced records as JSON objects ordered by name (`fields` on the alias `r`). */
const refs = <T>(table: string, column: string, target: string, fields: string, order = 'r.nome') =>
  sql<T[]>`coalesce((select json_agg(json_build_object(${sql.raw(fields)}) order by ${sql.raw(order)}, r.id)
  from ${sql.raw(table)} l join ${sql.raw(target)} r on r.id = l.${sql.raw(column)} where l.grupo_usuarios_id = ${gid}), '[]')`;

/** How many active recipients the group has, among the users the caller may see. */
export const totalDestinatarios = (db: DbOrTx, session: Session, grupoId: number) =>
  countRecipients(db, [savedGroup(grupoId)], usuarioScope(session));

const columns = (session: Session) => ({
  id: gruposUsuarios.id,
  version: gruposUsuarios.version,
  nome: gruposUsuarios.nome,
  nomeOriginal: gruposUsuarios.nome,
  publico: gruposUsuarios.publico,
  active: gruposUsuarios.active,
  createdAt: gruposUsuarios.createdAt,
  possuiPerfil: gruposUsuarios.possuiPerfil,
  possuiCargos: gruposUsuarios.possuiCargos,
  possuiSetores: gruposUsuarios.possuiSetores,
  possuiGrupos: gruposUsuarios.possuiGrupos,
  possuiUsuariosManuais: gruposUsuarios.possuiUsuariosManuais,
  todosDealers: gruposUsuarios.todosDealers,
  favorito: sql<boolean>`exists (select 1 from grupo_usuarios_favoritos f
    where f.grupo_usuarios_id = ${gid} and f.usuario_id = ${session.usuarioId})`,
  podeEditar: sql<boolean>`${grupoUsuariosEditScope(session) ?? sql`true`}`,
  criador: sql<Contato>`(select json_build_object('id', u.id, 'nome', u.nome, 'email', u.email, 'tipo', u.tipo)
    from usuarios u where u.id = grupos_usuarios.criador_id)`,
  marcas: refs<{ id: number; nome: string }>(
    'grupo_usuarios_marcas',
    'marca_id',
    'marcas',
    `'id', r.id, 'nome', r.nome, 'descricao', r.descricao, 'facebookId', r.facebook_id, 'active', r.active`,
  ),
  tiposUsuarios: sql<string[]>`array(select t.tipo::text from grupo_usuarios_tipos_usuario t
    where t.grupo_usuarios_id = ${gid} order by t.tipo)`,
  tiposAcesso: sql<{ id: number; nome: string; produto: { id: number; nome: string } }[]>`coalesce((
    select json_agg(json_build_object('id', ta.id, 'nome', ta.nome, 'produto', json_build_object('id', p.id, 'nome', p.nome))
      order by p.nome, ta.nome, ta.id)
    from grupo_usuarios_tipos_acesso l join tipos_acesso ta on ta.id = l.tipo_acesso_id join produtos p on p.id = ta.produto_id
    where l.grupo_usuarios_id = ${gid}), '[]')`,
  dealers: refs(
    'grupo_usuarios_dealers',
    'dealer_id',
    'dealers',
    `'id', r.id, 'nomeExibicao', r.nome_exibicao, 'active', r.active`,
    'r.nome_exibicao',
  ),
  cargos: refs('grupo_usuarios_cargos', 'cargo_id', 'cargos', `'id', r.id, 'nome', r.nome`),
  setores: sql<unknown[]>`coalesce((select json_agg(json_build_object('id', r.id, 'nome', r.nome, 'divisaoId', d.id,
      'divisao', json_build_object('id', d.id, 'nome', d.nome)) order by d.nome, r.nome, r.id)
    from grupo_usuarios_setores l join setores r on r.id = l.setor_id join divisoes d on d.id = r.divisao_id
    where l.grupo_usuarios_id = ${gid}), '[]')`,
  grupos: refs('grupo_usuarios_grupos', 'grupo_id', 'grupos', `'id', r.id, 'nome', r.nome`),
  usuariosManuais: contatos('grupo_usuarios_manuais', session),
  usuariosRemovidos: contatos('grupo_usuarios_removidos', session),
  leitores: contatos('grupo_usuarios_leitores', session),
  editores: contatos('grupo_usuarios_editores', session),
});

export type GrupoUsuariosRow = Awaited<ReturnType<typeof findGrupoUsuarios>> & object;

/** One group the caller may read, or undefined. */
export async function findGrupoUsuarios(db: DbOrTx, session: Session, id: number) {
  const [row] = await db
    .select(columns(session))
    .from(gruposUsuarios)
    .where(allOf(eq(gruposUsuarios.id, id), grupoUsuariosReadScope(session)));
  return row;
}

/** The groups (ids as the request gives them, in that order) if the caller may read every one; else undefined. */
export async function findGruposUsuarios(db: DbOrTx, session: Session, ids: readonly number[]) {
  const distinct = [...new Set(ids)];
  const rows = await db
    .select(columns(session))
    .from(gruposUsuarios)
    .where(allOf(sql`${gid} = any(${arrayOf(distinct)})`, grupoUsuariosReadScope(session)));
  if (rows.length !== distinct.length) return undefined;
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)!);
}

/**
 * Whether the caller may read every one of the groups (ids as the request gives them), in one
 * query that reads no block: the recipients' list checks this before asking the engine.
 */
export async function readsAll(db: DbOrTx, session: Session, ids: readonly number[]): Promise<boolean> {
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return true;
  const [{ n }] = await db
    .select({ n: countOf() })
    .from(gruposUsuarios)
    .where(allOf(sql`${gid} = any(${arrayOf(distinct)})`, grupoUsuariosReadScope(session)));
  return n === distinct.length;
}

const favoritoFirst = (session: Session) =>
  sql`exists (select 1 from grupo_usuarios_favoritos f
    where f.grupo_usuarios_id = ${gid} and f.usuario_id = ${session.usuarioId}) desc`;

function listWhere(session: Session, filter: Omit<GrupoUsuariosFilter, 'page' | 'rowsPerPage'>) {
  return allOf(
    grupoUsuariosReadScope(session),
    searchAny(filter.busca, [gruposUsuarios.nome]),
    filter.publico == null ? undefined : eq(gruposUsuarios.publico, filter.publico),
    filter.active == null ? undefined : eq(gruposUsuarios.active, filter.active),
    filter.favorito == null
      ? undefined
      : sql`${filter.favorito ? sql`` : sql`not`} exists (select 1 from grupo_usuarios_favoritos f
          where f.grupo_usuarios_id = ${gid} and f.usuario_id = ${session.usuarioId})`,
  );
}

const sortColumns = {
  nome: gruposUsuarios.nome,
  createdAt: gruposUsuarios.createdAt,
  active: gruposUsuarios.active,
};

/** The paged list of the groups the caller may read: favourites first, then the requested order. */
export function listGruposUsuarios(db: DbOrTx, session: Session, filter: GrupoUsuariosFilter) {
  const where = listWhere(session, filter);
  return pageWithTotal(
    filter,
    (limit, offset) =>
      db
        .select(columns(session))
        .from(gruposUsuarios)
        .where(where)
        .orderBy(favoritoFirst(session), ...orderOf(filter.sort, sortColumns, 'nome', gruposUsuarios.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ total: countOf() }).from(gruposUsuarios).where(where))[0].total,
  );
}

/** Active groups the caller may read, favourites first then by name (the selector's options). */
export function listGruposUsuariosAtivos(db: DbOrTx, session: Session) {
  return db
    .select(columns(session))
    .from(gruposUsuarios)
    .where(allOf(eq(gruposUsuarios.active, true), grupoUsuariosReadScope(session)))
    .orderBy(favoritoFirst(session), gruposUsuarios.nome, gruposUsuarios.id)
    .limit(MAX_UNPAGED_ROWS);
}

/**
 * The group holding this name without case or accents, if any: among every group (a name is unique
 * across all) for the save's check, among the groups `scope` lets the caller read for the API's
 * look-up (grupoUsuariosByNome names no group the caller may not read).
 */
export async function grupoUsuariosByNome(db: DbOrTx, nome: string, exceptId?: number | null, scope?: SQL) {
  const [row] = await db
    .select({ id: gruposUsuarios.id, nome: gruposUsuarios.nome })
    .from(gruposUsuarios)
    .where(
      allOf(
        sql`${foldedName(gruposUsuarios.nome)} = fold(${nome.trim()})`,
        exceptId ? sql`${gruposUsuarios.id} <> ${exceptId}` : undefined,
        scope,
      ),
    );
  return row;
}

/** The block values a group keeps, by link table and column (the write replaces each set). */
export const LINK_VALUES: [
  table: string,
  column: string,
  values: (g: GrupoUsuariosInput) => readonly (number | string)[],
][] = [
  ['grupo_usuarios_marcas', 'marca_id', (g) => g.marcaIds],
  ['grupo_usuarios_tipos_usuario', 'tipo', (g) => g.tiposUsuario],
  ['grupo_usuarios_tipos_acesso', 'tipo_acesso_id', (g) => g.tipoAcessoIds],
  ['grupo_usuarios_dealers', 'dealer_id', (g) => g.dealerIds],
  ['grupo_usuarios_cargos', 'cargo_id', (g) => g.cargoIds],
  ['grupo_usuarios_setores', 'setor_id', (g) => g.setorIds],
  ['grupo_usuarios_grupos', 'grupo_id', (g) => g.grupoIds],
  ['grupo_usuarios_manuais', 'usuario_id', (g) => g.usuarioManualIds],
  ['grupo_usuarios_removidos', 'usuario_id', (g) => g.usuarioRemovidoIds],
  ['grupo_usuarios_leitores', 'usuario_id', (g) => g.leitorIds],
  ['grupo_usuarios_editores', 'usuario_id', (g) => g.editorIds],
];

/**
 * Makes the group's link table hold exactly `values` (one statement: delete the others, insert the
 * new). `mine` limits what is deleted to the links the caller may see: a user list keeps the users
 * outside the caller's scope, which the form never showed them (contatos).
 */
async function replaceLinks(
  tx: DbOrTx,
  id: number,
  table: string,
  column: string,
  values: readonly (number | string)[],
  mine?: SQL,
) {
  const array = arrayOf(values, column === 'tipo' ? 'tipo_usuario' : 'int');
  await tx.execute(sql`with removed as (
      delete from ${sql.raw(table)} where grupo_usuarios_id = ${id} and not (${sql.raw(column)} = any(${array}))
        ${mine ? sql`and ${sql.raw(column)} in (${mine})` : sql``})
    insert into ${sql.raw(table)} (grupo_usuarios_id, ${sql.raw(column)})
    select ${id}, v from unnest(${array}) v on conflict do nothing`);
}

const rowValues = (input: GrupoUsuariosInput) => ({
  nome: input.nome,
  active: input.active,
  possuiPerfil: input.possuiPerfil,
  possuiCargos: input.possuiCargos,
  possuiSetores: input.possuiSetores,
  possuiGrupos: input.possuiGrupos,
  possuiUsuariosManuais: input.possuiUsuariosManuais,
  todosDealers: input.todosDealers,
});

/** Writes the group's row and every block's values; `publico` only on creation (fixed once saved). */
export async function writeGrupoUsuarios(tx: DbOrTx, session: Session, input: GrupoUsuariosInput) {
  let id = input.id;
  if (!id) {
    const [row] = await tx
      .insert(gruposUsuarios)
      .values({ ...rowValues(input), publico: input.publico, criadorId: session.usuarioId })
      .returning({ id: gruposUsuarios.id });
    id = row.id;
  } else {
    await tx.update(gruposUsuarios).set(rowValues(input)).where(eq(gruposUsuarios.id, id));
  }
  const scope = usuarioScope(session);
  const seen = scope && sql`select usuarios.id from usuarios where ${scope}`;
  for (const [table, column, values] of LINK_VALUES) {
    await replaceLinks(tx, id, table, column, values(input), column === 'usuario_id' ? seen : undefined);
  }
  return id;
}

/** Toggles the group among the caller's favourites. */
export async function toggleFavorito(db: DbOrTx, session: Session, id: number) {
  await db.execute(sql`with removed as (
      delete from grupo_usuarios_favoritos where grupo_usuarios_id = ${id} and usuario_id = ${session.usuarioId}
      returning 1)
    insert into grupo_usuarios_favoritos (grupo_usuarios_id, usuario_id)
    select ${id}, ${session.usuarioId} where not exists (select 1 from removed)`);
}

/** The active groups a user is a recipient of (usuarioLogado.gruposUsuarios). */
export function gruposOfRecipient(db: DbOrTx, usuarioId: number) {
  return db
    .select({ id: gruposUsuarios.id, nome: gruposUsuarios.nome })
    .from(gruposUsuarios)
    .where(allOf(eq(gruposUsuarios.active, true), isRecipient(gid, usuarioId)))
    .orderBy(gruposUsuarios.nome, gruposUsuarios.id)
    .limit(MAX_UNPAGED_ROWS);
}
