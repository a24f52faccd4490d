import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { createYoga } from 'graphql-yoga';
import { APP_VERSION } from '../domain/limits';
import { forgotPasswordRoutes } from './auth/forgotPassword';
import { interactionRoutes } from './auth/interactions';
import { pruneExpired } from './auth/oidcAdapter';
import { pickIdioma } from './auth/language';
import { createOidcProvider, SCOPES } from './auth/provider';
import { sessionFromAuthorization } from './auth/session';
import { createTokenVerifier } from './auth/verify';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { seedIfEmpty } from './db/seed';
import { jobHandlers, listExports } from './features';
import { exportRoutes } from './export';
import { loadProperties } from './features/plataforma';
import { logRoutes } from './features/logs/routes';
import type { Context } from './graphql/context';
import { buildSchema } from './graphql/schema';
import { startJobs } from './jobs';
import { createMailer } from './mail';

export interface App {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export interface BuildOptions {
  /** Directory of PGlite's data ('memory://' for tests); ignored with config.databaseUrl. */
  pgliteDir?: string;
  logger?: boolean;
}

/** Builds the whole portal server without listening: tests drive it over HTTP, main.ts listens. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    pgliteDir: options.pgliteDir ?? path.join(config.dataDir, 'pgdata'),
  });
  const { db } = database;
  if (config.seedDemo) await seedIfEmpty(db);

  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
  });
  await app.register(formbody);
  await app.register(rateLimit, { global: false });
  const mailer = createMailer(config, db, app.log);

  if (config.embeddedOidc) {
    const provider = await createOidcProvider(config, db);
    const mount = new URL(config.oidcIssuer).pathname;
    await app.register(async (scope) => {
      // oidc-provider reads its own request bodies: leave the stream untouched.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
      const callback = provider.callback();
      scope.all(`${mount}/*`, (req, reply) => {
        reply.hijack();
        const raw = req.raw as typeof req.raw & { originalUrl?: string };
        raw.originalUrl = raw.url;
        raw.url = raw.url!.slice(mount.length) || '/';
        callback(raw, reply.raw);
      });
    });
    await interactionRoutes(app, { provider, db, config });
    // Expired sessions, codes and grants are never read again; keep the table small.
    const prune = setInterval(
      () => pruneExpired(db).catch((err) => app.log.warn({ err }, 'oidc prune failed')),
      3_600_000,
    );
    prune.unref();
    app.addHook('onClose', async () => clearInterval(prune));
  }
  await forgotPasswordRoutes(app, { db, config, mailer });

  const verify = await createTokenVerifier(config, db);
  const yoga = createYoga<{ req: import('fastify').FastifyRequest }, Context>({
    schema: buildSchema(),
    graphqlEndpoint: '/graphql',
    graphiql: false,
    landingPage: false,
    logging: app.log,
    context: async ({ req }) => {
      const session = await sessionFromAuthorization(db, verify, req.headers.authorization);
      return {
        db,
        config,
        session,
        idioma: session?.idioma ?? pickIdioma(req.headers['accept-language']),
        request: req,
      };
    },
  });
  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req });
      response.headers.forEach((value, key) => reply.header(key, value));
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });

  app.get('/portalProperties', async () => {
    const props = await loadProperties(db, config);
    return {
      favicon: props.favicon,
      name: props.name,
      realm: config.realm,
      tiposUsuarioDocumentoObrigatorio: props.tiposUsuarioDocumentoObrigatorio,
      tiposUsuarioInformarCargo: props.tiposUsuarioInformarCargo,
      tiposUsuarioInformarGestao: props.tiposUsuarioInformarGestao,
      informarDepartamentoCargo: props.informarDepartamentoCargo,
      portalAnalyticsCode: props.portalAnalyticsCode,
    };
  });

  // Start-up settings of the single-page app (spec section 3).
  app.get('/config.json', async () => ({
    identityServer: { authority: config.oidcIssuer, clientId: config.oidcClientId, scope: SCOPES },
    manifest: { publicKey: null },
    properties: {
      appVersion: APP_VERSION,
      environment: config.environment,
      logApiKey: config.logApiKey,
      logGroupName: `portal-logs-${config.environment}`,
    },
  }));

  await logRoutes(app, { db, config });
  await exportRoutes(app, { db, verify, exports: listExports });
  await serveClient(app, config);

  // Background jobs (server/jobs, pg-boss): this process works its share of every queue. Closing
  // stops pg-boss gracefully (bounded) before the database closes.
  const jobQueue = await startJobs(database, { handlers: jobHandlers, log: app.log });
  app.addHook('onClose', () => jobQueue.stop());

  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The built front end (dist/), with index.html for every client route. */
async function serveClient(app: FastifyInstance, config: Config) {
  const root = path.resolve('dist');
  if (!config.serveClient || !existsSync(path.join(root, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root,
    index: 'index.html',
    // Built assets carry a content hash in their names: cache them for good.
    setHeaders(reply, filePath) {
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && (req.headers.accept ?? '').includes('text/html')) {
      return reply.sendFile('index.html');
    }
    return reply.code(404).send({ code: 'NOT_FOUND' });
  });
}
