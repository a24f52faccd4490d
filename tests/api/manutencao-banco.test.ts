import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANUTENCAO_BANCO_FILA } from '../../domain/schemas/superAdmin';
import { loadConfig } from '../../server/config';
import type { Db } from '../../server/db/client';
import { manutencaoBancoJob, type ManutencaoResultado } from '../../server/db/manutencao';
import { jobQueueOf } from '../../server/jobs';
import { runQueued } from './jobs';
import { startPortal, type TestPortal } from './portal';

// The embedded database has no autovacuum: the nightly job (queue manutencaoBanco) vacuums and
// analyses every table, so deleted rows are reclaimed and the planner has statistics.

let portal: TestPortal;
let db: Db;

beforeAll(async () => {
  portal = await startPortal();
  db = portal.database.db;
});
afterAll(() => portal?.close());

const estado = async (tabela: string) => {
  // The counters reach the statistics once the statement that changed them has reported them.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  await db.execute(sql`select pg_stat_clear_snapshot()`);
  const { rows } = await db.execute<{ mortas: number; vacuos: number; analises: number; tuplas: number }>(sql`
    select st.n_dead_tup::int as mortas, st.vacuum_count::int as vacuos, st.analyze_count::int as analises,
      c.reltuples::int as tuplas
    from pg_stat_user_tables st join pg_class c on c.oid = st.relid
    where st.schemaname = 'public' and st.relname = ${tabela}`);
  return rows[0]!;
};

describe('the database maintenance', () => {
  it('reclaims the rows deleted since, and gives every table its statistics', async () => {
    await db.execute(sql`create table if not exists manutencao_teste (id int primary key, texto text)`);
    await db.execute(sql`insert into manutencao_teste select g, repeat('x', 100) from generate_series(1, 2000) g`);
    await db.execute(sql`delete from manutencao_teste where id % 2 = 0`);
    const antes = await estado('manutencao_teste');
    expect(antes.mortas).toBe(1000);
    expect(antes.vacuos).toBe(0);

    const resultado = (await runQueued(db, MANUTENCAO_BANCO_FILA)).resultado as ManutencaoResultado;

    const depois = await estado('manutencao_teste');
    expect(depois).toEqual({ mortas: 0, vacuos: 1, analises: 1, tuplas: 1000 });
    const { rows } = await db.execute<{ tabelas: number; semEstatisticas: number }>(sql`
      select count(*)::int as tabelas, count(*) filter (where c.reltuples < 0)::int as "semEstatisticas"
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname in ('public', 'pgboss')`);
    expect(resultado.tabelas).toBe(rows[0]!.tabelas);
    expect(rows[0]!.semEstatisticas).toBe(0);
    expect(resultado.maisLonga?.tabela).toMatch(/^(public|pgboss)\./);
  });

  it('is scheduled on the embedded database only: a server vacuums itself', async () => {
    const schedules = await jobQueueOf(db).boss.getSchedules();
    expect(schedules.find((x) => x.name === MANUTENCAO_BANCO_FILA)?.cron).toBe('15 4 * * *');
    const embutido = loadConfig({});
    const servidor = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' });
    expect(manutencaoBancoJob(embutido, console)[MANUTENCAO_BANCO_FILA].cron).toBe('15 4 * * *');
    expect(manutencaoBancoJob(servidor, console)[MANUTENCAO_BANCO_FILA].cron).toBeUndefined();
    expect(
      manutencaoBancoJob(loadConfig({ DB_MAINTENANCE_CRON: '0 2 * * 0' }), console)[MANUTENCAO_BANCO_FILA].cron,
    ).toBe('0 2 * * 0');
  });
});
