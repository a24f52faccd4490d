import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { USUARIO_LOGADO_QUERY } from '../providers/authProvider';
import { I18N_LABELS_QUERY } from '../providers/i18nProvider';
import { MUDAR_LINGUA_MUTATION } from './pages/home/Home';

/** The API's committed contract (server/schema.graphql). */
const schema = buildSchema(readFileSync(path.resolve(__dirname, '../server/schema.graphql'), 'utf8'));

describe('GraphQL operations written by hand', () => {
  it.each([
    ['usuarioLogado', USUARIO_LOGADO_QUERY],
    ['i18nLabels', I18N_LABELS_QUERY],
    ['mudarLinguaUsuario', MUDAR_LINGUA_MUTATION],
  ])('%s is valid against the API schema', (_name, source) => {
    expect(validate(schema, parse(source)).map((e) => e.message)).toEqual([]);
  });
});
