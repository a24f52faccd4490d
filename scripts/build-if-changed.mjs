// Builds the front end (vite build) only when its sources changed since the last build: `npm install`
// builds once (postinstall) and `npm start` (prestart) starts at once on an unchanged tree.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = [
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'src',
  'resources',
  'providers',
  'domain',
  'i18n',
  'public',
];
const STAMP = path.join(root, 'dist', '.sources-hash');

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) return yield entry;
  for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name));
}

const hash = createHash('sha256');
for (const source of SOURCES) {
  for (const file of files(source)) {
    if (/\.test\.tsx?$/.test(file)) continue;
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
}
const digest = hash.digest('hex');

if (existsSync(path.join(root, 'dist', 'index.html')) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === digest) {
  console.log('front end up to date (dist/)');
} else {
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  writeFileSync(STAMP, digest);
}
