// Compiles the server (server/main.ts and what it imports from this repository) into one ES module,
// dist-server/main.mjs, so `npm start` loads one file instead of transpiling ~200 TypeScript modules
// through tsx at every start (about 3 s of the start-up). Packages stay imports of node_modules.
import { build } from 'esbuild';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE = path.join(root, 'dist-server', 'main.mjs');

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

export async function buildServer() {
  await build({
    entryPoints: [path.join(root, 'server', 'main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [sourceUrls],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer();
