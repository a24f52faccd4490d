import { describe, expect, it } from 'vitest';
import { en } from '../../../i18n/en';
import { es } from '../../../i18n/es';
import { ptBR } from '../../../i18n/pt-BR';
import { referenciaDoCampo } from '../../../domain/auditoria';
import { ENUMERACOES } from './auditoria';

// The audit page of a user group (tipo GRUPO_USUARIOS) names every field the save's snapshot keeps
// (server/features/gruposUsuarios/index.ts, `snapshot`), in each language.
const SNAPSHOT_FIELDS = [
  'nome',
  'publico',
  'active',
  'possuiPerfil',
  'possuiCargos',
  'possuiSetores',
  'possuiGrupos',
  'possuiUsuariosManuais',
  'todosDealers',
  'marcaIds',
  'tiposUsuario',
  'tipoAcessoIds',
  'dealerIds',
  'cargoIds',
  'setorIds',
  'grupoIds',
  'usuarioManualIds',
  'usuarioRemovidoIds',
  'leitorIds',
  'editorIds',
];

describe('the audit of a user group', () => {
  it.each([
    ['pt-BR', ptBR],
    ['es', es],
    ['en', en],
  ])('labels every field of the snapshot in %s', (_idioma, catalog) => {
    const campos = catalog.auditoria.campos as Record<string, string>;
    expect(SNAPSHOT_FIELDS.filter((campo) => !campos[campo])).toEqual([]);
  });

  it('shows the ids of its blocks as names, and user types translated', () => {
    const ids = SNAPSHOT_FIELDS.filter((campo) => campo.endsWith('Ids'));
    expect(ids.filter((campo) => !referenciaDoCampo(campo))).toEqual([]);
    expect(ENUMERACOES.tiposUsuario).toBe('tiposUsuario');
  });
});
