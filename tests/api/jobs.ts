import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../server/db/client';
import * as s from '../../server/db/schema';
import { jobQueueOf, type JobRow } from '../../server/jobs';

/** The `jobs` row of run `id` once it has ended (CONCLUIDO or ERRO), waiting up to a minute. */
export async function jobEncerrado(db: Db, id: number): Promise<JobRow> {
  let [row] = await db.select().from(s.jobs).where(eq(s.jobs.id, id));
  for (let i = 0; i < 600 && (row.status === 'PENDENTE' || row.status === 'EXECUTANDO'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    [row] = await db.select().from(s.jobs).where(eq(s.jobs.id, id));
  }
  return row;
}

/** Queues a run of `fila` (as its cron would), waits for it, and answers its finished `jobs` row. */
export async function runQueued(db: Db, fila: string): Promise<JobRow> {
  const row = await jobEncerrado(db, (await jobQueueOf(db).enqueue(fila, {}, null)).id);
  expect(row.status).toBe('CONCLUIDO');
  return row;
}
