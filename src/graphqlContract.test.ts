import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { USUARIO_LOGADO_QUERY } from '../providers/authProvider';
import { I18N_LABELS_QUERY } from '../providers/i18nProvider';
import { OPERATIONS } from '../domain/operations';
import { RESOURCES } from '../domain/resources';
import { setActiveMutation } from '../providers/dataProvider/buildQuery';
import { namedQuery } from '../providers/dataProvider/namedOperations';

/** The API's committed contract (server/schema.graphql). */
const schema = buildSchema(readFileSync(path.resolve(__dirname, '../server/schema.graphql'), 'utf8'));

describe('GraphQL operations of the auth and i18n providers (before the session)', () => {
  it.each([
    ['usuarioLogado', USUARIO_LOGADO_QUERY],
    ['i18nLabels', I18N_LABELS_QUERY],
  ])('%s is valid against the API schema', (_name, source) => {
    expect(validate(schema, parse(source)).map((e) => e.message)).toEqual([]);
  });
});

describe('activate / inactivate mutations of the lists (RESOURCES[resource].setActive)', () => {
  const withSetActive = Object.entries(RESOURCES)
    .filter(([, table]) => 'setActive' in table)
    .map(([resource]) => resource);

  it('covers the resources that declare one', () => {
    expect(withSetActive).toEqual(expect.arrayContaining(['grupos', 'dealers', 'marcas']));
  });

  it.each(withSetActive.flatMap((resource) => [[resource, true] as const, [resource, false] as const]))(
    '%s (active: %s) is valid against the API schema',
    (resource, active) => {
      expect(validate(schema, parse(setActiveMutation(RESOURCES, resource, active))).map((e) => e.message)).toEqual([]);
    },
  );
});

describe("resources' named queries (RESOURCES[resource].queries)", () => {
  const queries = Object.entries(RESOURCES).flatMap(([resource, table]) =>
    Object.keys(('queries' in table && table.queries) || {}).map((name) => [resource, name] as const),
  );

  it('covers the group impact', () => expect(queries).toContainEqual(['grupos', 'impacto']));

  it.each(queries)('%s.%s is valid against the API schema', (resource, name) => {
    const { query } = namedQuery(RESOURCES, resource, name, {});
    expect(validate(schema, parse(query)).map((e) => e.message)).toEqual([]);
  });
});

describe("resources' named mutations (RESOURCES[resource].mutations)", () => {
  const mutations = Object.entries(RESOURCES).flatMap(([resource, table]) =>
    Object.keys(('mutations' in table && table.mutations) || {}).map((name) => [resource, name] as const),
  );

  it('covers the users export and special activation', () =>
    expect(mutations).toEqual(
      expect.arrayContaining([
        ['usuarios', 'exportar'],
        ['usuarios', 'liberarAtivacaoEspecial'],
        ['usuarios', 'removerAtivacaoEspecial'],
      ]),
    ));

  it.each(mutations)('%s.%s is valid against the API schema', (resource, name) => {
    const { query } = namedQuery(RESOURCES, resource, name, {}, 'mutation');
    expect(query.startsWith('mutation ')).toBe(true);
    expect(validate(schema, parse(query)).map((e) => e.message)).toEqual([]);
  });
});

describe("pages' named operations (domain/operations.ts)", () => {
  const operations = Object.entries(OPERATIONS).flatMap(([group, table]) => [
    ...Object.keys(('queries' in table && table.queries) || {}).map((name) => [group, name, 'query'] as const),
    ...Object.keys(('mutations' in table && table.mutations) || {}).map((name) => [group, name, 'mutation'] as const),
  ]);

  it('covers the shell, my account, the audit, the import and the super admin', () =>
    expect(operations).toEqual(
      expect.arrayContaining([
        ['sessao', 'menu', 'query'],
        ['sessao', 'mudarLingua', 'mutation'],
        ['minhaConta', 'alterarSenha', 'mutation'],
        ['auditoria', 'historico', 'query'],
        ['importarUsuarios', 'erros', 'query'],
        ['superAdmin', 'migracao', 'mutation'],
      ]),
    ));

  it.each(operations)('%s.%s (%s) is valid against the API schema', (group, name, kind) => {
    const { query } = namedQuery(OPERATIONS, group, name, {}, kind);
    expect(validate(schema, parse(query)).map((e) => e.message)).toEqual([]);
  });

  it('names no resource of domain/resources.ts (the data provider looks a name up in one table)', () => {
    expect(Object.keys(OPERATIONS).filter((group) => group in RESOURCES)).toEqual([]);
  });
});
