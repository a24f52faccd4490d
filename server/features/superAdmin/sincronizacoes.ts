import type { SQL } from 'drizzle-orm';
import type { SuperAdminFila } from '../../../domain/schemas/superAdmin';
import type { Db, Tx } from '../../db/client';
import type { JobContext, JobDefinition } from '../../jobs';
import * as q from './queries';

/**
 * The reconciliations behind the Synchronisation and Migration tabs (the spec does not say what
 * they do; docs/jobs.md documents this choice):
 * - dealers: an active dealer with no brand, or whose groups are all inactive, becomes inactive;
 * - groups: a dealer is unlinked from every group with which it shares no brand;
 * - users: an active DEALER_GRUPO user with dealers, none of them active, becomes inactive.
 * Each range of dealers changes by condition in one statement and one transaction with its audit
 * entries (server/features/superAdmin/queries.ts), bumping the version of what it changes.
 */

type Progress = (processados: number, total: number) => Promise<void>;
type Change = (tx: Tx, autorId: number | null, range: q.Range) => Promise<number>;

/**
 * Counts what the rule would change (the job's total), then applies `change` range by range, each
 * in its own transaction; returns the records changed.
 */
async function byRange(
  db: Db,
  autorId: number | null,
  progress: Progress,
  countIn: (range: q.Range) => SQL,
  change: Change,
) {
  const ranges = await q.dealerRanges(db);
  let total = 0;
  for (const range of ranges) total += await q.count(db, countIn(range));
  await progress(0, total);
  let changed = 0;
  for (const range of ranges) {
    const n = await db.transaction((tx) => change(tx, autorId, range));
    changed += n;
    // Outside the transaction, so other sessions see the progress at once.
    if (n > 0) await progress(changed, Math.max(total, changed));
  }
  // Records changed by someone else meanwhile no longer count: the total is what was done.
  if (changed !== total) await progress(changed, changed);
  return changed;
}

export async function sincronizarDealers(db: Db, autorId: number | null, progress: Progress) {
  return { dealersInativados: await byRange(db, autorId, progress, q.contar.dealers, q.inativarDealers) };
}

export async function sincronizarGrupos(db: Db, autorId: number | null, progress: Progress) {
  return { vinculosRemovidos: await byRange(db, autorId, progress, q.contar.vinculos, q.removerVinculosSemMarca) };
}

export async function sincronizarUsuarios(db: Db, autorId: number | null, progress: Progress) {
  return { usuariosInativados: await byRange(db, autorId, progress, q.contar.usuarios, q.inativarUsuarios) };
}

/**
 * The migration: the three synchronisations in the order their rules depend on each other
 * (inactive dealers first, so users left without an active dealer are caught). Progress counts steps.
 */
export async function migrar(db: Db, autorId: number | null, progress: (done: number, total: number) => Promise<void>) {
  const ignore = async () => undefined;
  await progress(0, 3);
  const dealersResult = await sincronizarDealers(db, autorId, ignore);
  await progress(1, 3);
  const gruposResult = await sincronizarGrupos(db, autorId, ignore);
  await progress(2, 3);
  const usuariosResult = await sincronizarUsuarios(db, autorId, ignore);
  await progress(3, 3);
  return { ...dealersResult, ...gruposResult, ...usuariosResult };
}

const handler = (
  run: typeof sincronizarDealers | typeof sincronizarGrupos | typeof sincronizarUsuarios | typeof migrar,
): JobDefinition => ({
  handler: ({ db, job, progress }: JobContext) => run(db, job.autorId, progress),
  // One run of a queue at a time across every process; the reconciliations are idempotent, so a
  // failed or interrupted run is simply retried.
  policy: 'singleton',
});

/** The job of each super-admin queue; server/features/index.ts hands them to server/jobs. */
export const superAdminJobs: Record<SuperAdminFila, JobDefinition> = {
  sincronizarDealers: handler(sincronizarDealers),
  sincronizarGrupos: handler(sincronizarGrupos),
  sincronizarUsuarios: handler(sincronizarUsuarios),
  migracao: handler(migrar),
};
