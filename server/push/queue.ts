import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { jobQueueOf } from '../jobs';

/** The queue of the Web Push delivery job (server/push/deliver.ts). */
export const PUSH_FILA = 'enviarPush';

/**
 * Called by `notify` in the sender's transaction, after the recipients' rows: one statement writes
 * a delivery per subscribed device of those recipients (the subscriptions joined to the
 * notification's recipient rows), and the job is queued in the same transaction, so it runs after
 * the commit, or never. No device among the recipients, no job.
 */
export async function queuePush(tx: DbOrTx, notificacaoId: number): Promise<number> {
  const { rows } = await tx.execute<{ total: number }>(sql`
    with novas as (
      insert into push_entregas (notificacao_id, subscription_id)
      select d.notificacao_id, s.id
      from notificacao_destinatarios d
      join push_subscriptions s on s.usuario_id = d.usuario_id
      where d.notificacao_id = ${notificacaoId}
      returning 1)
    select count(*)::int as total from novas`);
  const total = Number(rows[0]!.total);
  if (total > 0) await jobQueueOf(tx).enqueueWithin(tx, PUSH_FILA, { notificacaoId }, null);
  return total;
}
