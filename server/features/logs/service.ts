import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export interface LogPruneResult {
  eventosRemovidos: number;
  streamsRemovidos: number;
  gruposRemovidos: number;
}

/**
 * Removes the log events received more than `days` ago, a batch of events per statement so no
 * transaction holds the database long; then the streams older than that with no event left, and the
 * groups older than that with no stream left (a group or stream just created, its first events not
 * yet written, stays). Answers how many of each.
 */
export async function pruneLogs(db: DbOrTx, days: number, batch = 500): Promise<LogPruneResult> {
  const limite = sql`now() - make_interval(days => ${days}::int)`;
  let eventosRemovidos = 0;
  for (;;) {
    const { rows } = await db.execute<{ removidos: number }>(sql`
      with velhos as (
        delete from log_eventos where id in (
          select id from log_eventos where recebido_em < ${limite}
          order by id limit ${batch})
        returning 1)
      select count(*)::int as removidos from velhos`);
    const removidos = Number(rows[0]!.removidos);
    eventosRemovidos += removidos;
    if (removidos < batch) break;
  }
  const streams = await db.execute<{ removidos: number }>(sql`
    with velhos as (
      delete from log_streams where created_at < ${limite}
        and not exists (
          select 1 from log_eventos where log_eventos.grupo = log_streams.grupo and log_eventos.stream = log_streams.nome)
      returning 1)
    select count(*)::int as removidos from velhos`);
  const grupos = await db.execute<{ removidos: number }>(sql`
    with velhos as (
      delete from log_grupos where created_at < ${limite}
        and not exists (select 1 from log_streams where log_streams.grupo = log_grupos.nome)
      returning 1)
    select count(*)::int as removidos from velhos`);
  return {
    eventosRemovidos,
    streamsRemovidos: Number(streams.rows[0]!.removidos),
    gruposRemovidos: Number(grupos.rows[0]!.removidos),
  };
}
