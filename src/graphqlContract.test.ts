import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { USUARIO_LOGADO_QUERY } from '../providers/authProvider';
import { I18N_LABELS_QUERY } from '../providers/i18nProvider';
import { MUDAR_LINGUA_MUTATION } from './components/LanguageSwitcher';
import { SET_ONBOARDING_SEEN_MUTATION } from './components/tour/useOnboarding';
import { MENU_USUARIO_LOGADO_QUERY } from './layout/useMenuUsuarioLogado';
import { HELP_LINK_QUERY } from './pages/errors/OpsPage';
import {
  ALTERAR_SENHA_MUTATION,
  ENCERRAR_SESSOES_MUTATION,
  MINHA_CONTA_QUERY,
  MINHAS_SESSOES_QUERY,
} from './pages/minhaConta/minhaConta';
import { RESOURCES } from '../domain/resources';
import { namedQuery, setActiveMutation } from '../providers/dataProvider/buildQuery';

/** The API's committed contract (server/schema.graphql). */
const schema = buildSchema(readFileSync(path.resolve(__dirname, '../server/schema.graphql'), 'utf8'));

describe('GraphQL operations written by hand', () => {
  it.each([
    ['usuarioLogado', USUARIO_LOGADO_QUERY],
    ['i18nLabels', I18N_LABELS_QUERY],
    ['mudarLinguaUsuario', MUDAR_LINGUA_MUTATION],
    ['menuUsuarioLogado', MENU_USUARIO_LOGADO_QUERY],
    ['setCurrentUserOnboardingSeen', SET_ONBOARDING_SEEN_MUTATION],
    ['menuUsuarioLogado.linkHelpTec', HELP_LINK_QUERY],
    ['minha conta', MINHA_CONTA_QUERY],
    ['minhasSessoes', MINHAS_SESSOES_QUERY],
    ['encerrarMinhasSessoes', ENCERRAR_SESSOES_MUTATION],
    ['alterarMinhaSenha', ALTERAR_SENHA_MUTATION],
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
