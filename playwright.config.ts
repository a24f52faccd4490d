import { defineConfig } from '@playwright/test';
import { JOURNEYS_LAUNCH } from './scripts/chromium';
import { PORTAL_TIME_ZONE_DEFAULT } from './server/db/timeZone';
import { E2E_URL } from './tests/e2e/server';

// One shard of the suite when npm test runs two at once (E2E_SHARD, with its own E2E_PORT): its
// failures' artifacts and its report apart from the other's.
const shard = process.env.E2E_SHARD ? `-${process.env.E2E_SHARD}` : '';

// Journeys in Debian's Chromium against the real server, started as the README starts it (npm start).
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/e2e-artifacts${shard}`,
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [['list'], ['json', { outputFile: `test-results/playwright${shard}.json` }]],
  use: {
    baseURL: E2E_URL,
    locale: 'pt-BR',
    // Users in Brasília, the portal's time zone (PORTAL_TIME_ZONE's default): their browser's today
    // is the server's, whatever the test machine's clock zone.
    timezoneId: PORTAL_TIME_ZONE_DEFAULT,
    // No trace unless asked (E2E_TRACE=retain-on-failure: DOM snapshots, network and console of a
    // failed test): it records every action of every test, passed or not, and cost the journeys 12%
    // of their CPU (docs/benchmarks.md, "Test time"). A failure still leaves its screenshot and the
    // page's accessibility snapshot (error-context.md).
    trace: { mode: (process.env.E2E_TRACE as 'retain-on-failure' | undefined) ?? 'off', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: JOURNEYS_LAUNCH,
  },
});
