import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { setPasswordHashCost } from '../../server/auth/passwords';
import { openDatabase } from '../../server/db/client';
import { seedIfEmpty } from '../../server/db/seed';
import { SEEDED_ARCHIVE_ENV, SEEDED_TEMPLATE_ENV, TEST_PASSWORD_HASH_COST } from './portal';

/**
 * Migrating and seeding a database costs 3–4 s on PGlite (its initdb alone 2.5 s) and about 2 s on
 * the PostgreSQL server, and the API tests start about thirty portals. The database is migrated
 * and seeded once here, as a portal's start does it (nothing else: no job, no key); each test
 * portal then starts from a copy of it: a PGlite archive loaded into memory, or a PostgreSQL
 * database created from a template.
 */
export default async function setup() {
  // The demo users' password hash, as the test portals (startPortal) make theirs.
  setPasswordHashCost(Number(TEST_PASSWORD_HASH_COST));
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const seeded = await openDatabase({ pgliteDir: 'memory://' });
    await seedIfEmpty(seeded.db);
    // Without a checkpoint the archive holds sequences as WAL replay leaves them (32 values ahead),
    // and the copies would number new rows differently from a freshly seeded database.
    await seeded.pglite!.query('checkpoint');
    const archive = await seeded.pglite!.dumpDataDir('none');
    await seeded.close();
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-tests-'));
    const file = path.join(dir, 'seeded.tar');
    writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
    process.env[SEEDED_ARCHIVE_ENV] = file;
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const name = `portal_tpl_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const seeded = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'unused' });
  await seedIfEmpty(seeded.db);
  await seeded.close();
  process.env[SEEDED_TEMPLATE_ENV] = name;
  return async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
