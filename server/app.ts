import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { createYoga } from 'graphql-yoga';
import { translate } from '../i18n';
import { APP_VERSION } from '../domain/limits';
import { forgotPasswordRoutes } from './auth/forgotPassword';
import { interactionRoutes } from './auth/interactions';
import { pruneExpired } from './auth/oidcAdapter';
import { pickIdioma } from './auth/language';
import { MIN_PRODUCTION_HASH_COST, setPasswordHashConcurrency, setPasswordHashCost } from './auth/passwords';
import { createOidcProvider, SCOPES, SIGN_OUT_SCRIPT, SIGN_OUT_SCRIPT_PATH } from './auth/provider';
import { keepSessionUsers } from './auth/accounts';
import { sessionFromAuthorization } from './auth/session';
import { createTokenVerifier } from './auth/verify';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { seedIfEmpty, wantsDemo } from './db/seed';
import { ensureReferenceData } from './db/seed/reference';
import { jobHandlers, listExports } from './features';
import { exportRoutes } from './export';
import { documentoRoutes } from './features/ausencias';
import { avatarRoutes } from './features/minhaConta';
import { anexoDownloadRoutes, anexoRoutes } from './features/comunicados';
import { bibliotecaDownloadRoutes } from './features/biblioteca';
import { importarUsuariosRoutes } from './features/importarUsuarios';
import { loadProperties } from './features/plataforma';
import { browserLogGroup, logRoutes } from './features/logs/routes';
import type { Session } from './authz';
import type { Context } from './graphql/context';
import { jitPlugin } from './graphql/jit';
import { limitPlugins, parserAndValidationCache } from './graphql/limits';
import { refusalBudget } from './graphql/refusals';
import { buildSchema } from './graphql/schema';
import { startJobs } from './jobs';
import { fileStoreOf } from './files';
import { bibliotecaUploadRoutes } from './files/biblioteca';
import { vitrineImagemRoutes } from './features/vitrine';
import { carregarSegredoLinks } from './files/links';
import { healthRoutes } from './health';
import { createMailer } from './mail';
import { createMetrics, metricsRoutes } from './metrics';
import { logFormatOf, prettyStream } from './logging';
import { serviceWorkerRoute, vapidKeys } from './push';
import { registerSecurity } from './security';

export interface App {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export interface BuildOptions {
  /** Directory of PGlite's data ('memory://' for tests); ignored with config.databaseUrl. */
  pgliteDir?: string;
  /** A PGlite `dumpDataDir` archive the in-memory database starts from (tests: one seeded copy). */
  pgliteArchive?: Blob;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read what the server logged). */
  logStream?: { write(line: string): void };
  /** The built front end to serve (default `dist/`); tests point it at a fixture. */
  clientDir?: string;
}

