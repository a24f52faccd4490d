import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Recipient logic lives in one place (issue #14): only the audience engine (server/audience) and the
// user-group feature that saves the blocks (server/features/gruposUsuarios) read a group's block
// tables. Announcements, the library, slides, adverts and notifications ask the engine instead of
// joining the blocks themselves, so "who is in this group" can never mean two things.

const ROOT = join(import.meta.dirname, '..', '..');
const SERVER = join(ROOT, 'server');

/** Who may name the block tables: the engine, the feature, the places that define them, and the demo data (which writes one group). */
const ALLOWED = [
  'server/audience/',
  'server/features/gruposUsuarios/',
  'server/db/schema/gruposUsuarios.ts',
  'server/db/migrations/',
  'server/db/seed/',
];

const BLOCKS = [
  'marcas',
  'tipos_usuario',
  'tipos_acesso',
  'dealers',
  'cargos',
  'setores',
  'grupos',
  'manuais',
  'removidos',
];
const camel = (name: string) => name.replace(/(^|_)([a-z])/g, (_, _sep, c: string) => c.toUpperCase());
/** The SQL names (grupo_usuarios_marcas) and the drizzle names (grupoUsuariosMarcas) of every block table. */
const NAMES = BLOCKS.flatMap((b) => [`grupo_usuarios_${b}`, `grupoUsuarios${camel(b)}`]);
const PATTERN = new RegExp(`\\b(${NAMES.join('|')})\\b`, 'g');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx|js|mjs|sql|graphql)$/.test(name) ? [path] : [];
  });
}

describe('the audience engine is the only reader of a group’s blocks', () => {
  it('names every block table, SQL and drizzle alike', () => {
    expect(NAMES).toContain('grupo_usuarios_tipos_usuario');
    expect(NAMES).toContain('grupoUsuariosTiposUsuario');
    expect(NAMES).toHaveLength(18);
    // The scan finds them where they are read: a scan that matches nothing proves nothing.
    const engine = readFileSync(join(SERVER, 'audience', 'index.ts'), 'utf8');
    expect(engine.match(PATTERN)?.length).toBeGreaterThanOrEqual(BLOCKS.length);
    const schema = readFileSync(join(SERVER, 'db', 'schema', 'gruposUsuarios.ts'), 'utf8');
    for (const b of BLOCKS) expect(schema).toContain(`grupoUsuarios${camel(b)}`);
  });

  it('no other file of server/ reads them', () => {
    const offenders = files(SERVER)
      .map((path) => relative(ROOT, path).split('\\').join('/'))
      .filter((path) => !ALLOWED.some((allowed) => path.startsWith(allowed)))
      .flatMap((path) => {
        const found = readFileSync(join(ROOT, path), 'utf8').match(PATTERN);
        return found ? [`${path}: ${[...new Set(found)].join(', ')}`] : [];
      });
    expect(offenders).toEqual([]);
  });
});
