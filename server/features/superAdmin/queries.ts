import { and, between, desc, eq, inArray, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  dealerGrupos,
  dealerMarcas,
  dealers,
  grupoMarcas,
  grupos,
  jobs,
  produtos,
  usuarioDealers,
  usuarios,
} from '../../db/schema';

// Data access of the super-admin page. The synchronisations are set-based: queries find every
// record to change, then each chunk of ids is changed by one UPDATE or DELETE that checks the rule
// again (records changed meanwhile by someone else are left alone). The finding runs one range of
// dealer ids per statement (issue #25): on the embedded database a statement holds the one
// connection, so a job's statements must be short for requests to get it between them.

/** Dealer ids per finding statement (5,000 dealers at national scale: 10 statements of about 1 ms). */
export const DEALER_RANGE = 500;

/** Runs `find` over the dealer ids in ranges of DEALER_RANGE; the ids found, once each, in order. */
async function byDealerRange(db: DbOrTx, find: (from: number, to: number) => Promise<{ id: number }[]>) {
  const [{ min, max }] = await db
    .select({ min: sql<number | null>`min(${dealers.id})`, max: sql<number | null>`max(${dealers.id})` })
    .from(dealers);
  const found = new Set<number>();
  if (min === null || max === null) return [];
  for (let from = Number(min); from <= Number(max); from += DEALER_RANGE) {
    for (const { id } of await find(from, from + DEALER_RANGE - 1)) found.add(id);
  }
  return [...found].sort((a, b) => a - b);
}

/** An active dealer with no brand, or with groups none of which is active. */
const dealerSemMarcaOuSemGrupoAtivo = sql`${dealers.active} and (
  not exists (select 1 from ${dealerMarcas} where ${dealerMarcas.dealerId} = ${dealers.id})
  or (
    exists (select 1 from ${dealerGrupos} where ${dealerGrupos.dealerId} = ${dealers.id})
    and not exists (
      select 1 from ${dealerGrupos} join ${grupos} on ${grupos.id} = ${dealerGrupos.grupoId}
      where ${dealerGrupos.dealerId} = ${dealers.id} and ${grupos.active}
    )
  )
)`;

export function dealersParaInativar(db: DbOrTx): Promise<number[]> {
  return byDealerRange(db, (from, to) =>
    db
      .select({ id: dealers.id })
      .from(dealers)
      .where(and(between(dealers.id, from, to), dealerSemMarcaOuSemGrupoAtivo)),
  );
}

export function inativarDealers(tx: DbOrTx, ids: number[]) {
  return tx
    .update(dealers)
    .set({ active: false })
    .where(and(inArray(dealers.id, ids), dealerSemMarcaOuSemGrupoAtivo))
    .returning({ id: dealers.id, nomeExibicao: dealers.nomeExibicao });
}

/** A dealer–group link whose dealer and group share no brand. */
const vinculoSemMarcaComum = sql`not exists (
  select 1 from ${dealerMarcas} join ${grupoMarcas} on ${grupoMarcas.marcaId} = ${dealerMarcas.marcaId}
  where ${dealerMarcas.dealerId} = ${dealerGrupos.dealerId} and ${grupoMarcas.grupoId} = ${dealerGrupos.grupoId}
)`;

/** Dealers having at least one group with which they share no brand. */
export function dealersComVinculoSemMarca(db: DbOrTx): Promise<number[]> {
  return byDealerRange(db, (from, to) =>
    db
      .selectDistinct({ id: dealerGrupos.dealerId })
      .from(dealerGrupos)
      .where(and(between(dealerGrupos.dealerId, from, to), vinculoSemMarcaComum)),
  );
}

/** Removes the links of these dealers to groups with which they share no brand; returns them with the group's name. */
export async function removerVinculosSemMarca(tx: DbOrTx, dealerIds: number[]) {
  const removed = await tx
    .delete(dealerGrupos)
    .where(and(inArray(dealerGrupos.dealerId, dealerIds), vinculoSemMarcaComum))
    .returning();
  if (removed.length === 0) return [];
  const nomes = new Map(
    (
      await tx
        .select({ id: grupos.id, nome: grupos.nome })
        .from(grupos)
        .where(
          inArray(
            grupos.id,
            removed.map((r) => r.grupoId),
          ),
        )
    ).map((g) => [g.id, g.nome]),
  );
  return removed.map((r) => ({ ...r, grupoNome: nomes.get(r.grupoId) ?? null }));
}

/** An active dealer-group user who has dealers, none of them active. */
const usuarioSemDealerAtivo = sql`${usuarios.active} and ${usuarios.tipo} = 'DEALER_GRUPO'
  and exists (select 1 from ${usuarioDealers} where ${usuarioDealers.usuarioId} = ${usuarios.id})
  and not exists (
    select 1 from ${usuarioDealers} join ${dealers} on ${dealers.id} = ${usuarioDealers.dealerId}
    where ${usuarioDealers.usuarioId} = ${usuarios.id} and ${dealers.active}
  )`;

/**
 * Such a user works only at inactive dealers, so they are found from the inactive dealers of each
 * range (usually few) instead of testing each of the 100,000 users.
 */
export function usuariosParaInativar(db: DbOrTx): Promise<number[]> {
  return byDealerRange(db, (from, to) =>
    db
      .selectDistinct({ id: usuarios.id })
      .from(usuarioDealers)
      .innerJoin(dealers, eq(dealers.id, usuarioDealers.dealerId))
      .innerJoin(usuarios, eq(usuarios.id, usuarioDealers.usuarioId))
      // The rule's subqueries name usuario_dealers and dealers again: theirs, not these.
      .where(and(between(dealers.id, from, to), not(dealers.active), usuarioSemDealerAtivo)),
  );
}

export function inativarUsuarios(tx: DbOrTx, ids: number[]) {
  return tx
    .update(usuarios)
    .set({ active: false })
    .where(and(inArray(usuarios.id, ids), usuarioSemDealerAtivo))
    .returning({ id: usuarios.id, email: usuarios.email });
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
