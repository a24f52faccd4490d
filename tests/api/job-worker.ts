import { openDatabase } from '../../server/db/client';
import { startJobs } from '../../server/jobs';

// A separate portal process working one queue, for tests/api/jobs-processes.test.ts: its handler
// reports progress, then hangs until the test kills the process (kill -9).
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: 'memory://', poolSize: 2 });
await startJobs(database, {
  register: false,
  pollingIntervalSeconds: 0.5,
  handlers: {
    pendurado: {
      heartbeatSeconds: 10,
      retryLimit: 1,
      retryDelay: 1,
      handler: async ({ progress }) => {
        await progress(1, 10);
        process.stdout.write('running\n');
        await new Promise(() => undefined);
      },
    },
  },
});
process.stdout.write('ready\n');
