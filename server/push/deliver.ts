import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush, { WebPushError } from 'web-push';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { JobContext, JobDefinition } from '../jobs';
import { isPushEndpoint } from './endpoint';
import { pushPayload } from './payload';
import { PUSH_FILA } from './queue';
import { vapidKeys } from './vapid';

/** Deliveries one statement reads, and whose outcome one statement writes back. */
const LOTE = 200;
/** Retries of a delivery run with failures left (5, 10, 20, 40 s ... with pg-boss's backoff). */
const RETRY_LIMIT = 5;
/** A push service that does not answer within this is a failure (retried). */
const TIMEOUT_MS = 10_000;

type Entrega = {
  id: number;
  endpoint: string;
  auth: string;
  p256dh: string;
  nome: string;
  email: string;
};

/** What became of one push: taken by the push service, gone for good (404/410), or failed (retry). */
type Outcome = 'enviado' | 'removido' | 'falhou';

/** Runs `fn` on every item with at most `limit` at once, answers the results in order. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Sends one notification to every device still waiting for it (`push_entregas`), a batch at a
 * time, `PUSH_CONCURRENCY` pushes at once, each with the TTL. A 404 or 410 answer means the
 * browser dropped the subscription: it is removed (its deliveries go with it). Other failures keep
 * their delivery and fail the run, which pg-boss retries with backoff; a retry sends only what is
 * left, and after the last one what is left is dropped.
 */
export async function deliverPush(
  ctx: Pick<JobContext, 'db' | 'job'>,
  config: Pick<Config, 'push'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
) {
  const { db, job } = ctx;
  const notificacaoId = Number((job.payload as { notificacaoId?: unknown }).notificacaoId);
  const [notification] = (
    await db.execute<{ titulo: string; texto: string; link: string | null }>(
      sql`select titulo, texto, link from notificacoes where id = ${notificacaoId}`,
    )
  ).rows;
  // Pruned meanwhile: its deliveries went with it.
  if (!notification) return { enviados: 0, removidos: 0, falhas: 0 };
  const vapid = await vapidKeys(db as Db, config);
  const options = {
    TTL: config.push.ttlSeconds,
    timeout: TIMEOUT_MS,
    vapidDetails: { subject: config.push.subject, ...vapid },
  };
  const totals = { enviados: 0, removidos: 0, falhas: 0 };

  const send = async (entrega: Entrega): Promise<Outcome> => {
    // Saved before the address rule was strict: dropped, never sent to.
    if (!isPushEndpoint(entrega.endpoint, config.push.serviceHosts)) return 'removido';
    const payload = JSON.stringify(pushPayload(notification, entrega));
    try {
      await webpush.sendNotification(
        { endpoint: entrega.endpoint, keys: { auth: entrega.auth, p256dh: entrega.p256dh } },
        payload,
        options,
      );
      return 'enviado';
    } catch (error) {
      const status = error instanceof WebPushError ? error.statusCode : undefined;
      if (status === 404 || status === 410) return 'removido';
      log.warn({ err: error, status, subscriptionId: entrega.id }, 'push delivery failed');
      return 'falhou';
    }
  };

  let after = 0;
  for (;;) {
    // Keyset over this notification's deliveries; nothing is locked while the push services answer.
    const { rows } = await db.execute<Entrega>(sql`
      select s.id, s.endpoint, s.auth, s.p256dh, u.nome, u.email
      from push_entregas e
      join push_subscriptions s on s.id = e.subscription_id
      join usuarios u on u.id = s.usuario_id
      where e.notificacao_id = ${notificacaoId} and e.subscription_id > ${after}
      order by e.subscription_id limit ${LOTE}`);
    if (rows.length === 0) break;
    after = Number(rows[rows.length - 1]!.id);
    const outcomes = await mapLimit(rows, config.push.concurrency, send);
    // The outcomes come from the push services, not from the database: one statement writes a
    // batch of them back (at most LOTE pairs), as arrays of ids and outcomes.
    const ids = rows.map((row) => Number(row.id));
    const { rows: counted } = await db.execute<Record<Outcome, number>>(sql`
      with resultado as (
        select * from unnest(${`{${ids.join(',')}}`}::int[], ${`{${outcomes.join(',')}}`}::text[]) as r(id, outcome)
      ),
      removidas as (
        delete from push_subscriptions where id in (select id from resultado where outcome = 'removido')
        returning 1
      ),
      entregues as (
        delete from push_entregas where notificacao_id = ${notificacaoId}
          and subscription_id in (select id from resultado where outcome = 'enviado')
        returning 1
      ),
      sucesso as (
        update push_subscriptions set ultimo_sucesso = now()
        where id in (select id from resultado where outcome = 'enviado')
        returning 1
      ),
      falhas as (
        update push_entregas set tentativas = tentativas + 1
        where notificacao_id = ${notificacaoId}
          and subscription_id in (select id from resultado where outcome = 'falhou')
        returning 1
      )
      select (select count(*) from entregues)::int as enviado, (select count(*) from removidas)::int as removido,
        (select count(*) from falhas)::int as falhou, (select count(*) from sucesso)::int as sucesso`);
    totals.enviados += Number(counted[0]!.enviado);
    totals.removidos += Number(counted[0]!.removido);
    totals.falhas += Number(counted[0]!.falhou);
  }
  if (totals.falhas === 0) return totals;
  // Out of retries: what is left will not be sent (the run ends in error).
  const last = job.tentativas > RETRY_LIMIT;
  if (last) await db.execute(sql`delete from push_entregas where notificacao_id = ${notificacaoId}`);
  throw new Error(`${totals.falhas} push deliveries failed${last ? '' : '; retrying'}`);
}

/** The delivery queue: one run per notification that reached a subscribed device. */
export function pushJob(
  config: Pick<Config, 'push'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Record<typeof PUSH_FILA, JobDefinition> {
  return {
    [PUSH_FILA]: { retryLimit: RETRY_LIMIT, handler: (ctx) => deliverPush(ctx, config, log) },
  };
}
