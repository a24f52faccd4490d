import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { allOf, idOf } from '../db/lists';
import { dealers, grupos, usuarioMarcas } from '../db/schema';
import type { Session } from './index';

const gruposId = idOf(grupos);

const dealersId = idOf(dealers);

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

/** Only provider staff and manufacturers create dealers and groups; a dealer user edits their own. */
export const mayCreateInNetwork = (session: Session) => session.tipo !== 'DEALER_GRUPO';

/**
 * The brands the caller may assign to a dealer or group: null for provider staff (any brand),
 * otherwise the caller's own brands.
 */
async function assignableMarcaIds(db: DbOrTx, session: Session): Promise<Set<number> | null> {
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
  const own = await assignableMarcaIds(db, session);
  if (!own) return true;
  const was = new Set(before);
  const will = new Set(after);
  const changed = [...after.filter((id) => !was.has(id)), ...before.filter((id) => !will.has(id))];
  return changed.every((id) => own.has(id));
}
