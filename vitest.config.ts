import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default (CPUs - 1) is one worker on a 2-CPU machine, which then sits half idle while
    // API tests wait on their portal and the database: two workers there cut the run by ~40%.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: [
            'src/**/*.test.{ts,tsx}',
            'providers/**/*.test.{ts,tsx}',
            'resources/**/*.test.{ts,tsx}',
            'i18n/**/*.test.ts',
            'domain/**/*.test.ts',
          ],
          setupFiles: ['tests/setup-client.ts'],
          // ra-data-graphql imports @apollo/client in a way plain Node ESM rejects.
          server: { deps: { inline: ['ra-data-graphql', '@apollo/client'] } },
        },
      },
      {
        // Node loads graphql's CommonJS build for Yoga; Vite would pick the .mjs one for our files,
        // and graphql refuses to mix the two copies.
        resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'tests/api/**/*.test.ts'],
          testTimeout: 30_000,
          globalSetup: ['tests/api/global-setup.ts'],
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
