import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const MIGRATIONS = path.resolve(__dirname, '../../server/db/migrations');

/**
 * A migration on a database that already holds data: an in-memory PGlite migrated up to migration
 * `ate` (its journal index), for the test to fill; `migrarTudo` then runs the rest, and `fechar`
 * closes it and removes the copy of the migrations folder.
 */
export async function bancoAte(ate: number) {
  const pasta = mkdtempSync(path.join(os.tmpdir(), `migracoes-ate-${ate}-`));
  cpSync(MIGRATIONS, pasta, { recursive: true });
  const journalPath = path.join(pasta, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= ate);
  writeFileSync(journalPath, JSON.stringify(journal));
  const client = await PGlite.create({ extensions: { btree_gist, pg_trgm, unaccent } });
  const db = drizzle({ client });
  await migrate(db, { migrationsFolder: pasta });
  return {
    client,
    migrarTudo: () => migrate(db, { migrationsFolder: MIGRATIONS }),
    fechar: async () => {
      await client.close();
      rmSync(pasta, { recursive: true, force: true });
    },
  };
}
