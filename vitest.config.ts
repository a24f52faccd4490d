import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * A library timer that fires after a client test file's DOM environment is gone (react-admin's
 * useReferenceParams defers a state change with setTimeout(0); seen under load in CI) throws
 * "window is not defined" with nothing but node_modules and Node's own frames on its stack. No
 * test can fail from it, so it does not fail the run; an error with one of our frames still does.
 */
function isLateLibraryTimer(error: { name?: string; message?: string; stack?: string }) {
  if (error.name !== 'ReferenceError' || error.message !== 'window is not defined') return false;
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trim().startsWith('at '));
  return frames.length > 0 && frames.every((line) => /node_modules\/|\(node:|at node:/.test(line));
}

export default defineConfig({
  test: {
    // Vitest's default (CPUs - 1) is one worker on a 2-CPU machine, which then sits half idle while
    // API tests wait on their portal and the database: two workers there cut the run by ~40%.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    onUnhandledError: (error) => !isLateLibraryTimer(error),
    projects: [
      {
        test: {
          name: 'client',
          environment: 'happy-dom',
          // Each file imported react-admin and MUI afresh (~2.4 s a file): a worker now runs its files
          // in one module graph and one window. tests/setup-client.ts puts back, after each file,
          // what a file can leave behind (page, storage, history, Emotion's styles, the token getter).
          isolate: false,
          include: [
            'src/**/*.test.{ts,tsx}',
            'providers/**/*.test.{ts,tsx}',
            'resources/**/*.test.{ts,tsx}',
            'i18n/**/*.test.ts',
            'domain/**/*.test.ts',
          ],
          setupFiles: ['tests/setup-client.ts'],
          // Vitest's 5 s is short for a test that renders the whole App or a form page on a loaded
          // 2-CPU machine (routes.test.tsx's cases ran out at load 15 while passing in 1-2 s quiet).
          testTimeout: 15_000,
        },
      },
      {
        // Node loads graphql's CommonJS build for Yoga; Vite would pick the .mjs one for our files,
        // and graphql refuses to mix the two copies.
        resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
        test: {
          name: 'server',
          environment: 'node',
          // Each API test file imported the server afresh (~200 modules, 3-6 s a file, a third of
          // the stage under load): a worker now runs its files in one module graph. Each file starts
          // its own portals and databases; what a module keeps between them (the password hashing
          // settings) is set by every portal's start, and a test that changes it sets it first.
          isolate: false,
          // The flags of scripts/nodeProcess.ts (the config loader cannot import it without an extension).
          execArgv: ['--no-memory-protection-keys'],
          include: ['server/**/*.test.ts', 'tests/api/**/*.test.ts', 'scripts/**/*.test.ts'],
          // CI runs this project beside the journeys at a low priority: a test that starts a portal of
          // its own (a fresh embedded database, migrated) ran past 30 s there while passing in 5 s alone.
          testTimeout: 60_000,
          globalSetup: ['tests/api/global-setup.ts'],
          // A file's portals start in its beforeAll: beside the journeys at a low priority, over 120 s.
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
