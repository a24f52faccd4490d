import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { USUARIO_LOGADO_QUERY } from '../providers/authProvider';
import { I18N_LABELS_QUERY } from '../providers/i18nProvider';
import { MUDAR_LINGUA_MUTATION } from './components/LanguageSwitcher';
import { ONBOARDING_SEEN_QUERY, SET_ONBOARDING_SEEN_MUTATION } from './components/tour/useOnboarding';
import { MENU_USUARIO_LOGADO_QUERY } from './layout/useMenuUsuarioLogado';
import { HELP_LINK_QUERY } from './pages/errors/OpsPage';
import { MINHA_CONTA_QUERY } from './pages/minhaConta/minhaConta';
import { RESOURCES } from '../domain/resources';
import { IMPACTO_GRUPO_QUERY } from '../resources/grupos/GrupoImpacto';
import { setActiveMutation } from './components/list/ActiveToggle';

/** The API's committed contract (server/schema.graphql). */
const schema = buildSchema(readFileSync(path.resolve(__dirname, '../server/schema.graphql'), 'utf8'));

describe('GraphQL operations written by hand', () => {
  it.each([
    ['usuarioLogado', USUARIO_LOGADO_QUERY],
    ['i18nLabels', I18N_LABELS_QUERY],
    ['mudarLinguaUsuario', MUDAR_LINGUA_MUTATION],
    ['menuUsuarioLogado', MENU_USUARIO_LOGADO_QUERY],
    ['currentUserOnboardingIsSeen', ONBOARDING_SEEN_QUERY],
    ['setCurrentUserOnboardingSeen', SET_ONBOARDING_SEEN_MUTATION],
    ['menuUsuarioLogado.linkHelpTec', HELP_LINK_QUERY],
    ['minha conta', MINHA_CONTA_QUERY],
    ['impactoGrupo', IMPACTO_GRUPO_QUERY],
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
      expect(validate(schema, parse(setActiveMutation(resource, active))).map((e) => e.message)).toEqual([]);
    },
  );
});
