import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../server/db/client';
import * as s from '../../server/db/schema';
import { jobQueueOf, type JobRow } from '../../server/jobs';

/** Queues a run of `fila` (as its cron would), waits up to a minute for it, and answers its finished `jobs` row. */
export async function runQueued(db: Db, fila: string): Promise<JobRow> {
  let row = await jobQueueOf(db).enqueue(fila, {}, null);
  for (let i = 0; i < 600 && (row.status === 'PENDENTE' || row.status === 'EXECUTANDO'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    [row] = await db.select().from(s.jobs).where(eq(s.jobs.id, row.id));
  }
  expect(row.status).toBe('CONCLUIDO');
  return row;
}
