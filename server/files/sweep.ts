import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LIMPEZA_ARQUIVOS_FILA } from '../../domain/schemas/superAdmin';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import type { JobDefinition } from '../jobs';
import { fileStoreOf, type FileStore } from './index';

/**
 * The daily removal of stored files that nothing uses (queue `limpezaArquivos`, pg-boss cron
 * FILE_SWEEP_CRON, `singleton`). Files leak two ways: records that stop using their file without
 * removing it (a document uploaded for a form that was never saved, or replaced), and files written
 * by a process that stopped before it wrote their record. Each run:
 * 1. deletes, one statement per area that has them, the records older than the grace period that
 *    nothing uses (`soltos`), then removes their files;
 * 2. lists each known area of the store and removes the files older than the grace period (by
 *    their last change) whose key no record uses (one set-based check per 10,000 files), and what
 *    writes interrupted before it left (`.part` files, unfinished multipart uploads);
 * 3. answers the counts, which the jobs row keeps (super-admin page).
 * The grace period (FILE_SWEEP_GRACE_HOURS, 24) covers a write and its record, an upload and the
 * form that attaches it, and the longest job writing a file. Areas no feature declared are left
 * alone, so a new area is never swept before its references are known.
 */

/** An area of the file store and the records that use its files; each feature declares its own. */
export interface FileArea {
  area: string;
  /** A query answering the area's keys that records use now (one text column). */
  chaves: SQL;
  /**
   * Deletes, in one statement, the area's records older than `graceHours` that nothing uses any
   * more, and answers their keys.
   */
  soltos?: (db: DbOrTx, graceHours: number) => Promise<string[]>;
}

export interface SweepResult {
  /** Records deleted by step 1 (unattached documents). */
  registrosRemovidos: number;
  arquivosRemovidos: number;
  bytesLiberados: number;
  /** Files that could not be removed (logged); the others are removed all the same. */
  falhasRemocao: number;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'>;

/** Keys checked per query. */
const CHUNK = 10_000;

/** The keys of `candidatos` that no record of the area uses, in one statement. */
async function unreferenced(db: DbOrTx, area: FileArea, candidatos: string[]): Promise<string[]> {
  // The candidates come from the store, not the database: one array parameter, compared as a set.
  const { rows } = await db.execute<{ chave: string }>(
    sql`select c.chave from unnest(${sql.param(candidatos)}::text[]) as c(chave) except (${area.chaves})`,
  );
  return rows.map((row) => row.chave);
}

/** One run: records, then the store; never throws for a file it could not remove. */
export async function sweepFiles(
  db: Db,
  { files, graceHours }: { files: FileStore; graceHours: number },
  areas: readonly FileArea[],
  log: Log,
  progress: (done: number, total: number) => Promise<void> = async () => undefined,
): Promise<SweepResult> {
  const result: SweepResult = { registrosRemovidos: 0, arquivosRemovidos: 0, bytesLiberados: 0, falhasRemocao: 0 };
  const remove = async (key: string, size?: number) => {
    try {
      const bytes = size ?? (await files.stat(key))?.size;
      if (bytes === undefined) return;
      await files.remove(key);
      result.arquivosRemovidos++;
      result.bytesLiberados += bytes;
    } catch (error) {
      result.falhasRemocao++;
      log.error({ err: error, key }, 'stored file not removed');
    }
  };

  await progress(0, 2);
  for (const area of areas) {
    if (!area.soltos) continue;
    // One area's records that could not go (a row another feature still names) keep no other
    // area's from going.
    const chaves = await area.soltos(db, graceHours).catch((error: unknown) => {
      result.falhasRemocao++;
      log.error({ err: error, area: area.area }, 'unused records of an area not removed');
      return [];
    });
    result.registrosRemovidos += chaves.length;
    for (const chave of chaves) await remove(chave);
  }
  await progress(1, 2);

  const cutoff = new Date(Date.now() - graceHours * 3_600_000);
  for (const area of areas) {
    const unfinished = await files.removeUnfinished(area.area, cutoff);
    result.arquivosRemovidos += unfinished.removidos;
    result.bytesLiberados += unfinished.bytes;
    let candidatos = new Map<string, number>();
    const check = async () => {
      for (const chave of await unreferenced(db, area, [...candidatos.keys()]))
        await remove(chave, candidatos.get(chave));
      candidatos = new Map();
    };
    for await (const file of files.list(area.area)) {
      if (file.modifiedAt >= cutoff) continue;
      candidatos.set(file.key, file.size);
      if (candidatos.size >= CHUNK) await check();
    }
    if (candidatos.size) await check();
  }
  await progress(2, 2);
  log.info({ ...result }, 'file sweep done');
  return result;
}

/** The job's queue definition: pg-boss's cron sends one run per tick, one at a time across processes. */
export function sweepJob(
  config: Pick<Config, 'filesDir' | 'storage' | 'fileSweep'>,
  log: Log,
  areas: readonly FileArea[],
): Record<typeof LIMPEZA_ARQUIVOS_FILA, JobDefinition> {
  return {
    [LIMPEZA_ARQUIVOS_FILA]: {
      cron: config.fileSweep.cron,
      policy: 'singleton',
      handler: ({ db, progress, files }) =>
        sweepFiles(
          db,
          { files: files ?? fileStoreOf(config), graceHours: config.fileSweep.graceHours },
          areas,
          log,
          progress,
        ),
    },
  };
}
