import { encode } from '@jridgewell/sourcemap-codec';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { describe, expect, it } from 'vitest';
import { ownCodeOnly } from './build-server.mjs';

// The server bundle's source map keeps the repository's own positions only (Node decodes the whole
// map at every start under --enable-source-maps).

describe("the server bundle's source map", () => {
  // Line 1: a package's code, then ours; line 2: ours; line 3: a package's.
  const sources = ['../node_modules/pkg/index.js', '../server/app.ts', '../domain/x.ts', '../node_modules/a/b.js'];
  const mapa = JSON.stringify({
    version: 3,
    sources,
    names: ['f'],
    mappings: encode([
      [
        [0, 0, 10, 0],
        [40, 1, 20, 2, 0],
      ],
      [
        [0, 2, 5, 0],
        [8, 1, 21, 4],
      ],
      [[0, 3, 1, 1]],
    ]),
  });

  it("maps the repository's code to its files and lines as before, and a package's to nothing", () => {
    const antes = new TraceMap(mapa);
    const depois = new TraceMap(ownCodeOnly(mapa));
    const em = (map: TraceMap, line: number, column: number) => {
      const p = originalPositionFor(map, { line, column });
      return p.source === null ? null : [p.source.replace(/^.*?(node_modules|server|domain)/, '$1'), p.line, p.name];
    };
    expect(em(antes, 1, 5)).toEqual(['node_modules/pkg/index.js', 11, null]);
    expect(em(depois, 1, 5)).toBeNull();
    expect(em(depois, 1, 45)).toEqual(em(antes, 1, 45));
    expect(em(depois, 1, 45)).toEqual(['server/app.ts', 21, 'f']);
    expect(em(depois, 2, 3)).toEqual(['domain/x.ts', 6, null]);
    expect(em(depois, 2, 9)).toEqual(['server/app.ts', 22, null]);
    expect(em(depois, 3, 0)).toBeNull();
    expect(JSON.parse(ownCodeOnly(mapa))).toMatchObject({ version: 3, sources, names: ['f'] });
  });
});
