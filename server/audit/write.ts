import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Session } from '../authz';
import type { DbOrTx } from '../db/client';
import { badUserInputKeys, portalError } from '../graphql/errors';
import { diff, recordAudit } from './index';

/** A table whose rows carry an optimistic-concurrency version (see `version()` in db/schema). */
export type VersionedTable = PgTable & { id: AnyPgColumn; version: AnyPgColumn };

/** The PostgreSQL error code (SQLSTATE) of a failed query, looking through drizzle's wrapping. */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const FOREIGN_KEY_VIOLATION = '23503';
export const UNIQUE_VIOLATION = '23505';

/**
 * Claims a record for a change: bumps its version, and with `expected` only if nobody saved it
 * since that version was read (else CONFLICT). The row stays locked until the transaction ends,
 * so concurrent saves from one read queue up and all but the first get CONFLICT.
 */
export async function claimVersion(
  tx: DbOrTx,
  table: VersionedTable,
  id: number,
  expected: number | 'any',
  session: Session,
): Promise<void> {
  const rows = await tx
    .update(table)
    .set({ version: sql`${table.version} + 1` } as never)
    .where(and(eq(table.id, id), expected === 'any' ? undefined : eq(table.version, expected)))
    .returning({ id: table.id });
  if (rows.length === 0) throw portalError(session.idioma, 'CONFLICT', 'errors.staleRecord');
}

/** What a record looks like in its audit trail; `active` tells activations from other changes. */
export type AuditSnapshot = Record<string, unknown> & { active?: boolean };

export interface AuditedWrite<S extends AuditSnapshot> {
  /** Audit record kind, e.g. 'DEALER'. */
  tipo: string;
  table: VersionedTable;
  /**
   * An update: the record's id and the version the caller read ('any' for list actions such as
   * activate, which do not depend on what was read). Absent for a create.
   */
  target?: { id: number; version: number | null | undefined | 'any' };
  /** The record before the change as audited, read in the caller's scope; throws the refusal. */
  load(tx: DbOrTx, id: number): Promise<S>;
  /** Database checks (references, uniqueness): field errors as catalog keys, empty when fine. */
  check?(tx: DbOrTx, before: S | undefined): Promise<Record<string, string>>;
  /** Makes the change (and any cascade, which audits itself); returns the record's id. */
  write(tx: DbOrTx, before: S | undefined): Promise<number>;
  /** The record after the change as audited. */
  after(before: S | undefined): S;
  /**
   * Field errors after a unique index refused the write, which happens when a concurrent save
   * took the value between `check` and `write`; runs outside the failed transaction.
   */
  uniqueErrors?(db: DbOrTx): Promise<Record<string, string>>;
}

/**
 * The one way a mutation writes a record: in one transaction it loads the record in the caller's
 * scope (or refuses), claims its version, checks, writes and records the audit of what changed.
 * Returns the record's id.
 */
export async function auditedWrite<S extends AuditSnapshot>(
  db: DbOrTx,
  session: Session,
  spec: AuditedWrite<S>,
): Promise<number> {
  const { idioma } = session;
  const target = spec.target;
  try {
    return await db.transaction(async (tx) => {
      const before = target ? await spec.load(tx, target.id) : undefined;
      if (target && target.version == null) throw badUserInputKeys(idioma, { version: 'validation.required' });
      if (target) await claimVersion(tx, spec.table, target.id, target.version!, session);
      const errors = (await spec.check?.(tx, before)) ?? {};
      if (Object.keys(errors).length) throw badUserInputKeys(idioma, errors);
      const id = await spec.write(tx, before);
      const after = spec.after(before);
      if (!before) {
        await recordAudit(tx, {
          tipo: spec.tipo,
          registroId: id,
          alteracao: 'CRIACAO',
          valorNovo: after,
          autorId: session.usuarioId,
        });
        return id;
      }
      const change = diff(before, after);
      if (change.changed) {
        const activated = before.active !== after.active;
        await recordAudit(tx, {
          tipo: spec.tipo,
          registroId: id,
          alteracao: !activated ? 'ALTERACAO' : after.active ? 'ATIVACAO' : 'INATIVACAO',
          valorAnterior: change.antes,
          valorNovo: change.depois,
          autorId: session.usuarioId,
        });
      }
      return id;
    });
  } catch (error) {
    if (sqlStateOf(error) !== UNIQUE_VIOLATION || !spec.uniqueErrors) throw error;
    const errors = await spec.uniqueErrors(db);
    // The competitor rolled back after all: the value is free, but this save already failed.
    throw Object.keys(errors).length
      ? badUserInputKeys(idioma, errors)
      : portalError(idioma, 'CONFLICT', 'errors.staleRecord');
  }
}

export interface AuditedDelete<S extends AuditSnapshot> {
  /** Audit record kind, e.g. 'CARGO'. */
  tipo: string;
  table: VersionedTable;
  /** The record and the version the caller read: a record saved since is kept (CONFLICT). */
  target: { id: number; version: number | null | undefined };
  /** The record as audited, read in the caller's scope; throws the refusal. */
  load(tx: DbOrTx, id: number): Promise<S>;
  /** Deletes the record (and what belongs to it alone). */
  remove(tx: DbOrTx, id: number): Promise<unknown>;
  /** The error for a record still in use (a foreign key refused the delete). */
  inUse?(): Error;
}

/**
 * The one way a mutation deletes a record: in one transaction it loads the record in the caller's
 * scope (or refuses), claims the version the caller read (required), deletes it and records the
 * audit (EXCLUSAO, with the record as it was). Answers true.
 */
export async function auditedDelete<S extends AuditSnapshot>(
  db: DbOrTx,
  session: Session,
  spec: AuditedDelete<S>,
): Promise<true> {
  const { id, version } = spec.target;
  try {
    return await db.transaction(async (tx) => {
      const before = await spec.load(tx, id);
      if (version == null) throw badUserInputKeys(session.idioma, { version: 'validation.required' });
      await claimVersion(tx, spec.table, id, version, session);
      await spec.remove(tx, id);
      await recordAudit(tx, {
        tipo: spec.tipo,
        registroId: id,
        alteracao: 'EXCLUSAO',
        valorAnterior: before,
        autorId: session.usuarioId,
      });
      return true as const;
    });
  } catch (error) {
    if (spec.inUse && sqlStateOf(error) === FOREIGN_KEY_VIOLATION) throw spec.inUse();
    throw error;
  }
}

/**
 * The one way a list action activates or inactivates a record: the audited write with the record
 * loaded in the caller's scope (`load` throws the refusal, and refuses a state change the caller
 * may not make), its version bumped whatever was read, `active` set (or what `write` does for a
 * record whose state carries more), and an ATIVACAO or INATIVACAO entry when the state changed.
 */
export async function auditedSetActive<S extends AuditSnapshot>(
  db: DbOrTx,
  session: Session,
  spec: {
    tipo: string;
    table: VersionedTable & { active: AnyPgColumn };
    id: number;
    active: boolean;
    load(tx: DbOrTx, id: number): Promise<S>;
    /** Sets the state and what goes with it (default: `active` alone). */
    write?(tx: DbOrTx, before: S): Promise<unknown>;
  },
): Promise<number> {
  const { table, id, active } = spec;
  return auditedWrite(db, session, {
    tipo: spec.tipo,
    table,
    target: { id, version: 'any' },
    load: spec.load,
    async write(tx, before) {
      if (spec.write) await spec.write(tx, before!);
      else
        await tx
          .update(table)
          .set({ active } as never)
          .where(eq(table.id, id));
      return id;
    },
    after: (before) => ({ ...before!, active }),
  });
}
