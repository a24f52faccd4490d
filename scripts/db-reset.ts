// npm run db:reset: drops the database's content, migrates and loads the demo seed again: always on
// PGlite (the directory is new), on a PostgreSQL server only with SEED_DEMO=true (README).
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedIfEmpty, wantsDemo } from '../server/db/seed';
import { ensureReferenceData } from '../server/db/seed/reference';

const config = loadConfig();
if (config.databaseUrl) {
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  await client.query(
    'drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;',
  );
  await client.end();
} else {
  rmSync(path.join(config.dataDir, 'pgdata'), { recursive: true, force: true });
}
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pgdata'),
});
const demo = wantsDemo(config.seedDemo, database);
if (demo) await seedIfEmpty(database.db);
else await ensureReferenceData(database.db);
await database.close();
console.log(
  demo
    ? `database reset and seeded (${database.kind})`
    : `database reset without the demo data (${database.kind}; SEED_DEMO=true loads it)`,
);
