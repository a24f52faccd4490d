// Builds the front end (vite build, dist/) and the server (esbuild, dist-server/) only when their
// sources changed since their last build: `npm install` builds both once (postinstall) and
// `npm start` (prestart) starts at once on an unchanged tree.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_BUNDLE } from './serverBundle.mjs';

const root = path.resolve(import.meta.dirname, '..');

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) return yield entry;
  for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name));
}

function digestOf(sources) {
  const hash = createHash('sha256');
  for (const source of sources) {
    for (const file of files(source)) {
      if (/\.test\.tsx?$/.test(file)) continue;
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(root, file)))
        .update('\0');
    }
  }
  return hash.digest('hex');
}

const TARGETS = [
  {
    name: 'front end (dist/)',
    output: path.join(root, 'dist', 'index.html'),
    stamp: path.join(root, 'dist', '.sources-hash'),
    sources: [
      'index.html',
      'vite.config.ts',
      'package-lock.json',
      'src',
      'resources',
      'providers',
      'domain',
      'i18n',
      'public',
    ],
    build: async () =>
      execFileSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
        cwd: root,
        stdio: 'inherit',
      }),
  },
  {
    name: 'server (dist-server/)',
    output: SERVER_BUNDLE,
    stamp: path.join(path.dirname(SERVER_BUNDLE), '.sources-hash'),
    sources: ['package-lock.json', 'scripts/build-server.mjs', 'scripts/serverBundle.mjs', 'server', 'domain', 'i18n'],
    // esbuild is loaded only to build: an up-to-date check at every `npm start` stays quick.
    build: async () => (await import('./build-server.mjs')).buildServer(),
  },
];

for (const target of TARGETS) {
  const digest = digestOf(target.sources);
  if (existsSync(target.output) && existsSync(target.stamp) && readFileSync(target.stamp, 'utf8') === digest) {
    console.log(`${target.name} up to date`);
  } else {
    await target.build();
    writeFileSync(target.stamp, digest);
  }
}
