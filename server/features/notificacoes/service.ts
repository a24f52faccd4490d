import { sql, type SQL } from 'drizzle-orm';
import { recipientCondition, type Audience } from '../../audience';
import type { DbOrTx } from '../../db/client';
import { allOf } from '../../db/lists';
import { sanitizeRichText } from '../../html';
import { isPortalLink } from '../../../domain/schemas/campos';
import { queuePush } from '../../push';

/**
 * Who a notification reaches: the audience engine's groups (within `scope`, a condition on
 * `usuarios`: the users the sender may reach), or users named by a subquery of ids.
 */
export type Recipients = { audiences: Audience[]; scope?: SQL } | { usuarios: SQL };

export interface NewNotification {
  titulo: string;
  /** Rich text (HTML): sanitised here; may hold {nome} and {email}, filled for each reader. */
  texto: string;
  link?: string | null;
  produtoId?: number | null;
  /** The feature that sends it (GENERICA, COMUNICADO, BIBLIOTECA, ...) and its record. */
  origem: string;
  origemId?: number | null;
  autorId?: number | null;
}

/**
 * The one way a feature tells its users something: stores the notification once and a row for each
 * recipient with one INSERT ... SELECT over the audience (active users only: the engine's rule; named
 * users must be active too), in the caller's transaction, so a record and its notifications commit
 * or fail together; their devices get a Web Push after the commit (server/push). Answers the
 * notification's id and how many users it reached.
 */
export async function notify(
  tx: DbOrTx,
  recipients: Recipients,
  notification: NewNotification,
): Promise<{ id: number; destinatarios: number }> {
  // The features hand over what their users wrote: a link other than an http(s) address or a path
  // of the portal (javascript:, data:, //host) is a programming error here, refused outright.
  if (notification.link && !isPortalLink(notification.link)) throw new Error(`unsafe notification link`);
  const who =
    'audiences' in recipients
      ? (allOf(recipientCondition(recipients.audiences), recipients.scope) ?? sql`true`)
      : sql`usuarios.active and usuarios.id in (${recipients.usuarios})`;
  const { rows } = await tx.execute<{ id: number; destinatarios: number }>(sql`
    with nova as (
      insert into notificacoes (titulo, texto, link, produto_id, origem, origem_id, autor_id)
      values (${notification.titulo}, ${sanitizeRichText(notification.texto)}, ${notification.link ?? null},
        ${notification.produtoId ?? null}, ${notification.origem}, ${notification.origemId ?? null},
        ${notification.autorId ?? null})
      returning id
    ),
    destinatarios as (
      insert into notificacao_destinatarios (usuario_id, notificacao_id)
      select usuarios.id, nova.id from nova, usuarios where ${who}
      returning 1
    )
    select (select id from nova) as id, (select count(*) from destinatarios)::int as destinatarios`);
  const id = Number(rows[0]!.id);
  // The recipients' subscribed devices get it by Web Push, from a job that runs after the commit.
  await queuePush(tx, id);
  return { id, destinatarios: Number(rows[0]!.destinatarios) };
}

/**
 * Removes the notifications older than `days` (their recipients go with them), a batch of
 * notifications per statement so no transaction holds the database long. Answers how many.
 */
export async function pruneNotifications(db: DbOrTx, days: number, batch = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await db.execute<{ removidas: number }>(sql`
      with velhas as (
        delete from notificacoes where id in (
          select id from notificacoes where created_at < now() - make_interval(days => ${days}::int)
          order by id limit ${batch})
        returning 1)
      select count(*)::int as removidas from velhas`);
    const removidas = Number(rows[0]!.removidas);
    total += removidas;
    if (removidas < batch) return total;
  }
}
