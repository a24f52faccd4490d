import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db, DbOrTx } from '../db/client';
import { oidcPayloads, usuarios } from '../db/schema';

/** oidc-provider storage in PostgreSQL, so sessions and grants survive restarts and span processes. */
export function pgAdapterFactory(db: Db) {
  return class PgAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        model: this.model,
        id,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcPayloads)
        .values(row)
        .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row });
    }

    private async findWhere(where: ReturnType<typeof and>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(and(where, sql`(${oidcPayloads.expiresAt} is null or ${oidcPayloads.expiresAt} > now())`))
        .limit(1);
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    }

    find(id: string) {
      return this.findWhere(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    findByUid(uid: string) {
      return this.findWhere(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.uid, uid)));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.userCode, userCode)));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }
  };
}

/** Deletes identity-provider records that expired; returns how many. */
export async function pruneExpired(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(oidcPayloads)
    .where(lt(oidcPayloads.expiresAt, now))
    .returning({ id: oidcPayloads.id });
  return deleted.length;
}

/**
 * Condition on `oidc_payloads`: everything the identity provider holds for the accounts whose ids
 * (as text) `accountIds` selects: their sessions (browsers must sign in again), grants, refresh
 * tokens and unused codes. oidc-provider stores `accountId` in the payload of each of these, and
 * every token of a grant carries its `grantId`. Access tokens are JWTs kept nowhere: they lapse
 * after ACCESS_TOKEN_TTL. A set in SQL, so a job revokes any number of accounts in one statement.
 */
export function accountRecords(accountIds: SQL): SQL {
  return sql`(oidc_payloads.payload->>'accountId' in (${accountIds})
    or oidc_payloads.grant_id in (select g.id from oidc_payloads g
      where g.model = 'Grant' and g.payload->>'accountId' in (${accountIds})))`;
}

/**
 * Ends every session of one account: forgets everything the identity provider holds for it (see
 * accountRecords) and marks the moment, so that the access tokens already issued (JWTs kept nowhere)
 * are refused from now on by every process (server/auth/session.ts). Returns how many records went.
 */
export async function revokeAccount(db: DbOrTx, accountId: number | string): Promise<number> {
  const deleted = await db
    .delete(oidcPayloads)
    .where(accountRecords(sql`select ${String(accountId)}::text`))
    .returning({ id: oidcPayloads.id });
  // Milliseconds, as the tokens' claim carries it (sessionsEndedClaim).
  await db
    .update(usuarios)
    .set({ sessoesEncerradasEm: sql`date_trunc('milliseconds', clock_timestamp())` })
    .where(eq(usuarios.id, Number(accountId)));
  return deleted.length;
}
