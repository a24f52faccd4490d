import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, DEMO, freePort, signIn, startPortal, type TestPortal } from './portal';
import { typescriptEntry } from '../../scripts/nodeProcess';

// What an operator relies on (issue #11): health probes, compressed answers, a clean stop.

describe('health and compression', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal?.close());

  it('answers liveness and readiness (database reachable, every migration applied)', async () => {
    const live = await fetch(`${portal.url}/health/live`);
    expect([live.status, await live.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await fetch(`${portal.url}/health/ready`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ok', database: true, migrations: true }]);
  });

  it('compresses JSON answers with brotli when the client accepts it', async () => {
    const { access_token } = await signIn(portal, DEMO.super);
    const response = await fetch(`${portal.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br', authorization: `Bearer ${access_token}` },
      body: JSON.stringify({
        query: '{ dealers(filterInput: { rowsPerPage: 50 }) { content { id nomeExibicao razaoSocial cnpj } } }',
      }),
    });
    expect(response.headers.get('content-encoding')).toBe('br');
    // fetch decodes it: the page of 20 demo dealers, well over the 1 KB threshold.
    const body = (await response.json()) as { data: { dealers: { content: unknown[] } } };
    expect(body.data.dealers.content).toHaveLength(20);
  });

  it('sends an answer under the 1 KB threshold as it is, with its length', async () => {
    const response = await fetch(`${portal.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(response.headers.get('content-encoding')).toBeNull();
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ data: { __typename: 'Query' } });
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
  });

  it('reports not ready while stopping, and closes', async () => {
    const own = await startPortal();
    const closing = own.close();
    const during = await fetch(`${own.url}/health/ready`).then(
      (r) => r.status,
      () => 'refused',
    );
    await closing;
    expect([503, 'refused']).toContain(during);
  });
});

describe('Prometheus metrics', () => {
  it('are served only with METRICS_TOKEN, to a caller sending it, by route, root field, pool and queue', async () => {
    const closed = await startPortal();
    try {
      expect((await fetch(`${closed.url}/metrics`)).status).toBe(404);
    } finally {
      await closed.close();
    }
    const portal = await startPortal({ METRICS_TOKEN: 's3cret-scrape-token' });
    try {
      await fetch(`${portal.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          operationName: 'chosenByTheClient',
          query: 'query chosenByTheClient { i18nLabels { key } }',
        }),
      });
      expect((await fetch(`${portal.url}/metrics`)).status).toBe(401);
      const wrong = await fetch(`${portal.url}/metrics`, { headers: { authorization: 'Bearer s3cret-scrape-tokeX' } });
      expect(wrong.status).toBe(401);
      const scrape = await fetch(`${portal.url}/metrics`, { headers: { authorization: 'Bearer s3cret-scrape-token' } });
      expect(scrape.status).toBe(200);
      const text = await scrape.text();
      expect(text).toMatch(
        /portal_http_request_duration_seconds_count\{method="POST",route="\/graphql",status="200"\} 1/,
      );
      expect(text).toMatch(/portal_graphql_field_duration_seconds_count\{field="Query.i18nLabels",outcome="ok"\} 1/);
      expect(text).not.toContain('chosenByTheClient');
      expect(text).toContain('# TYPE portal_jobs gauge');
      if (portal.database.kind === 'postgres') expect(text).toMatch(/portal_db_pool_connections\{state="total"\} \d+/);
    } finally {
      await portal.close();
    }
  });
});

// Spawns `npm start` on its own embedded database: once, in the PGlite pass of the suite.
describe.skipIf(Boolean(process.env.DATABASE_URL))('npm start and SIGTERM', () => {
  it('finishes the request in flight, exits 0 and leaves no process behind', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-stop-'));
    const npm = spawn('npm', ['start'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    try {
      for (let i = 0; ; i++) {
        const ok = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (i > 400) throw new Error('portal did not become ready');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const server = execFileSync('pgrep', ['-P', String(npm.pid)], { encoding: 'utf8' })
        .trim()
        .split('\n');

      // A request whose body is still arriving when the stop begins.
      const body = JSON.stringify({ query: '{ i18nLabels { key } }' });
      // (a public query: the answer only has to arrive whole)
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: '/graphql',
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString() }));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 10));
        setTimeout(() => {
          npm.kill('SIGTERM');
          setTimeout(() => req.end(body.slice(10)), 500);
        }, 200);
      });
      const { status, text } = await answer;
      expect(status).toBe(200);
      expect(JSON.parse(text)).toEqual({ data: { i18nLabels: expect.any(Array) } });
      expect(await exited).toBe(0);
      for (const pid of server) {
        expect(() => process.kill(Number(pid), 0)).toThrow();
      }
    } finally {
      npm.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const postgresUp = await new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 }).connect().then(
  () => true,
  () => false,
);

// In the PostgreSQL pass of the suite (DATABASE_URL set) only.
describe.skipIf(!process.env.DATABASE_URL || !postgresUp)(
  'three processes starting at once on one empty PostgreSQL database',
  () => {
    it(
      'all come up, the database is migrated and seeded once, and each stops with 0',
      { timeout: 240_000 },
      async () => {
        const testDb = await createTestDatabase(adminUrl);
        const ports = [await freePort(), await freePort(), await freePort()];
        const children = ports.map((port) =>
          spawn(...typescriptEntry('server/main.ts'), {
            cwd: path.resolve(import.meta.dirname, '../..'),
            env: {
              ...process.env,
              PORT: String(port),
              HOST: '127.0.0.1',
              DATABASE_URL: testDb.url,
              SEED_DEMO: 'true',
              SERVE_CLIENT: 'false',
              LOG_LEVEL: 'warn',
            },
            stdio: ['ignore', 'ignore', 'inherit'],
          }),
        );
        const exits = children.map((child) => new Promise<number | null>((resolve) => child.once('exit', resolve)));
        try {
          for (const port of ports) {
            for (let i = 0; ; i++) {
              const ready = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
                (r) => r.ok,
                () => false,
              );
              if (ready) break;
              if (i > 600) throw new Error(`process on ${port} did not become ready`);
              await new Promise((resolve) => setTimeout(resolve, 250));
            }
          }
          const client = new pg.Client({ connectionString: testDb.url });
          await client.connect();
          const { rows } = await client.query(
            "select count(*)::int as demo, (select count(*)::int from usuarios) as total from usuarios where email = 'super@portal.test'",
          );
          await client.end();
          expect(rows[0].demo).toBe(1);
          expect(rows[0].total).toBeGreaterThan(50);
          for (const child of children) child.kill('SIGTERM');
          expect(await Promise.all(exits)).toEqual([0, 0, 0]);
        } finally {
          for (const child of children) child.kill('SIGKILL');
          await testDb.drop();
        }
      },
    );
  },
);
