import { buildApp } from './app';
import { loadConfig } from './config';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, hasDemoAccounts } from './db/seed';
import { startLine } from './logging';

/** How long a stop waits for requests and jobs in flight before it gives up and exits non-zero. */
const SHUTDOWN_GRACE_MS = 25_000;

const config = loadConfig();
const { app, database, close } = await buildApp(config);

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
const demo = (await hasDemoAccounts(database.db)) ? { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD } : null;
app.log.info(startLine(config, demo));
