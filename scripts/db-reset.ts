// npm run db:reset: drops the database's content, migrates and loads the demo seed again.
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedIfEmpty } from '../server/db/seed';

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
await seedIfEmpty(database.db);
await database.close();
console.log(`database reset and seeded (${database.kind})`);
