import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Kind, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import client from 'prom-client';
import type { Database } from './db/client';

// Prometheus metrics at /metrics (issue #11): request rates and latencies by route, GraphQL
// latencies by root field (bounded by the schema, never by client-chosen operation names), the
// database pool and the job queues. Served only when METRICS_TOKEN is set, to callers sending it
// as a bearer token.

export interface Metrics {
  registry: client.Registry;
  graphqlPlugin: Plugin;
}

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(database: Database): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  const graphql = new client.Histogram({
    name: 'portal_graphql_field_duration_seconds',
    help: 'GraphQL executions by root field (Query.x / Mutation.x) and outcome',
    labelNames: ['field', 'outcome'],
    buckets: BUCKETS,
    registers: [registry],
  });
  new client.Gauge({
    name: 'portal_db_pool_connections',
    help: 'Connections of the PostgreSQL pool by state (total, idle, waiting clients)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = database.pool;
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new client.Gauge({
    name: 'portal_jobs',
    help: 'Background jobs pending or running, by queue and status',
    labelNames: ['queue', 'status'],
    registers: [registry],
    async collect() {
      this.reset();
      const { rows } = await database.db.execute<{ fila: string; status: string; n: number }>(
        sql`select fila, status, count(*)::int as n from jobs where status in ('PENDENTE', 'EXECUTANDO') group by 1, 2`,
      );
      for (const row of rows) this.set({ queue: row.fila, status: row.status }, row.n);
    },
  });

  const graphqlPlugin: Plugin = {
    onExecute({ args }) {
      const field = rootFieldOf(args.document, args.operationName ?? undefined);
      const end = graphql.startTimer({ field });
      return {
        onExecuteDone({ result }) {
          const errors = 'errors' in result && result.errors?.length;
          end({ outcome: errors ? 'error' : 'ok' });
        },
      };
    },
  };
  return { registry, graphqlPlugin };
}

/** `Query.dealers` for `query { dealers(...) { ... } }`: the first root field of the operation run. */
function rootFieldOf(document: DocumentNode, operationName?: string): string {
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode =>
      d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
  );
  const first = operation?.selectionSet.selections.find((s) => s.kind === Kind.FIELD);
  const root = operation?.operation === 'mutation' ? 'Mutation' : 'Query';
  return first && first.kind === Kind.FIELD ? `${root}.${first.name.value}` : 'unknown';
}

export async function metricsRoutes(app: FastifyInstance, { metrics, token }: { metrics: Metrics; token?: string }) {
  const requests = new client.Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: BUCKETS,
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    requests.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', async (req, reply) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(401).send({ code: 'UNAUTHENTICATED' });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