/** Builds the whole portal server without listening: tests drive it over HTTP, main.ts listens. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    pgliteSharedBuffersMb: config.pgliteSharedBuffersMb,
    timeZone: config.timeZone,
    pgliteDir: options.pgliteDir ?? path.join(config.dataDir, 'pgdata'),
    pgliteArchive: options.pgliteArchive,
  });
  const { db } = database;
  if (database.watchSessoes) keepSessionUsers(db, database.watchSessoes);
  setPasswordHashConcurrency(config.passwordHashConcurrency);
  setPasswordHashCost(config.passwordHashCost);
  // Authorization reads the reference data: every database gets it, the demo only when wanted.
  // Under the start-up lock, like migrations: processes starting at once on an empty database do
  // not seed it twice.
  await database.underStartupLock(async () => {
    if (wantsDemo(config.seedDemo, database)) await seedIfEmpty(db);
    else await ensureReferenceData(db);
  });
  await carregarSegredoLinks(db, config);

  const logStream =
    options.logStream ??
    (logFormatOf(config.logFormat, process.stdout.isTTY === true) === 'pretty' ? await prettyStream() : undefined);
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) },
    trustProxy: config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
  });
  if (config.passwordHashCost < MIN_PRODUCTION_HASH_COST) {
    app.log.warn(
      `PASSWORD_HASH_COST=${config.passwordHashCost} is below OWASP's minimum (${MIN_PRODUCTION_HASH_COST}): for test runs only`,
    );
  }
  // Background work (jobs) waits while requests are in flight (server/db/priority.ts): the request
  // counts until its response is sent or its connection is gone ('close' fires either way).
  app.addHook('onRequest', (_req, reply, done) => {
    reply.raw.once('close', database.gate.requestStarted());
    done();
  });
  database.pool?.on('error', (err) =>
    app.log.warn({ err }, 'an idle database connection ended; the pool opens another when needed'),
  );
  // One file store for the whole app: routes reach it as `app.files` (server/files/serve.ts).
  const files = fileStoreOf(config);
  app.decorate('files', files);
  await registerSecurity(app, config);
  // Brotli or gzip for JSON and the built assets (text types over 1 KB), as the client accepts.
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(formbody);
  await healthRoutes(app, { db });
  const metrics = createMetrics(database);
  await metricsRoutes(app, { metrics, token: config.metricsToken });
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
    // The sign-out confirmation submits itself with this script: the CSP allows no inline script.
    app.get(SIGN_OUT_SCRIPT_PATH, (_req, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SIGN_OUT_SCRIPT),
    );
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
  // Each GraphQL request's session is looked up as soon as its headers are in (the route's
  // onRequest), so the database round trip runs while Fastify reads the body and Yoga parses and
  // validates the operation: 0.17-0.45 ms less per request at national scale (A/B in one process).
  const sessions = new WeakMap<FastifyRequest, Promise<Session | null>>();
  const sessionOf = (req: FastifyRequest) =>
    sessions.get(req) ?? sessionFromAuthorization(db, verify, req.headers.authorization, app.log);
  const refusals = refusalBudget(config.graphqlLimits.refusalsPerMinute);
  const yoga = createYoga<{ req: FastifyRequest }, Context>({
    schema: buildSchema(),
    graphqlEndpoint: '/graphql',
    graphiql: false,
    // CORS is @fastify/cors's (server/security.ts); Yoga's own would reflect any Origin.
    cors: false,
    landingPage: false,
    logging: app.log,
    // Depth, aliases, tokens, cost; introspection and field suggestions off in prod.
    plugins: [...limitPlugins(config, refusals), metrics.graphqlPlugin, jitPlugin(app.log)],
    parserAndValidationCache: parserAndValidationCache(),
    context: async ({ req }) => {
      const session = await sessionOf(req);
      return {
        db,
        config,
        session,
        idioma: session?.idioma ?? pickIdioma(req.headers['accept-language']),
        request: req,
      };
    },
  });
  const { bodyLimit } = config.graphqlLimits;
  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    // Fastify refuses a larger body from its Content-Length, before reading it.
    bodyLimit,
    // An address that sent too many refused requests waits, answered before its body is read.
    onRequest: async (req, reply) => {
      const wait = refusals.waitFor(req.ip);
      if (!wait) {
        const session = sessionOf(req);
        // A request refused before Yoga reads it (body too large, not JSON) never awaits it.
        session.catch(() => undefined);
        sessions.set(req, session);
        return;
      }
      const idioma = pickIdioma(req.headers['accept-language']);
      const messageKey = 'errors.limits.tooManyRefused';
      return (
        reply
          .status(429)
          .header('retry-after', String(wait))
          // Close the connection rather than read the rest of a body nobody will use.
          .header('connection', 'close')
          .send({
            errors: [
              {
                message: translate(idioma, messageKey, { max: wait }),
                extensions: { code: 'TOO_MANY_REQUESTS', messageKey },
              },
            ],
          })
      );
    },
    // A body refused by Fastify (too large, not JSON) answers in GraphQL's shape, translated.
    errorHandler: (error, req, reply) => {
      if (!error.code?.startsWith('FST_ERR_CTP_')) throw error;
      const idioma = pickIdioma(req.headers['accept-language']);
      const tooLarge = error.statusCode === 413;
      if (tooLarge) refusals.note(req.ip);
      const messageKey = tooLarge ? 'errors.limits.body' : 'errors.invalidRequest';
      const max = Math.floor(bodyLimit / 1024);
      const extensions = { code: 'BAD_USER_INPUT', messageKey, ...(tooLarge ? { limit: 'body', max } : {}) };
      return reply
        .status(error.statusCode ?? 400)
        .send({ errors: [{ message: translate(idioma, messageKey, { max }), extensions }] });
    },
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req });
      response.headers.forEach((value, key) => reply.header(key, value));
      reply.status(response.status);
      // As text, not Yoga's stream (no operation streams: no subscriptions, @defer or @stream): a
      // stream has no length, so @fastify/compress piped every answer through zlib, a 31-byte one
      // too (~1 ms a request); a string under 1 KB goes as is, a larger one is compressed at once.
      reply.send(await response.text());
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

  // The Web Push key pair exists from the first start (generated and kept unless configured).
  const { publicKey } = await vapidKeys(db, config);
  serviceWorkerRoute(app);

  // Start-up settings of the single-page app (spec section 3); the manifest holds the public push key.
  app.get('/config.json', async () => ({
    identityServer: { authority: config.oidcIssuer, clientId: config.oidcClientId, scope: SCOPES },
    manifest: { publicKey },
    properties: {
      appVersion: APP_VERSION,
      environment: config.environment,
      logGroupName: browserLogGroup(config.environment),
    },
  }));

  await logRoutes(app, { db, config, verify });
  await exportRoutes(app, { db, verify, exports: listExports, files });
  await documentoRoutes(app, { db, verify, files });
  await avatarRoutes(app, { db, verify, files });
  await anexoRoutes(app, { db, verify, config, files });
  await anexoDownloadRoutes(app, { db, verify, files });
  await bibliotecaDownloadRoutes(app, { db, verify });
  await importarUsuariosRoutes(app, { db, verify, config, files });
  await bibliotecaUploadRoutes(app, { db, verify, files });
  await vitrineImagemRoutes(app, { db, verify, files });
  await serveClient(app, config, options.clientDir ?? path.resolve('dist'));

  // Background jobs (server/jobs, pg-boss): this process works its share of every queue. Closing
  // stops pg-boss gracefully (bounded) before the database closes.
  const jobQueue = await startJobs(database, {
    handlers: jobHandlers(config, app.log),
    log: app.log,
    files,
  });
  app.addHook('onClose', async () => {
    await jobQueue.stop();
    await files.close();
  });

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
async function serveClient(app: FastifyInstance, config: Config, root: string) {
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
