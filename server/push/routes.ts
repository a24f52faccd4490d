import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

const SERVICE_WORKER = readFileSync(new URL('./sw.js', import.meta.url), 'utf8');

/**
 * GET /sw.js: the service worker at the site root, so its scope is the whole portal. `no-cache`:
 * the browser checks for a new version on every registration instead of keeping an old one.
 */
export function serviceWorkerRoute(app: FastifyInstance) {
  app.get('/sw.js', (_req, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('service-worker-allowed', '/')
      .send(SERVICE_WORKER),
  );
}
