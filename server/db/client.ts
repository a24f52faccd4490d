import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PriorityGate } from './priority';
import { isTimeZone, PORTAL_TIME_ZONE_DEFAULT } from './timeZone';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; every query helper takes `Db | Tx` so it can join the caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** An embedded database this very open created (memory:// or a new directory); never a server's. */
  created: boolean;
  /** The connection pool of a PostgreSQL server (metrics read it); none for PGlite. */
  pool?: import('pg').Pool;
  /** The PostgreSQL server's URL (kind 'postgres'). */
  url?: string;
  /** The embedded database itself (kind 'pglite'), for pg-boss's PGlite adapter. */
  pglite?: import('@electric-sql/pglite').PGlite;
  /**
   * The queue in front of the database: requests before background work (server/db/priority.ts);
   * exclusive on PGlite (its one connection). The app reports each API request to it.
   */
  gate: PriorityGate;
  /**
   * Calls `changed` at the commit of anything a session is made of (migration 0024), where one
   * process owns the database (PGlite); none on a server, where other processes write.
   */
  watchSessoes?: (changed: () => void) => void;
  /**
   * Runs `fn` under the start-up advisory lock (the one migrations take), so schema set-up that
   * runs after them (pg-boss's) is serialised too when several processes start at once.
   */
  underStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Serialises migrations when several processes start at once against one server. */
const MIGRATION_LOCK = 72_150_001;

/**
 * Opens PostgreSQL: the server at `databaseUrl` when given, otherwise embedded PGlite kept in
 * `pgliteDir` ('memory://' for a throw-away database). Applies the committed migrations.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  pgliteDir: string;
  /** A PGlite `dumpDataDir` archive to start an in-memory database from (tests start from one seeded copy). */
  pgliteArchive?: Blob;
  poolSize?: number;
  /** The most PGlite's buffer cache takes, in MB, for a database kept in a directory (PGLITE_SHARED_BUFFERS_MB). */
  pgliteSharedBuffersMb?: number;
  /** The sessions' time zone (server/db/timeZone.ts); the portal's default when not given. */
  timeZone?: string;
}): Promise<Database> {
  const timeZone = opts.timeZone ?? PORTAL_TIME_ZONE_DEFAULT;
  if (!isTimeZone(timeZone)) throw new Error(`not a time zone: ${timeZone}`);
  const database = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, opts.poolSize ?? 10, timeZone)
    : await openPglite(opts.pgliteDir, timeZone, opts.pgliteArchive, opts.pgliteSharedBuffersMb);
  return database;
}

