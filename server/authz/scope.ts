import { eq, is, sql, SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { allOf, arrayOf, idOf } from '../db/lists';
import { dealers, grupos, gruposUsuarios, usuarioMarcas, usuarios } from '../db/schema';
import type { TipoUsuario } from '../../domain/enums';
import type { Reach } from '../../domain/policies';
import type { Session } from './index';

const gruposId = idOf(grupos);

const dealersId = idOf(dealers);

const usuariosId = idOf(usuarios);

// Row scoping of the dealer network (issue #4): which dealers and dealer groups a caller sees and
// may change. Provider staff see everything; a MONTADORA user the dealers and groups of their
// brands; a DEALER_GRUPO user only their own dealers and the groups of those dealers.

/** Condition on `dealers` for the caller, or undefined when the caller sees every dealer. */
export function dealerScope(session: Session): SQL | undefined {
  switch (session.tipo) {
    case 'TECSINAPSE':
      return undefined;
    case 'MONTADORA':
      return sql`exists (select 1 from dealer_marcas dm join usuario_marcas um on um.marca_id = dm.marca_id
        where dm.dealer_id = ${dealersId} and um.usuario_id = ${session.usuarioId})`;
    case 'DEALER_GRUPO':
      return sql`exists (select 1 from usuario_dealers ud
        where ud.dealer_id = ${dealersId} and ud.usuario_id = ${session.usuarioId})`;
  }
}

/**
 * Condition on a brand id (`marcaId`, e.g. `m.id`) for the caller, or undefined when the caller
 * sees every brand: a manufacturer's own brands, a dealer-group user's dealers' brands.
 */
export function marcaScope(session: Session, marcaId: SQL): SQL | undefined {
  switch (session.tipo) {
    case 'TECSINAPSE':
      return undefined;
    case 'MONTADORA':
      return sql`${marcaId} in (select marca_id from usuario_marcas where usuario_id = ${session.usuarioId})`;
    case 'DEALER_GRUPO':
      return sql`${marcaId} in (select dm.marca_id from dealer_marcas dm join usuario_dealers ud on ud.dealer_id = dm.dealer_id
        where ud.usuario_id = ${session.usuarioId})`;
  }
}

/** Condition on `grupos` for the caller, or undefined when the caller sees every group. */
export function grupoScope(session: Session): SQL | undefined {
  switch (session.tipo) {
    case 'TECSINAPSE':
      return undefined;
    case 'MONTADORA':
      return sql`exists (select 1 from grupo_marcas gm join usuario_marcas um on um.marca_id = gm.marca_id
        where gm.grupo_id = ${gruposId} and um.usuario_id = ${session.usuarioId})`;
    case 'DEALER_GRUPO':
      return sql`(exists (select 1 from dealer_grupos dg join usuario_dealers ud on ud.dealer_id = dg.dealer_id
          where dg.grupo_id = ${gruposId} and ud.usuario_id = ${session.usuarioId})
        or exists (select 1 from usuario_grupos ug where ug.grupo_id = ${gruposId} and ug.usuario_id = ${session.usuarioId}))`;
  }
}

// Write scope (issue #10): a record the caller sees may still be shared with others. A manufacturer
// "owns" a dealer or group none of whose brands is another's; a dealer-group user owns their own
// dealers, and a group all of whose dealers are theirs. Cascades reach only owned dealers, and the
// active state of a shared record changes only for whoever owns it (provider staff own everything).

/** Condition on `dealers`: dealers the caller owns (undefined: every dealer). */
export function dealerOwnedScope(session: Session): SQL | undefined {
  if (session.tipo !== 'MONTADORA') return dealerScope(session);
  return sql`(${dealerScope(session)} and not exists (select 1 from dealer_marcas dm
    where dm.dealer_id = ${dealersId} and dm.marca_id not in
      (select um.marca_id from usuario_marcas um where um.usuario_id = ${session.usuarioId})))`;
}

/** Condition on `grupos`: dealer groups the caller owns (undefined: every group). */
export function grupoOwnedScope(session: Session): SQL | undefined {
  switch (session.tipo) {
    case 'TECSINAPSE':
      return undefined;
    case 'MONTADORA':
      return sql`(${grupoScope(session)} and not exists (select 1 from grupo_marcas gm
        where gm.grupo_id = ${gruposId} and gm.marca_id not in
          (select um.marca_id from usuario_marcas um where um.usuario_id = ${session.usuarioId})))`;
    case 'DEALER_GRUPO':
      return sql`(${grupoScope(session)} and not exists (select 1 from dealer_grupos dg
        where dg.grupo_id = ${gruposId} and dg.dealer_id not in
          (select ud.dealer_id from usuario_dealers ud where ud.usuario_id = ${session.usuarioId})))`;
  }
}

/**
 * Condition on `usuarios`: the users the caller may see. Provider staff see everyone; everyone sees
 * themselves; a manufacturer sees manufacturer and dealer-group users sharing one of their brands or
 * working at a dealer of one of them (active or not); a dealer-group user sees dealer-group users of
 * their own dealers.
 *
 * One row condition serves one-row checks (usuarioReach) and lists of thousands (the users search)
 * alike. A manufacturer's reads the user's row only: `marcas_efetivas`, the user's brands and those
 * of their dealers, kept by the database (migration 0014), overlaps the caller's brands (read once
 * per query). A dealer-group user's EXISTS the planner turns into the set of users at the caller's
 * dealers (a few dozen), read once per query and probed per row (a hashed subplan).
 */
export function usuarioScope(session: Session): SQL | undefined {
  const regra = regraDeUsuarios(sql`${session.usuarioId}`, alvoUsuario(sql`usuarios`))[session.tipo];
  return regra && sql`(${usuariosId} = ${session.usuarioId} or ${regra})`;
}

/**
 * Who a user sees, written once for every shape of target (a `usuarios` row, an audience cell) and
 * of viewer (the caller's id, or a row of the query): by the viewer's type, the condition on the
 * target (undefined: everything). `verId` is the viewer's user id.
 */
function regraDeUsuarios(verId: SQL, alvo: Alvo): Record<TipoUsuario, SQL | undefined> {
  return {
    TECSINAPSE: undefined,
    MONTADORA: sql`(${alvo.tipo} in ('MONTADORA', 'DEALER_GRUPO') and ${alvo.marcas}
      && array(select mine.marca_id from usuario_marcas mine where mine.usuario_id = ${verId}))`,
    DEALER_GRUPO: sql`(${alvo.tipo} = 'DEALER_GRUPO' and ${alvo.comDealerDe(verId)})`,
  };
}

/**
 * Condition: the user named by `autorId` (a column, e.g. `v.autor_id`) is one the caller sees
 * (usuarioScope: a manufacturer's colleagues of its brands, a dealer group's of its dealers);
 * undefined: all (provider staff). The records kept by whoever wrote them (slides, adverts, generic
 * notifications, announcement series) are the caller's to keep when their author is.
 */
export function autorScope(session: Session, autorId: SQL): SQL | undefined {
  const users = usuarioScope(session);
  return users && sql`exists (select 1 from usuarios where usuarios.id = ${autorId} and ${users})`;
}

/** What the rule reads of a target: its type, its effective brands, whether it works at a dealer of the viewer's. */
interface Alvo {
  tipo: SQL;
  marcas: SQL;
  comDealerDe(verId: SQL): SQL;
}

/** A `usuarios` row of alias `t` as a target. */
const alvoUsuario = (t: SQL): Alvo => ({
  tipo: sql`${t}.tipo`,
  marcas: sql`${t}.marcas_efetivas`,
  comDealerDe: (verId) => sql`exists (select 1 from usuario_dealers theirs
    join usuario_dealers mine on mine.dealer_id = theirs.dealer_id
    where theirs.usuario_id = ${t}.id and mine.usuario_id = ${verId})`,
});

async function reachOf(
  db: DbOrTx,
  table: typeof dealers | typeof grupos | typeof usuarios | typeof gruposUsuarios,
  id: number,
  scope: SQL | undefined,
  owned: SQL | undefined,
): Promise<Reach> {
  const [row] = await db
    .select({ visible: sql<boolean>`${scope ?? sql`true`}`, owned: sql<boolean>`${owned ?? sql`true`}` })
    .from(table)
    .where(eq(table.id, id));
  if (!row) return 'missing';
  return !row.visible ? 'outside' : row.owned ? 'owned' : 'shared';
}

export const dealerReach = (db: DbOrTx, session: Session, id: number) =>
  reachOf(db, dealers, id, dealerScope(session), dealerOwnedScope(session));

export const grupoReach = (db: DbOrTx, session: Session, id: number) =>
  reachOf(db, grupos, id, grupoScope(session), grupoOwnedScope(session));

/** Whether the caller may see this user (themselves included). */
export async function usuarioInScope(db: DbOrTx, session: Session, id: number): Promise<boolean> {
  const scope = usuarioScope(session);
  return (await reachOf(db, usuarios, id, scope, undefined)) === 'owned';
}

/**
 * The brands the caller may assign to a dealer or group: null for provider staff (any brand),
 * otherwise the caller's own brands.
 */
export async function assignableMarcaIds(db: DbOrTx, session: Session): Promise<Set<number> | null> {
  if (session.tipo === 'TECSINAPSE') return null;
  const rows = await db
    .select({ id: usuarioMarcas.marcaId })
    .from(usuarioMarcas)
    .where(eq(usuarioMarcas.usuarioId, session.usuarioId));
  return new Set(rows.map((r) => r.id));
}

/** Whether the caller may see this dealer (provider staff: any id, as they see every dealer). */
export async function dealerInScope(db: DbOrTx, session: Session, id: number): Promise<boolean> {
  const scope = dealerScope(session);
  if (!scope) return true;
  const [row] = await db
    .select({ id: dealers.id })
    .from(dealers)
    .where(allOf(eq(dealers.id, id), scope));
  return Boolean(row);
}

/** Whether the caller may see this dealer group (provider staff: any id). */
export async function grupoInScope(db: DbOrTx, session: Session, id: number): Promise<boolean> {
  const scope = grupoScope(session);
  if (!scope) return true;
  const [row] = await db
    .select({ id: grupos.id })
    .from(grupos)
    .where(allOf(eq(grupos.id, id), scope));
  return Boolean(row);
}

/**
 * Whether the caller may turn a record's brands `before` into `after`: provider staff any change;
 * others may add and remove only their own brands, and leave the others' brands as they are (a
 * manufacturer edits a shared group or dealer without touching another manufacturer's brand).
 */
export async function mayChangeMarcas(db: DbOrTx, session: Session, before: number[], after: number[]) {
  return changesWithin(before, after, await assignableMarcaIds(db, session));
}

/** Whether every id added to or removed from `before` is in `allowed` (null: anything goes). */
export function changesWithin(before: readonly number[], after: readonly number[], allowed: Set<number> | null) {
  if (!allowed) return true;
  const was = new Set(before);
  const will = new Set(after);
  const changed = [...after.filter((id) => !was.has(id)), ...before.filter((id) => !will.has(id))];
  return changed.every((id) => allowed.has(id));
}

/**
 * Condition on `usuarios`: the users the caller owns, whose active state they may change (the
 * network's rule of issue #10 for users). A manufacturer owns a user none of whose brands, their
 * own or their dealers' (`marcas_efetivas`), is another's; a dealer-group user owns a user who works
 * only at the caller's dealers; provider staff own everyone (undefined). Within usuarioScope.
 */
export function usuarioOwnedScope(session: Session): SQL | undefined {
  switch (session.tipo) {
    case 'TECSINAPSE':
      return undefined;
    case 'MONTADORA':
      return sql`(${usuarioScope(session)} and usuarios.marcas_efetivas
        <@ array(select mine.marca_id from usuario_marcas mine where mine.usuario_id = ${session.usuarioId}))`;
    case 'DEALER_GRUPO':
      return sql`(${usuarioScope(session)} and not exists (select 1 from usuario_dealers theirs
        where theirs.usuario_id = ${usuariosId} and theirs.dealer_id not in
          (select mine.dealer_id from usuario_dealers mine where mine.usuario_id = ${session.usuarioId})))`;
  }
}

/** How far the caller reaches a user: missing, outside their scope, shared with others, or theirs. */
export const usuarioReach = (db: DbOrTx, session: Session, id: number) =>
  reachOf(db, usuarios, id, usuarioScope(session), usuarioOwnedScope(session));

// User groups (issue #14): provider staff read and change every group. Others read the groups they
// created, those whose access lists name them, and the public groups of creators they see (provider
// staff's public groups are everyone's); they change those they created or whose edit list names them.

const gruposUsuariosId = idOf(gruposUsuarios);

const namedIn = (table: string, session: Session) =>
  sql`exists (select 1 from ${sql.raw(table)} l where l.grupo_usuarios_id = ${gruposUsuariosId} and l.usuario_id = ${session.usuarioId})`;

/** Condition on `grupos_usuarios`: groups the caller may change (undefined: every group). */
export function grupoUsuariosEditScope(session: Session): SQL | undefined {
  if (session.tipo === 'TECSINAPSE') return undefined;
  return sql`(grupos_usuarios.criador_id = ${session.usuarioId} or ${namedIn('grupo_usuarios_editores', session)})`;
}

/** Condition on `grupos_usuarios`: groups the caller may read and use (undefined: every group). */
export function grupoUsuariosReadScope(session: Session): SQL | undefined {
  if (session.tipo === 'TECSINAPSE') return undefined;
  return sql`(${grupoUsuariosEditScope(session)} or ${namedIn('grupo_usuarios_leitores', session)}
    or (grupos_usuarios.publico and exists (select 1 from usuarios where usuarios.id = grupos_usuarios.criador_id
      and (usuarios.tipo = 'TECSINAPSE' or ${usuarioScope(session)}))))`;
}

/** How far the caller reaches a user group: missing, unreadable (outside), read only (shared), or editable (owned). */
export const grupoUsuariosReach = (db: DbOrTx, session: Session, id: number) =>
  reachOf(db, gruposUsuarios, id, grupoUsuariosReadScope(session), grupoUsuariosEditScope(session));

/**
 * Whether the user of row `viewer` may see the user of row `target` (both `usuarios` aliases of the
 * enclosing query): usuarioScope's rule for a viewer known only in SQL (a row's author, each
 * candidate approver), for conditions over many viewers at once: the same rule (regraDeUsuarios).
 */
export function usuarioAlcanca(viewer: string, target: string): SQL {
  const v = sql.raw(viewer);
  const t = sql.raw(target);
  const regra = regraDeUsuarios(sql`${v}.id`, alvoUsuario(t));
  return sql`(${t}.id = ${v}.id or ${v}.tipo = 'TECSINAPSE'
    or (${v}.tipo = 'MONTADORA' and ${regra.MONTADORA}) or (${v}.tipo = 'DEALER_GRUPO' and ${regra.DEALER_GRUPO}))`;
}

/**
 * Condition on `audiencia_celulas cel` (an audience cell: users sharing a type, effective brands
 * and dealers): the cells whose users the caller may see. usuarioScope's rule on a cell's columns,
 * but for "themselves", which no cell names (a caller with brands or dealers is in a cell of their
 * own sight anyway). The same rule (regraDeUsuarios).
 */
export function celulaScope(session: Session): SQL | undefined {
  return regraDeUsuarios(sql`${session.usuarioId}`, {
    tipo: sql`cel.tipo`,
    marcas: sql`cel.marcas`,
    comDealerDe: (verId) =>
      sql`cel.dealers && array(select mine.dealer_id from usuario_dealers mine where mine.usuario_id = ${verId})`,
  })[session.tipo];
}

/**
 * How many of the user groups `ids` (a list, or a subquery of ids) the caller may not use (unknown, inactive, or not readable by
 * them): none (0) is fine. The screens that address users through groups refuse the others.
 */
export async function unusableGroups(db: DbOrTx, session: Session, ids: readonly number[] | SQL): Promise<number> {
  if (!is(ids, SQL) && ids.length === 0) return 0;
  const readable = grupoUsuariosReadScope(session);
  const source = is(ids, SQL) ? sql`(${ids}) v(v)` : sql`unnest(${arrayOf(ids)}) v`;
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${source}
    where v not in (select grupos_usuarios.id from grupos_usuarios where ${allOf(sql`grupos_usuarios.active`, readable) ?? sql`true`})`);
  return Number(rows[0]!.n);
}
