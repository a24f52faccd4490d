import { describe, expect, it } from 'vitest';
import { referenciaDoCampo } from '../../../domain/auditoria';
import { en } from '../../../i18n/en';
import { es } from '../../../i18n/es';
import { ptBR } from '../../../i18n/pt-BR';

// The audit pages of an announcement (COMUNICADO) and of a generic notification (NOTIFICACAO_GENERICA)
// name every field their snapshots keep (server/features/comunicados `snapshotOf`,
// server/features/notificacoesGenericas `snapshot`), and read their ids as the right kind's names.
const COMUNICADO = [
  'estado',
  'titulo',
  'mensagem',
  'departamentoId',
  'grupoIds',
  'usuarioRemovidoIds',
  'emailsAvulsos',
  'etiquetas',
  'arquivoIds',
  'serieId',
  'aprovadorId',
  'dataHoraAgendamento',
  'motivoRejeicao',
  'exigeConfirmacao',
  'arquivado',
  'idParent',
  'justificativa',
  'renotificar',
  'reiniciarLeitura',
  'destinatarios',
];
const NOTIFICACAO_GENERICA = ['titulo', 'texto', 'link', 'produtoId', 'grupoIds', 'estado', 'dataHoraAgendamento'];

describe('the audit of announcements and generic notifications', () => {
  it.each([
    ['pt-BR', ptBR],
    ['es', es],
    ['en', en],
  ])('labels every field of their snapshots and names both kinds in %s', (_idioma, catalog) => {
    const campos = catalog.auditoria.campos as Record<string, string>;
    expect([...COMUNICADO, ...NOTIFICACAO_GENERICA].filter((campo) => !campos[campo])).toEqual([]);
    expect(catalog.auditoria.tipos).toMatchObject({
      COMUNICADO: expect.any(String),
      NOTIFICACAO_GENERICA: expect.any(String),
    });
    expect(catalog.auditoria.camposDoTipo.COMUNICADO.grupoIds).not.toBe(campos.grupoIds);
  });

  it('reads their groups as user groups (a dealer group elsewhere), and the approver and series by name', () => {
    expect(referenciaDoCampo('grupoIds', 'COMUNICADO')).toBe('GRUPO_USUARIOS');
    expect(referenciaDoCampo('grupoIds', 'NOTIFICACAO_GENERICA')).toBe('GRUPO_USUARIOS');
    expect(referenciaDoCampo('grupoIds', 'GRUPO_USUARIOS')).toBe('GRUPO');
    expect(referenciaDoCampo('aprovadorId', 'COMUNICADO')).toBe('USUARIO');
    expect(referenciaDoCampo('serieId', 'COMUNICADO')).toBe('COMUNICADO_SERIE');
    expect(referenciaDoCampo('departamentoId', 'COMUNICADO')).toBe('DEPARTAMENTO');
  });
});
