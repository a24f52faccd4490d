import { and, desc, eq, sql } from 'drizzle-orm';
import type { PushSubscriptionInput } from '../../../domain/schemas/pushSubscription';
import type { DbOrTx } from '../../db/client';
import { pushSubscriptions as p } from '../../db/schema';

// Data access of a user's own push devices (drizzle only): every statement names the caller.

/** Most devices one user keeps: a new subscription beyond it drops their oldest. */
export const DISPOSITIVOS_MAX = 20;

const columns = {
  id: p.id,
  endpoint: p.endpoint,
  userAgent: p.userAgent,
  createdAt: p.createdAt,
  ultimoSucesso: p.ultimoSucesso,
};

type Row = { id: number; endpoint: string; userAgent: string | null; createdAt: Date; ultimoSucesso: Date | null };

const view = (row: Row) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  ultimoSucesso: row.ultimoSucesso?.toISOString() ?? null,
});

export async function list(db: DbOrTx, usuarioId: number) {
  const rows = await db
    .select(columns)
    .from(p)
    .where(eq(p.usuarioId, usuarioId))
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(DISPOSITIVOS_MAX);
  return rows.map(view);
}

/**
 * Stores the browser's subscription for the user, by endpoint: the same browser subscribing again
 * refreshes its keys; a browser another user had subscribed is now this user's (the push service
 * delivers to the browser, whoever signs in on it), and the other user's deliveries pending for
 * it go. The user's devices beyond DISPOSITIVOS_MAX, oldest first, are dropped.
 */
export async function upsert(db: DbOrTx, usuarioId: number, input: PushSubscriptionInput, userAgent: string | null) {
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ id: p.id, usuarioId: p.usuarioId })
      .from(p)
      .where(eq(p.endpoint, input.endpoint))
      .for('update');
    if (previous && previous.usuarioId !== usuarioId) {
      await tx.delete(p).where(and(eq(p.id, previous.id), eq(p.usuarioId, previous.usuarioId)));
    }
    const [row] = await tx
      .insert(p)
      .values({ usuarioId, endpoint: input.endpoint, auth: input.auth, p256dh: input.key, userAgent })
      .onConflictDoUpdate({
        target: p.endpoint,
        set: { auth: input.auth, p256dh: input.key, userAgent },
        setWhere: eq(p.usuarioId, usuarioId),
      })
      .returning(columns);
    await tx.execute(sql`delete from push_subscriptions where usuario_id = ${usuarioId} and id not in (
        select id from push_subscriptions where usuario_id = ${usuarioId}
        order by created_at desc, id desc limit ${DISPOSITIVOS_MAX})`);
    // A concurrent subscription of the same browser by another user won: nothing of ours to show.
    return row ? view(row) : null;
  });
}

/** Removes one of the user's own devices; answers whether there was one (another user's is not). */
export async function remove(db: DbOrTx, usuarioId: number, id: number): Promise<boolean> {
  const removed = await db
    .delete(p)
    .where(and(eq(p.id, id), eq(p.usuarioId, usuarioId)))
    .returning({ id: p.id });
  return removed.length > 0;
}
