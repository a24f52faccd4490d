import type { SuperAdminFila } from '../../../domain/schemas/superAdmin';
import { recordAudit, type AuditEntry } from '../../audit';
import type { Db, Tx } from '../../db/client';
import type { JobContext, JobDefinition } from '../../jobs';
import * as q from './queries';

/**
 * The reconciliations behind the Synchronisation and Migration tabs (the spec does not say what
 * they do; docs/jobs.md documents this choice):
 * - dealers: an active dealer with no brand, or whose groups are all inactive, becomes inactive;
 * - groups: a dealer is unlinked from every group with which it shares no brand;
 * - users: an active DEALER_GRUPO user with dealers, none of them active, becomes inactive.
 * Each chunk of records changes in one statement and one transaction with its audit entries.
 */

/**
 * Records changed per statement and transaction; keeps transactions short (on the embedded database
 * a transaction holds the one connection: requests wait for it) and parameters few.
 */
export const CHUNK_SIZE = 250;

type Progress = (processados: number, total: number) => Promise<void>;

/** Applies `change` to `ids` chunk by chunk, each in its own transaction; returns the records changed. */
async function inChunks(
  db: Db,
  ids: number[],
  progress: Progress,
  change: (tx: Tx, chunk: number[]) => Promise<number>,
) {
  await progress(0, ids.length);
  let changed = 0;
  for (let start = 0; start < ids.length; start += CHUNK_SIZE) {
    const chunk = ids.slice(start, start + CHUNK_SIZE);
    changed += await db.transaction((tx) => change(tx, chunk));
    // Outside the transaction, so other sessions see the progress at once.
    await progress(Math.min(start + CHUNK_SIZE, ids.length), ids.length);
  }
  return changed;
}

const SINCRONIZACAO = 'SINCRONIZACAO';

export async function sincronizarDealers(db: Db, autorId: number | null, progress: Progress) {
  const ids = await q.dealersParaInativar(db);
  const dealersInativados = await inChunks(db, ids, progress, async (tx, chunk) => {
    const inativados = await q.inativarDealers(tx, chunk);
    await recordAudit(
      tx,
      inativados.map((d): AuditEntry => ({
        tipo: 'DEALER',
        registroId: d.id,
        alteracao: SINCRONIZACAO,
        valorAnterior: { active: true },
        valorNovo: { active: false },
        autorId,
      })),
    );
    return inativados.length;
  });
  return { dealersInativados };
}

export async function sincronizarGrupos(db: Db, autorId: number | null, progress: Progress) {
  const ids = await q.dealersComVinculoSemMarca(db);
  const vinculosRemovidos = await inChunks(db, ids, progress, async (tx, chunk) => {
    const removidos = await q.removerVinculosSemMarca(tx, chunk);
    await recordAudit(
      tx,
      removidos.map((v): AuditEntry => ({
        tipo: 'DEALER',
        registroId: v.dealerId,
        alteracao: SINCRONIZACAO,
        valorAnterior: { grupo: { id: v.grupoId, nome: v.grupoNome } },
        valorNovo: { grupo: null },
        autorId,
      })),
    );
    return removidos.length;
  });
  return { vinculosRemovidos };
}

export async function sincronizarUsuarios(db: Db, autorId: number | null, progress: Progress) {
  const ids = await q.usuariosParaInativar(db);
  const usuariosInativados = await inChunks(db, ids, progress, async (tx, chunk) => {
    const inativados = await q.inativarUsuarios(tx, chunk);
    await recordAudit(
      tx,
      inativados.map((u): AuditEntry => ({
        tipo: 'USUARIO',
        registroId: u.id,
        alteracao: SINCRONIZACAO,
        valorAnterior: { active: true },
        valorNovo: { active: false },
        autorId,
      })),
    );
    return inativados.length;
  });
  return { usuariosInativados };
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
