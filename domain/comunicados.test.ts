import { describe, expect, it } from 'vitest';
import {
  acoesPermitidas,
  comunicadoSchema,
  envioSchema,
  errataSchema,
  tituloNumerado,
  type ComunicadoViewer,
} from './comunicados';

const criador: ComunicadoViewer = { usuarioId: 1, tipo: 'MONTADORA', funcionalidades: ['PORTAL_CRIACAO_COMUNICADOS'] };
const aprovador: ComunicadoViewer = {
  usuarioId: 2,
  tipo: 'MONTADORA',
  funcionalidades: ['PORTAL_APROVACAO_ENVIO_COMUNICADOS'],
};
const leitor: ComunicadoViewer = { usuarioId: 3, tipo: 'DEALER_GRUPO', funcionalidades: [] };

describe('acoesPermitidas (the one transition table)', () => {
  it('lets the author without the approval key save, delete and ask for approval, never send', () => {
    expect(acoesPermitidas({ estado: 'RASCUNHO', autorId: 1 }, criador)).toEqual([
      'salvar',
      'excluir',
      'enviarParaAprovacao',
      'visualizarEnvio',
    ]);
  });

  it('lets the holder of the approval approve or reject, not the author even when named', () => {
    const emAprovacao = { estado: 'EM_APROVACAO', autorId: 1, detentorIds: [2, 1] } as const;
    expect(acoesPermitidas(emAprovacao, aprovador)).toEqual(['aprovar', 'rejeitar', 'visualizarEnvio']);
    const autorAprovador = { ...aprovador, usuarioId: 1 };
    expect(acoesPermitidas(emAprovacao, autorAprovador)).toEqual(['retirarDaAprovacao', 'visualizarEnvio']);
  });

  it('lets an approver who does not hold it (absence moved it) only preview it', () => {
    expect(acoesPermitidas({ estado: 'EM_APROVACAO', autorId: 1, detentorIds: [5] }, aprovador)).toEqual([
      'visualizarEnvio',
    ]);
  });

  it('lets an author holding the approval key send, and archive once sent', () => {
    const autorAprovador = { ...aprovador, usuarioId: 1 };
    expect(acoesPermitidas({ estado: 'RASCUNHO', autorId: 1 }, autorAprovador)).toContain('enviar');
    expect(acoesPermitidas({ estado: 'ENVIADO', autorId: 1 }, criador)).toEqual([
      'errata',
      'arquivar',
      'dashboard',
      'lembrete',
      'visualizarEnvio',
    ]);
    expect(acoesPermitidas({ estado: 'ENVIADO', autorId: 1, arquivado: true }, criador)).toContain('desarquivar');
  });

  it('gives a reader nothing', () => {
    expect(acoesPermitidas({ estado: 'ENVIADO', autorId: 1 }, leitor)).toEqual([]);
  });

  it('gives provider staff the key roles, not authorship', () => {
    const staff: ComunicadoViewer = { usuarioId: 9, tipo: 'TECSINAPSE', funcionalidades: [] };
    expect(acoesPermitidas({ estado: 'RASCUNHO', autorId: 1 }, staff)).toEqual(['visualizarEnvio']);
  });
});

describe('announcement inputs', () => {
  it('validates loose e-mails one by one and keeps each once, lower-cased', () => {
    const base = { titulo: 'T', mensagem: '<p>m</p>' };
    const bad = comunicadoSchema.safeParse({ ...base, emailsAvulsos: ['a@x.com', 'nope', 'B@X.com'] });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.'))).toEqual(['emailsAvulsos.1']);
    const good = comunicadoSchema.parse({ ...base, emailsAvulsos: ['A@x.com', 'a@x.com'] });
    expect(good.emailsAvulsos).toEqual(['a@x.com']);
  });

  it('requires title and a message with text or an image', () => {
    const r = comunicadoSchema.safeParse({ titulo: ' ', mensagem: '<p> </p>' });
    expect(r.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['mensagem', 'titulo']);
    expect(comunicadoSchema.safeParse({ titulo: 'x', mensagem: '<img src="/a.png">' }).success).toBe(true);
  });

  it('schedules at least an hour ahead', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    const schema = envioSchema(() => now);
    expect(schema.safeParse({ id: 1, version: 1, dataHoraAgendamento: '2026-01-01T10:59:00Z' }).success).toBe(false);
    expect(schema.safeParse({ id: 1, version: 1, dataHoraAgendamento: '2026-01-01T11:00:00Z' }).success).toBe(true);
  });

  it('asks an erratum for a justification of at least 15 characters', () => {
    const base = { idParent: 1, titulo: 'Errata', mensagem: '<p>x</p>' };
    expect(errataSchema.safeParse({ ...base, justificativa: 'curta demais' }).success).toBe(false);
    expect(errataSchema.safeParse({ ...base, justificativa: 'quinze caracter' }).success).toBe(true);
  });

  it('numbers a series title', () => {
    expect(tituloNumerado('RH', 42, 'Férias')).toBe('RH-0042 – Férias');
  });
});
