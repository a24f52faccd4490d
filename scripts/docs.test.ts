import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../domain/routes';

/**
 * The README and docs/ are a newcomer's map: every file, folder, npm script and screen route they
 * name must exist, so a rename that forgets them fails here instead of misleading the next reader.
 */
const root = path.resolve(import.meta.dirname, '..');
const docs = ['README.md', ...readdirSync(path.join(root, 'docs')).map((f) => `docs/${f}`)].filter(
  // The product specification is the customer's text, kept as given.
  (f) => f.endsWith('.md') && f !== 'docs/spec.md',
);
const TOP = /^(server|src|domain|scripts|tests|resources|providers|i18n|docs|\.ci)\//;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-server', 'data', 'test-results', 'bench-results', '.git']);

function files(dir: string, into = new Set<string>()): Set<string> {
  for (const entry of readdirSync(dir)) {
    if (SKIP_DIRS.has(entry)) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) files(full, into);
    else into.add(entry);
  }
  return into;
}
const basenames = files(root);
const scripts = Object.keys(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts);
const routePaths = new Set(ROUTES.map((r) => r.path));

/** Backticked spans, with placeholders (`<name>`, `{id}`, globs) and ellipses left out. */
function codeSpans(text: string): string[] {
  return [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!).filter((s) => !/[<>{}*]|\.\.\./.test(s));
}

function missingIn(doc: string): string[] {
  const text = readFileSync(path.join(root, doc), 'utf8');
  const missing: string[] = [];
  for (const span of codeSpans(text)) {
    const token = span.replace(/:\d+$/, '');
    if (TOP.test(token) && !/\s/.test(token)) {
      if (!existsSync(path.join(root, token))) missing.push(token);
    } else if (/^[\w.-]+\.(test\.tsx?|spec\.ts|tsx?|mjs|md|sh)$/.test(token) && !basenames.has(token)) {
      missing.push(token);
    }
    const npmRun = /^npm run ([\w:-]+)/.exec(span);
    if (npmRun && !scripts.includes(npmRun[1]!)) missing.push(span);
  }
  for (const m of text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
    const target = m[1]!;
    if (/^[a-z]+:/.test(target)) continue;
    if (!existsSync(path.resolve(path.dirname(path.join(root, doc)), target))) missing.push(target);
  }
  return missing;
}

describe('the README and docs/', () => {
  it.each(docs)('%s names only files, folders and npm scripts that exist', (doc) => {
    expect(missingIn(doc)).toEqual([]);
  });

  it("the README's screens table names only routes of domain/routes.ts", () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Screens'), readme.indexOf('\n## ', readme.indexOf('## Screens') + 1));
    const firstCells = table
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|')[1]!);
    expect(firstCells.length).toBeGreaterThan(10);
    const named = firstCells.flatMap((cell) => codeSpans(cell)).filter((s) => s.startsWith('/'));
    expect(named.filter((p) => !routePaths.has(p))).toEqual([]);
  });
});
