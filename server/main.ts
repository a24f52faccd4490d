import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const { app, close } = await buildApp(config);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    close().finally(() => process.exit(0));
  });
}
await app.listen({ port: config.port, host: config.host });
app.log.info(`portal at ${config.publicUrl} (database: ${config.databaseUrl ? 'PostgreSQL server' : 'PGlite'})`);
