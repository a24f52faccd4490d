// Where `npm start` finds the server bundle (scripts/build-server.mjs writes it): read by the build,
// its up-to-date check (which must not load esbuild) and the end-to-end tests. package.json's start
// script and the Dockerfile name it too.
import path from 'node:path';

export const SERVER_BUNDLE = path.resolve(import.meta.dirname, '..', 'dist-server', 'main.mjs');
