// Prints the closing lines of scripts/test-all.sh: each failed test (file, name, the head of its
// error on one line: CI's log is read from its end, and an assertion's diff is the part that tells
// what went wrong), then 'N passed, N failed, N skipped'.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? 'test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
/** The error's first dozen non-empty lines, without colours, joined on one line. */
const errorHead = (text = '') =>
  text
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 12)
    .join(' | ');

/** Playwright's suites nest; each spec holds its tests and their tries. */
function playwrightFailures(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const error = test.results?.at(-1)?.error?.message;
      failures.push(`${file}: ${suite.file ?? ''} > ${spec.title}: ${errorHead(error)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, file);
}

for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  if ('numPassedTests' in report) {
    // vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    for (const result of report.testResults ?? []) {
      // A file that failed outside its tests (a hook, an import) fails the run with its message.
      if (result.status === 'failed' && !(result.assertionResults ?? []).some((a) => a.status === 'failed')) {
        failed += 1;
        failures.push(`${file}: ${path.relative(process.cwd(), result.name)}: ${errorHead(result.message)}`);
      }
      for (const assertion of result.assertionResults ?? []) {
        if (assertion.status !== 'failed') continue;
        const where = path.relative(process.cwd(), result.name);
        failures.push(`${file}: ${where} > ${assertion.fullName}: ${errorHead(assertion.failureMessages?.[0])}`);
      }
    }
  } else if (report.stats) {
    // Playwright
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    for (const suite of report.suites ?? []) playwrightFailures(suite, file);
  }
}
for (const failure of failures) console.log(`FAILED ${failure.slice(0, 1500)}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
