import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dealers, jobs, produtos } from '../../db/schema';

// Data access of the super-admin page. The synchronisations change records by condition in SQL:
// each is one UPDATE (or DELETE) per range of dealer ids whose WHERE is the rule itself, bumping the
// `version` of every record it changes (a form read before the run then gets CONFLICT instead of
// silently undoing it) and auditing each change in the same statement (data-modifying CTEs). A
// record changed meanwhile by someone else no longer matches the rule and is left alone. One range
// per statement (issue #25): on the embedded database a statement holds the one connection, so a
// job's statements must be short for requests to get it between them.

/**
 * Dealer ids per statement: at national scale (5,000 dealers, 100,000 users) 50 statements, the
 * longest (a range's users) about 20 ms on the embedded database; ranges of 500 held it 99 ms.
 */
export const DEALER_RANGE = 100;

export interface Range {
  from: number;
  to: number;
}

/** The ranges of DEALER_RANGE dealer ids covering every dealer, in order. */
export async function dealerRanges(db: DbOrTx): Promise<Range[]> {
  const [{ min, max }] = await db
    .select({ min: sql<number | null>`min(${dealers.id})`, max: sql<number | null>`max(${dealers.id})` })
    .from(dealers);
  if (min === null || max === null) return [];
  const ranges: Range[] = [];
  for (let from = Number(min); from <= Number(max); from += DEALER_RANGE) {
    ranges.push({ from, to: from + DEALER_RANGE - 1 });
  }
  return ranges;
}

/** An active dealer (`d`) with no brand, or with groups none of which is active. */
const dealerSemMarcaOuSemGrupoAtivo = sql`d.active and (
  not exists (select 1 from dealer_marcas dm where dm.dealer_id = d.id)
  or (
    exists (select 1 from dealer_grupos dg where dg.dealer_id = d.id)
    and not exists (
      select 1 from dealer_grupos dg join grupos g on g.id = dg.grupo_id where dg.dealer_id = d.id and g.active
    )
  )
)`;

/** A dealer–group link (`dg`) whose dealer and group share no brand. */
const vinculoSemMarcaComum = sql`not exists (
  select 1 from dealer_marcas dm join grupo_marcas gm on gm.marca_id = dm.marca_id
  where dm.dealer_id = dg.dealer_id and gm.grupo_id = dg.grupo_id
)`;

/**
 * An active dealer-group user (`u`) with dealers, none of them active, found from the inactive
 * dealers of the range (usually few) instead of testing each of the 100,000 users.
 */
const usuarioSemDealerAtivo = ({ from, to }: Range) => sql`u.active and u.tipo = 'DEALER_GRUPO'
  and u.id in (
    select ud.usuario_id from usuario_dealers ud join dealers d on d.id = ud.dealer_id
    where d.id between ${from} and ${to} and not d.active
  )
  and not exists (
    select 1 from usuario_dealers ud join dealers d on d.id = ud.dealer_id where ud.usuario_id = u.id and d.active
  )`;

/** How many records each synchronisation would change in a range (the job's total, before it runs). */
export const contar = {
  dealers: ({ from, to }: Range) =>
    sql`select count(*)::int as n from dealers d where d.id between ${from} and ${to} and ${dealerSemMarcaOuSemGrupoAtivo}`,
  vinculos: ({ from, to }: Range) =>
    sql`select count(*)::int as n from dealer_grupos dg where dg.dealer_id between ${from} and ${to} and ${vinculoSemMarcaComum}`,
  usuarios: (range: Range) => sql`select count(*)::int as n from usuarios u where ${usuarioSemDealerAtivo(range)}`,
};

export async function count(db: DbOrTx, statement: SQL) {
  const [{ n }] = await rows<{ n: number }>(db, statement);
  return n;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const ATIVO = json({ active: true });
const INATIVO = json({ active: false });
const SINCRONIZACAO = 'SINCRONIZACAO';

/** Inactivates the range's dealers that break the rule, audited per dealer; how many. */
export function inativarDealers(tx: DbOrTx, autorId: number | null, { from, to }: Range) {
  return count(
    tx,
    sql`with changed as (
        update dealers d set active = false, version = d.version + 1
        where d.id between ${from} and ${to} and ${dealerSemMarcaOuSemGrupoAtivo}
        returning d.id
      ),
      audited as (
        insert into auditoria (tipo, registro_id, alteracao, valor_anterior, valor_novo, autor_id)
        select 'DEALER', id::text, ${SINCRONIZACAO}, ${ATIVO}, ${INATIVO}, ${autorId}::int from changed
      )
      select count(*)::int as n from changed`,
  );
}

/**
 * Unlinks the range's dealers from the groups they share no brand with; bumps each such dealer's
 * version (its groups are part of the dealer's form) and audits each link; how many links.
 */
export function removerVinculosSemMarca(tx: DbOrTx, autorId: number | null, { from, to }: Range) {
  return count(
    tx,
    sql`with removed as (
        delete from dealer_grupos dg
        where dg.dealer_id between ${from} and ${to} and ${vinculoSemMarcaComum}
        returning dg.dealer_id, dg.grupo_id
      ),
      bumped as (
        update dealers d set version = d.version + 1 where d.id in (select dealer_id from removed)
      ),
      audited as (
        insert into auditoria (tipo, registro_id, alteracao, valor_anterior, valor_novo, autor_id)
        select 'DEALER', r.dealer_id::text, ${SINCRONIZACAO},
          jsonb_build_object('grupo', jsonb_build_object('id', r.grupo_id, 'nome', g.nome)),
          ${json({ grupo: null })}, ${autorId}::int
        from removed r join grupos g on g.id = r.grupo_id
      )
      select count(*)::int as n from removed`,
  );
}

/** Inactivates the users left without an active dealer by the range's inactive dealers, audited per user; how many. */
export function inativarUsuarios(tx: DbOrTx, autorId: number | null, range: Range) {
  return count(
    tx,
    sql`with changed as (
        update usuarios u set active = false, version = u.version + 1
        where ${usuarioSemDealerAtivo(range)}
        returning u.id
      ),
      audited as (
        insert into auditoria (tipo, registro_id, alteracao, valor_anterior, valor_novo, autor_id)
        select 'USUARIO', id::text, ${SINCRONIZACAO}, ${ATIVO}, ${INATIVO}, ${autorId}::int from changed
      )
      select count(*)::int as n from changed`,
  );
}

/** The rows of a raw statement, whichever driver (node-postgres or PGlite) runs it. */
async function rows<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

export async function findProduto(db: DbOrTx, id: number) {
  const [produto] = await db.select().from(produtos).where(eq(produtos.id, id));
  return produto;
}

export async function setBaseUriHomolog(tx: DbOrTx, id: number, baseUriHomolog: string) {
  const [produto] = await tx.update(produtos).set({ baseUriHomolog }).where(eq(produtos.id, id)).returning();
  return produto;
}

/** The newest job of each of these queues (one index lookup per queue). */
export async function ultimosJobs(db: DbOrTx, filas: readonly string[]) {
  const latest = await Promise.all(
    filas.map((fila) => db.select().from(jobs).where(eq(jobs.fila, fila)).orderBy(desc(jobs.id)).limit(1)),
  );
  return latest.flat();
}

export async function findJob(db: DbOrTx, id: number) {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  return job;
}
