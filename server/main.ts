import { buildApp } from './app';
import { loadConfig } from './config';

/** How long a stop waits for requests and jobs in flight before it gives up and exits non-zero. */
const SHUTDOWN_GRACE_MS = 25_000;

const config = loadConfig();
const { app, close } = await buildApp(config);

// SIGTERM (an orchestrator, `npm start` forwarding it) and SIGINT (Ctrl+C): stop taking requests,
// let those in flight and the job in hand finish, close the database, exit 0.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: stopping`);
    setTimeout(() => {
      app.log.error(`still stopping after ${SHUTDOWN_GRACE_MS} ms: exiting`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'stop failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `portal at ${config.publicUrl} on Node ${process.versions.node} (database: ${config.databaseUrl ? 'PostgreSQL server' : 'PGlite'})`,
);
