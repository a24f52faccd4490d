import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/client';

const journal = JSON.parse(readFileSync(new URL('./db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
  entries: unknown[];
};

/**
 * Probes for an orchestrator or load balancer: /health/live answers while the process runs;
 * /health/ready while it can serve (database reachable, every committed migration applied) and
 * not while it is stopping, so traffic moves away before the last requests finish.
 */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });

  app.get('/health/live', async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/health/ready', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    if (stopping) return reply.code(503).send({ status: 'stopping' });
    let migrations: number;
    try {
      const { rows } = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      migrations = rows[0].n;
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: false });
    }
    const migrated = migrations >= journal.entries.length;
    return reply
      .code(migrated ? 200 : 503)
      .send({ status: migrated ? 'ok' : 'unavailable', database: true, migrations: migrated });
  });
}
