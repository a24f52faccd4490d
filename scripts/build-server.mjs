// Compiles the server (server/main.ts, what it imports from this repository and the packages it
// needs at start) into one ES module, dist-server/main.mjs, so `npm start` loads one file instead
// of transpiling ~200 TypeScript modules through tsx (about 3 s) and resolving ~1,500 package
// modules (about 1.5 s) at every start.
import { decode, encode } from '@jridgewell/sourcemap-codec';
import { build } from 'esbuild';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_BUNDLE } from './serverBundle.mjs';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Files read next to a module (`new URL('./x.graphql', import.meta.url)`, the migrations folder)
 * stay where they are: in each of our modules `import.meta.url` becomes that module's own source
 * address, so every relative path resolves as it does under tsx.
 */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const { readFile } = await import('node:fs/promises');
      const source = await readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/**
 * Packages left as imports of node_modules: those that load files next to their own modules
 * (PGlite's WebAssembly and extensions, sharp's native binary, pino's transport workers, pg's
 * optional native binding) and the large ones imported only when a feature first needs them
 * (spreadsheets, e-mail over SMTP, the common-password list), which would otherwise be parsed at
 * every start.
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  'sharp',
  'pino',
  'thread-stream',
  'pg-native',
  'exceljs',
  'nodemailer',
  '@zxcvbn-ts/*',
];

export async function buildServer() {
  await build({
    entryPoints: [path.join(root, 'server', 'main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    external: EXTERNAL,
    // Bundled CommonJS packages call require() for Node's modules and the external packages.
    banner: {
      js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
    },
    // Stack traces name our files and lines; the sources themselves stay out of the map (smaller
    // to read at start with --enable-source-maps).
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [sourceUrls],
  });
  const mapFile = `${SERVER_BUNDLE}.map`;
  await writeFile(mapFile, ownCodeOnly(await readFile(mapFile, 'utf8')));
}

/**
 * A source map (JSON) keeping the positions of the repository's own code only. Node decodes the
 * whole map at start under --enable-source-maps: with the packages' positions too (9.6 MB) that cost
 * 0.9 s of CPU at every start, with ours only (1.4 MB) 0.2 s. A stack frame inside a package shows
 * the bundle's line; one in our code its file and line as before.
 */
export function ownCodeOnly(json) {
  const map = JSON.parse(json);
  const ours = map.sources.map((source) => !source.split(/[\\/]/).includes('node_modules'));
  const lines = decode(map.mappings).map((segments) => segments.filter((s) => s.length > 1 && ours[s[1]]));
  return JSON.stringify({ ...map, mappings: encode(lines) });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer();
