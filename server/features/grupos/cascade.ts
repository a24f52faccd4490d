import { sql, type SQL } from 'drizzle-orm';
import { dealerOwnedScope, usuarioScope, type Session } from '../../authz';
import type { DbOrTx } from '../../db/client';

// The cascades of a group change (spec section 4): removing a brand from a group unlinks from it
// the dealers that share no remaining brand with it, and those tied only to removed brands become
// inactive; inactivating a group inactivates its dealers. The users of inactivated dealers who are
// left without any active dealer become inactive too. Reactivating a group reactivates the group
// only: which dealers were active before is not known, so they are reactivated one by one.
// A cascade reaches only what the caller owns (server/authz/scope.ts): a dealer that also serves a
// brand of another manufacturer (or, for a dealer-group user, a dealer not theirs) is never
// inactivated by it; where the rule would inactivate it, it is unlinked from the group instead and
// keeps its state. Users outside the caller's scope are never inactivated.
//
// The plan is one SQL statement over the group's members, however many: the dry run counts it,
// and the cascade carries it out with data-modifying CTEs that all read the same snapshot (the
// state before the change) and audit it in the same statement: one entry per kind of change,
// naming every record it reached (see applyCascade).

export interface GrupoChange {
  marcaIds: number[];
  active: boolean;
}

export interface CascadeCounts {
  dealersDesvinculados: number;
  dealersInativados: number;
  usuariosInativados: number;
}

/** `plan(id, desvincular, inativar)` over the group's dealers. */
function planCtes(session: Session, grupoId: number, change: GrupoChange): SQL {
  const owned = dealerOwnedScope(session) ?? sql`true`;
  const kept = sql`${sql.param(change.marcaIds)}::int[]`;
  const brandOf = (condition: SQL) =>
    sql`exists (select 1 from dealer_marcas dm where dm.dealer_id = dealers.id and ${condition})`;
  const removed = sql`dm.marca_id in (select gm.marca_id from grupo_marcas gm
    where gm.grupo_id = ${grupoId} and gm.marca_id <> all(${kept}))`;
  return sql`members as (
      select dealers.id, dealers.active, ${owned} as owned,
        ${brandOf(removed)} and not ${brandOf(sql`dm.marca_id = any(${kept})`)} as sem_marca,
        not ${brandOf(sql`not (${removed})`)} as so_removidas
      from dealer_grupos dg join dealers on dealers.id = dg.dealer_id
      where dg.grupo_id = ${grupoId}
    ),
    decided as (
      select id, owned, sem_marca,
        active and ((sem_marca and so_removidas)
          or (select g.active from grupos g where g.id = ${grupoId}) and not ${change.active}) as inativaria
      from members
    ),
    plan as (
      select id, sem_marca or (inativaria and not owned) as desvincular, inativaria and owned as inativar
      from decided
    )`;
}

/**
 * Condition on `usuarios`, after planCtes: the users to inactivate. A condition rather than a CTE
 * of ids, so that the update reads `usuarios` once (semi- and anti-joins, no set of 100,000 ids
 * to build and join back).
 */
function usersLeft(session: Session): SQL {
  return sql`usuarios.active and ${usuarioScope(session) ?? sql`true`}
    and exists (select 1 from usuario_dealers ud join plan on plan.id = ud.dealer_id
      where ud.usuario_id = usuarios.id and plan.inativar)
    and not exists (select 1 from usuario_dealers other join dealers d on d.id = other.dealer_id
      where other.usuario_id = usuarios.id and d.active
        and d.id not in (select id from plan where inativar))`;
}

/** What saving `change` on group `grupoId` would do to its dealers and their users. */
export async function cascadeCounts(
  db: DbOrTx,
  session: Session,
  grupoId: number,
  change: GrupoChange,
): Promise<CascadeCounts> {
  const [counts] = await rows<CascadeCounts>(
    db,
    sql`with ${planCtes(session, grupoId, change)}
      select (select count(*) from plan where desvincular)::int as "dealersDesvinculados",
        (select count(*) from plan where inativar)::int as "dealersInativados",
        (select count(*) from usuarios where ${usersLeft(session)})::int as "usuariosInativados"`,
  );
  return counts;
}

/**
 * Carries out the cascade inside the caller's transaction, before the group itself changes (the
 * plan reads its current brands and state), and audits it.
 *
 * The audit records each change once for all the records it reached: one entry per kind of change
 * (dealers unlinked, dealers inactivated, users inactivated) naming their ids in `registros`, which
 * the history of each of those dealers and users shows (server/features/auditoria/queries.ts).
 * An entry per record was 100,000 rows for a group of 5,000 dealers with 20 users each, 0.6-1.2 s
 * of the cascade on PostgreSQL after every other fix, against a goal of 1 s for the whole of it.
 */
export async function applyCascade(
  tx: DbOrTx,
  session: Session,
  grupoId: number,
  change: GrupoChange,
): Promise<CascadeCounts> {
  const autorId = session.usuarioId;
  // The audit values are constants of the statement, parsed once rather than built per row.
  const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
  const inactivated = json({ active: false, grupoId });
  // The planner's estimate for a large group crosses jit_above_cost, and compiling the statement's
  // expressions (about 0.1 s) costs more than it saves on a set-based write.
  await tx.execute(sql`set local jit = off`);
  const [counts] = await rows<CascadeCounts>(
    tx,
    sql`with ${planCtes(session, grupoId, change)},
      unlinked as (
        delete from dealer_grupos dg using plan
        where dg.grupo_id = ${grupoId} and dg.dealer_id = plan.id and plan.desvincular
        returning dg.dealer_id as id
      ),
      dealers_off as (
        update dealers set active = false, version = dealers.version + 1 from plan
        where dealers.id = plan.id and plan.inativar
        returning dealers.id
      ),
      users_off as (
        update usuarios set active = false where ${usersLeft(session)} returning usuarios.id
      ),
      audited as (
        insert into auditoria (tipo, registros, alteracao, valor_anterior, valor_novo, autor_id)
        select 'DEALER', array_agg(id order by id), 'DESVINCULO_GRUPO', ${json({ grupoId })}, ${json({ grupoId: null })}, ${autorId}::int
        from unlinked having count(*) > 0
        union all
        select 'DEALER', array_agg(id order by id), 'INATIVACAO_CASCATA', ${json({ active: true })}, ${inactivated}, ${autorId}::int
        from dealers_off having count(*) > 0
        union all
        select 'USUARIO', array_agg(id order by id), 'INATIVACAO_CASCATA', ${json({ active: true })}, ${inactivated}, ${autorId}::int
        from users_off having count(*) > 0
      )
      select (select count(*) from unlinked)::int as "dealersDesvinculados",
        (select count(*) from dealers_off)::int as "dealersInativados",
        (select count(*) from users_off)::int as "usuariosInativados"`,
  );
  return counts;
}

/** The rows of a raw statement, whichever driver (node-postgres or PGlite) runs it. */
async function rows<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