async function openPostgres(url: string, poolSize: number, timeZone: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Dates stay ISO strings (yyyy-mm-dd) as in PGlite, instead of local-midnight Date objects.
  pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
  // No JIT compilation: the portal's queries are short, and a plan estimated above jit_above_cost
  // (a search over 100,000 users) spent 17-40 ms compiling for a 30 ms query. PGlite has no JIT.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: `-c jit=off -c TimeZone=${timeZone}` });
  // An idle connection the server ends (a restart, a failover, pg_terminate_backend) is dropped by
  // the pool and replaced on next use; with no listener its 'error' event would end the process.
  // buildApp logs it too.
  pool.on('error', () => undefined);
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  const underStartupLock = async <T>(fn: (client: import('pg').PoolClient) => Promise<T>) => {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      return await fn(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
  };
  await underStartupLock((client) => migrate(drizzle({ client, schema, casing: 'snake_case' }), { migrationsFolder }));
  return {
    db,
    kind: 'postgres',
    created: false,
    pool,
    gate: deferBackground(pool),
    url,
    underStartupLock: (fn) => underStartupLock(() => fn()),
    close: () => pool.end(),
  };
}

/** PGlite's own buffer cache, in MB. */
const PGLITE_SHARED_BUFFERS_MB = 128;

/**
 * The buffer cache for an embedded database of `dataBytes` (its `base` directory): half its size,
 * PGlite's 128 MB at least, `maxMb` (PGLITE_SHARED_BUFFERS_MB) at most. Each page PostgreSQL reads past its cache crosses from WebAssembly to Node's file system, and a send to 100,000 users
 * among millions of deliveries touches ~200 MB of index pages, which 128 MB cannot hold: the same
 * writes took 1.9 s with 128 MB and 1.1-1.5 s with 512 (docs/benchmarks.md, "PGlite's buffer
 * cache"). PGlite takes the whole cache at start (512 MB: +1.3 s and ~430 MB resident), so a small
 * database (the demo's, ~45 MB) starts with PGlite's own.
 */
export function pgliteSharedBuffersMb(dataBytes: number, maxMb: number): number {
  const halfMb = Math.ceil(dataBytes / 2 / 1024 / 1024 / 16) * 16;
  return Math.min(maxMb, Math.max(PGLITE_SHARED_BUFFERS_MB, halfMb));
}

/** Bytes of the files under `dir` (0 when it does not exist yet). */
function bytesUnder(dir: string): number {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/**
 * PGlite's start parameters: its own, plus for a database kept in a directory a buffer cache sized
 * by `pgliteSharedBuffersMb` and no full-page images in the WAL. An in-memory database (the tests')
 * keeps PGlite's settings: its files are already in memory. Full-page images guard against a page
 * half written by a crash of the operating system, which PGlite's `-F` (no fsync) leaves unguarded
 * anyway; without them the first change of a page after a checkpoint logs the change instead of
 * the whole 8 KB page.
 */
function pgliteStartParams(
  PGlite: typeof import('@electric-sql/pglite').PGlite,
  dir: string,
  inMemory: boolean,
  maxMb: number,
) {
  if (inMemory) return PGlite.defaultStartParams;
  const sharedBuffersMb = pgliteSharedBuffersMb(bytesUnder(path.join(dir, 'base')), maxMb);
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`, '-c', 'full_page_writes=off'];
}

async function openPglite(dir: string, timeZone: string, archive?: Blob, sharedBuffersMaxMb = 512): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // btree_gist: the exclusion constraint keeping a user's temporary absences apart (migration 0010);
  // pg_trgm: the trigram index of the users search (migration 0011); unaccent: the library's
  // full-text search configurations (migration 0025).
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const inMemory = dir.startsWith('memory://');
  // A data directory holds PG_VERSION once initialised.
  const created = inMemory || !existsSync(path.join(dir, 'PG_VERSION'));
  if (!inMemory) mkdirSync(dir, { recursive: true });
  if (archive && !inMemory) throw new Error('a PGlite archive starts only an in-memory database');
  const client = await PGlite.create({
    dataDir: dir,
    loadDataDir: archive,
    startParams: pgliteStartParams(PGlite, dir, inMemory, sharedBuffersMaxMb),
    extensions: { btree_gist, pg_trgm, unaccent },
  });
  const db = drizzle({ client, schema, casing: 'snake_case' });
  await migrate(db, { migrationsFolder });
  // The one connection asks for the `sessoes` notifications (migration 0024); nobody else listens.
  await client.exec(`set portal.avisar_sessoes = 'on'; listen sessoes`);
  await client.query(`select set_config('TimeZone', $1, false)`, [timeZone]);
  const sessionWatchers = new Set<() => void>();
  // PGlite calls its listeners in a microtask queued while it reads the committing statement's
  // answer: before that statement's caller goes on, and so before any later request's statement.
  client.onNotification((channel) => {
    if (channel === 'sessoes') for (const changed of sessionWatchers) changed();
  });
  const gate = queueInFront(client);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    created,
    pglite: client,
    gate,
    watchSessoes: (changed) => sessionWatchers.add(changed),
    // One process owns an embedded database: nothing to serialise.
    underStartupLock: (fn) => fn(),
    close: () => client.close(),
  };
}

/**
 * Puts a PriorityGate in front of the embedded database's public entry points (drizzle, pg-boss's
 * adapter and the identity provider's adapter all go through them): each statement, and each
 * transaction as a whole, holds the one connection; requests waiting for it go before background
 * work (server/db/priority.ts). Statements inside a transaction use its own handle, not these.
 */
function queueInFront(client: import('@electric-sql/pglite').PGlite): PriorityGate {
  const gate = new PriorityGate({ exclusive: true });
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => gate.run(() => query(...args))) as typeof client.query;
  client.exec = (...args) => gate.run(() => exec(...args));
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    gate.run(() => transaction(...args))) as typeof client.transaction;
  return gate;
}

/**
 * On a PostgreSQL server requests have connections of their own, but background work competes with
 * them for the server's CPUs: a background statement (or transaction, at its connect) waits while a
 * request is in flight (server/db/priority.ts). Statements inside a transaction never wait.
 */
function deferBackground(pool: import('pg').Pool): PriorityGate {
  const gate = new PriorityGate({ exclusive: false });
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: typeof query }).query = (...args) =>
    // The callback form (pg's own internals) goes straight through.
    typeof args[args.length - 1] === 'function' ? query(...args) : gate.run(() => query(...args));
  (pool as unknown as { connect: typeof connect }).connect = (...args) =>
    args.length ? connect(...args) : gate.run(() => connect());
  return gate;
}
