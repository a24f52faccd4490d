import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MANUTENCAO_BANCO_FILA } from '../../domain/schemas/superAdmin';
import type { Config } from '../config';
import type { JobDefinition } from '../jobs';
import type { Db } from './client';

// The embedded database (PGlite) runs one backend and no autovacuum: without this job the rows that
// updates and deletes leave behind (pg-boss's queues, read states, the reach summary's counters)
// would never be reclaimed, and the planner would never get statistics (the reach report's plans
// were 3x slower once the summary had them, so they are made not to depend on it, but every other
// query does). Each night it runs VACUUM (ANALYZE) table by table, smallest first: one statement
// each, so the requests waiting for the one connection go between tables (server/db/priority.ts).
// A database server does this itself (autovacuum): there the job is not scheduled.

type Log = Pick<FastifyBaseLogger, 'info'>;

export interface ManutencaoResultado {
  tabelas: number;
  segundos: number;
  /** The table that took longest, and how long (s). */
  maisLonga: { tabela: string; segundos: number } | null;
}

/** VACUUM (ANALYZE) of every table of the portal and of pg-boss, one statement per table. */
export async function manterBanco(
  db: Db,
  { progress, signal }: { progress?: (feitas: number, total: number) => Promise<void>; signal?: AbortSignal } = {},
): Promise<ManutencaoResultado> {
  const { rows } = await db.execute<{ tabela: string }>(sql`
    select format('%I.%I', n.nspname, c.relname) as tabela
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'm') and n.nspname in ('public', 'pgboss')
    order by pg_relation_size(c.oid), 1`);
  const started = performance.now();
  let maisLonga: ManutencaoResultado['maisLonga'] = null;
  for (const [i, { tabela }] of rows.entries()) {
    signal?.throwIfAborted();
    const inicio = performance.now();
    // The name comes from the catalogue, quoted by format('%I'): VACUUM takes no parameters.
    await db.execute(sql.raw(`vacuum (analyze) ${tabela}`));
    const segundos = (performance.now() - inicio) / 1000;
    if (!maisLonga || segundos > maisLonga.segundos) maisLonga = { tabela, segundos };
    await progress?.(i + 1, rows.length);
  }
  const decimos = (s: number) => Math.round(s * 10) / 10;
  return {
    tabelas: rows.length,
    segundos: decimos((performance.now() - started) / 1000),
    maisLonga: maisLonga && { ...maisLonga, segundos: decimos(maisLonga.segundos) },
  };
}

/** The job's queue: scheduled (DB_MAINTENANCE_CRON) on the embedded database only. */
export function manutencaoBancoJob(
  config: Pick<Config, 'databaseUrl' | 'dbMaintenanceCron'>,
  log: Log,
): Record<typeof MANUTENCAO_BANCO_FILA, JobDefinition> {
  return {
    [MANUTENCAO_BANCO_FILA]: {
      cron: config.databaseUrl ? undefined : config.dbMaintenanceCron,
      policy: 'singleton',
      async handler({ db, progress, signal }) {
        const resultado = await manterBanco(db, { progress, signal });
        log.info({ ...resultado }, 'database maintenance done');
        return resultado;
      },
    },
  };
}
