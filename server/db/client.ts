import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync, mkdirSync } from 'node:fs';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
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
}): Promise<Database> {
  const database = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, opts.poolSize ?? 10)
    : await openPglite(opts.pgliteDir, opts.pgliteArchive);
  return database;
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Dates stay ISO strings (yyyy-mm-dd) as in PGlite, instead of local-midnight Date objects.
  pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
  // No JIT compilation: the portal's queries are short, and a plan estimated above jit_above_cost
  // (a search over 100,000 users) spent 17-40 ms compiling for a 30 ms query. PGlite has no JIT.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c jit=off' });
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
    url,
    underStartupLock: (fn) => underStartupLock(() => fn()),
    close: () => pool.end(),
  };
}

async function openPglite(dir: string, archive?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // btree_gist: the exclusion constraint keeping a user's temporary absences apart (migration 0010);
  // pg_trgm: the trigram index of the users search (migration 0011).
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const inMemory = dir.startsWith('memory://');
  // A data directory holds PG_VERSION once initialised.
  const created = inMemory || !existsSync(path.join(dir, 'PG_VERSION'));
  if (!inMemory) mkdirSync(dir, { recursive: true });
  if (archive && !inMemory) throw new Error('a PGlite archive starts only an in-memory database');
  const client = await PGlite.create({ dataDir: dir, loadDataDir: archive, extensions: { btree_gist, pg_trgm } });
  const db = drizzle({ client, schema, casing: 'snake_case' });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    created,
    pglite: client,
    // One process owns an embedded database: nothing to serialise.
    underStartupLock: (fn) => fn(),
    close: () => client.close(),
  };
}
