import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API = 'http://localhost:3000';
/** Paths the dev server hands to the API process (server/main.ts). */
const PROXIED = [
  '/graphql',
  '/config.json',
  '/portalProperties',
  '/sendLogs',
  '/createGroupAndLogStream',
  '/api',
  '/oidc',
  '/.well-known',
  '/interaction',
  // The user import's upload and error reports, and its template (not '/import': /importarUsuarios is a page).
  '/import/',
  '/ModeloImportacaoUsuarios.xlsx',
  // The service worker (Web Push), served by the API at the site root.
  '/sw.js',
];

const nodeModule = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

export default defineConfig({
  root: '.',
  plugins: [react()],
  resolve: {
    // zod in the browser is zod with `jitless` set (no `new Function` under the CSP), loaded with
    // the first schema that needs it rather than up front (src/zodJitless.ts).
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('src/zodJitless.ts', import.meta.url)) }],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(PROXIED.map((path) => [path, { target: API, changeOrigin: false }])),
  },
  preview: { port: 5173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      input: 'index.html',
      output: {
        // Long-lived vendor chunks for what the first page needs ('$initial'); anything only lazy
        // code imports (graphql, later editors) stays in the lazy chunks that use it.
        codeSplitting: {
          groups: [
            { name: 'react', test: nodeModule('react|react-dom|scheduler'), priority: 40 },
            {
              name: 'mui',
              test: nodeModule('@mui|@emotion|@popperjs|react-transition-group|stylis|@babel[\\\\/]runtime'),
              priority: 30,
              tags: ['$initial'],
            },
            {
              name: 'react-admin',
              test: nodeModule('react-admin|ra-[a-z-]+|@tanstack|react-router|react-router-dom|react-hook-form'),
              priority: 20,
              tags: ['$initial'],
            },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 10, tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
