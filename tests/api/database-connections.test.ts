import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DEMO, gql, signIn, startPortal } from './portal';

// In the PostgreSQL pass of the suite (DATABASE_URL set) only: PGlite has no connections to lose.
describe.runIf(process.env.DATABASE_URL)('PostgreSQL connections ended by the server', () => {
  it('are replaced: the portal keeps answering and logs what happened', async () => {
    const log: string[] = [];
    const portal = await startPortal({}, { log });
    try {
      const token = (await signIn(portal, DEMO.super)).access_token;
      const ask = () => gql<{ usuarioLogado: { email: string } }>(portal, '{ usuarioLogado { email } }', {}, token);
      expect((await ask()).data?.usuarioLogado.email).toBe(DEMO.super);

      // As a server restart or an operator would: end every other connection to this database.
      const admin = new pg.Client({ connectionString: portal.config.databaseUrl });
      await admin.connect();
      const ended = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      await admin.end();
      expect(ended.rowCount).toBeGreaterThan(0);

      // A request that takes a connection in the moment before the pool hears it ended fails; the
      // process goes on, and the next ones are answered on new connections.
      await expect.poll(() => log.some((line) => line.includes('an idle database connection ended'))).toBe(true);
      await expect.poll(async () => (await ask()).data?.usuarioLogado.email, { timeout: 5_000 }).toBe(DEMO.super);
      expect((await ask()).data?.usuarioLogado.email).toBe(DEMO.super);
    } finally {
      await portal.close();
    }
  });
});
