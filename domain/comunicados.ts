import { z } from 'zod';
import { hasAccess, type AccessSubject } from './access';
import type { FunctionKey } from './enums';
import {
  COMUNICADO_AGENDAMENTO_ANTECEDENCIA_MS,
  COMUNICADO_ARQUIVOS_MAX,
  COMUNICADO_EMAILS_AVULSOS_MAX,
  COMUNICADO_ETIQUETA_MAX_LENGTH,
  COMUNICADO_ETIQUETAS_MAX,
  COMUNICADO_GRUPOS_MAX,
  COMUNICADO_JUSTIFICATIVA_MAX_LENGTH,
  COMUNICADO_MENSAGEM_MAX_LENGTH,
  COMUNICADO_MOTIVO_REJEICAO_MAX_LENGTH,
  COMUNICADO_REMOVIDOS_MAX,
  COMUNICADO_SERIE_PREFIXO_MAX_LENGTH,
  COMUNICADO_TITULO_MAX_LENGTH,
  JUSTIFICATION_MIN_LENGTH,
} from './limits';
import { celulasDasTabelas, HTML_TABLE_CELLS_MAX } from './html';
import { dataHoraAdiante, isIsoInstant, optionalDate, recordId, requiredText, versionField } from './schemas/campos';
import { BUSCA_MAX_LENGTH, filterInputSchema } from './schemas/lista';
import { emailField } from './schemas/usuario';

// Announcements (comunicados, issue #28; spec sections 3, 4, 5 and 9): what the server and the
// screens agree on. The state machine is ONE table (TRANSICOES): the server refuses an action it
// does not allow (server/features/comunicados), the screens show the buttons `acoesPermitidas`
// answers. Messages are i18n catalog keys (i18n/*.ts, `comunicados.*`).

/**
 * The announcement's own states (spec section 4). APROVADO is the moment between the approval and
 * the send or schedule that follows it in the same transaction; it stays only if that fails.
 * "Archived" is not a state: readers archive their delivery (comunicado_envios.arquivado), the
 * author their own list (comunicados.arquivado).
 */
export const ESTADOS_COMUNICADO = ['RASCUNHO', 'EM_APROVACAO', 'APROVADO', 'REJEITADO', 'AGENDADO', 'ENVIADO'] as const;
export type EstadoComunicado = (typeof ESTADOS_COMUNICADO)[number];

/** An e-mail of a send: queued (FILA), sent (ENVIADO), or failed with its reason (FALHOU) after its retries. */
export const STATUS_EMAIL_COMUNICADO = ['FILA', 'ENVIADO', 'FALHOU'] as const;
export type StatusEmailComunicado = (typeof STATUS_EMAIL_COMUNICADO)[number];

/**
 * The e-mail layouts an announcement may choose (`templateName`; none is `padrao`): `padrao` the
 * message, the department's signature and the link to the portal; `destaque` the same under the
 * title as a heading, its subject marked important; `simples` the message and the link alone.
 */
export const MODELOS_EMAIL_COMUNICADO = ['padrao', 'destaque', 'simples'] as const;
export type ModeloEmailComunicado = (typeof MODELOS_EMAIL_COMUNICADO)[number];

/** The keys of spec section 6 the flow reads. */
export const CHAVE_CRIACAO: FunctionKey = 'PORTAL_CRIACAO_COMUNICADOS';
export const CHAVE_APROVACAO: FunctionKey = 'PORTAL_APROVACAO_ENVIO_COMUNICADOS';

/**
 * Who may take an action, as facts about the viewer and the announcement:
 * - `autor`: the viewer wrote it;
 * - `detentor`: the viewer holds its approval now (the chosen approver, or while they are away the
 *   delegate of their absence, or with none the other approvers; never the author);
 * - `chaveAprovacao` / `chaveCriacao`: the viewer holds PORTAL_APROVACAO_ENVIO_COMUNICADOS /
 *   PORTAL_CRIACAO_COMUNICADOS (provider staff hold every key, spec section 6).
 */
export type Papel = 'autor' | 'detentor' | 'chaveAprovacao' | 'chaveCriacao';

export interface Transicao {
  /** States the action starts from. */
  de: readonly EstadoComunicado[];
  /** The state it leads to (null: the state stays; `enviar` leads to AGENDADO when given a time). */
  para: EstadoComunicado | null;
  /** Alternatives: the viewer may act when they have every role of at least one of them. */
  quem: readonly (readonly Papel[])[];
  /** Only on a sent announcement the author has (not) archived in their own list. */
  arquivado?: boolean;
}

/** Every action on an announcement and who may take it from which state. */
export const TRANSICOES = {
  /** Save the draft (title, message, recipients, ...); a rejected one becomes a draft again. */
  salvar: { de: ['RASCUNHO', 'REJEITADO'], para: 'RASCUNHO', quem: [['autor']] },
  /** Delete a draft. */
  excluir: { de: ['RASCUNHO', 'REJEITADO'], para: null, quem: [['autor']] },
  /** Ask the chosen approver (required without the approval key; allowed with it). */
  enviarParaAprovacao: { de: ['RASCUNHO', 'REJEITADO'], para: 'EM_APROVACAO', quem: [['autor']] },
  /** The author takes it back from approval (a draft again). */
  retirarDaAprovacao: { de: ['EM_APROVACAO'], para: 'RASCUNHO', quem: [['autor']] },
  /** The holder of the approval approves: it is sent now, or scheduled at its time. */
  aprovar: { de: ['EM_APROVACAO'], para: 'APROVADO', quem: [['detentor', 'chaveAprovacao']] },
  /** The holder of the approval rejects it with a reason the author reads. */
  rejeitar: { de: ['EM_APROVACAO'], para: 'REJEITADO', quem: [['detentor', 'chaveAprovacao']] },
  /** Send now or schedule (dataHoraAgendamento): an author holding the approval key needs nobody else. */
  enviar: { de: ['RASCUNHO', 'REJEITADO'], para: 'ENVIADO', quem: [['autor', 'chaveAprovacao']] },
  /** A scheduled announcement goes back to draft: sending it again asks approval again where the author lacks the key. */
  cancelarAgendamento: { de: ['AGENDADO'], para: 'RASCUNHO', quem: [['autor'], ['chaveAprovacao']] },
  /** Write an erratum of a sent announcement (a new linked draft, sent to the same recipients). */
  errata: { de: ['ENVIADO'], para: null, quem: [['autor'], ['chaveAprovacao']] },
  /** The author's own list: put a sent announcement away, or back. */
  arquivar: { de: ['ENVIADO'], para: null, quem: [['autor']], arquivado: false },
  desarquivar: { de: ['ENVIADO'], para: null, quem: [['autor']], arquivado: true },
  /** The dashboard of a sent announcement, its unread export and the reminder to the unread. */
  dashboard: { de: ['ENVIADO'], para: null, quem: [['autor'], ['chaveAprovacao']] },
  lembrete: { de: ['ENVIADO'], para: null, quem: [['autor'], ['chaveAprovacao']] },
  /** The send preview (/comunicados/visualizarEnvio/{id}): whoever may write or approve it. */
  visualizarEnvio: {
    de: ['RASCUNHO', 'EM_APROVACAO', 'APROVADO', 'REJEITADO', 'AGENDADO', 'ENVIADO'],
    para: null,
    quem: [['autor'], ['detentor'], ['chaveAprovacao']],
  },
} as const satisfies Record<string, Transicao>;

export type AcaoComunicado = keyof typeof TRANSICOES;
export const ACOES_COMUNICADO = Object.keys(TRANSICOES) as AcaoComunicado[];

/** What `acoesPermitidas` needs to know of an announcement. */
export interface ComunicadoFatos {
  estado: EstadoComunicado;
  /** The author's id (`usuarioCriador.id`). */
  autorId: number | string;
  /** Who holds its approval now (`detentoresAprovacao[].id`); empty unless EM_APROVACAO. */
  detentorIds?: readonly (number | string)[];
  /** In the author's archive (`arquivado`). */
  arquivado?: boolean;
}

/** What `acoesPermitidas` needs to know of the viewer (the session, or usuarioLogado on the client). */
export interface ComunicadoViewer extends AccessSubject {
  usuarioId: number | string;
}

/** The roles the viewer has on the announcement. */
export function papeisDe(comunicado: ComunicadoFatos, viewer: ComunicadoViewer): Set<Papel> {
  const eu = String(viewer.usuarioId);
  const autor = String(comunicado.autorId) === eu;
  const papeis = new Set<Papel>();
  if (autor) papeis.add('autor');
  // An author never approves their own announcement, even when named as a delegate.
  if (!autor && (comunicado.detentorIds ?? []).some((id) => String(id) === eu)) papeis.add('detentor');
  if (hasAccess(viewer, { funcionalidades: [CHAVE_APROVACAO] })) papeis.add('chaveAprovacao');
  if (hasAccess(viewer, { funcionalidades: [CHAVE_CRIACAO] })) papeis.add('chaveCriacao');
  return papeis;
}

/** Whether the viewer may take `acao` on the announcement as it stands. */
export function podeExecutar(acao: AcaoComunicado, comunicado: ComunicadoFatos, viewer: ComunicadoViewer): boolean {
  const t: Transicao = TRANSICOES[acao];
  if (!t.de.includes(comunicado.estado)) return false;
  if (t.arquivado !== undefined && Boolean(comunicado.arquivado) !== t.arquivado) return false;
  const papeis = papeisDe(comunicado, viewer);
  return t.quem.some((alternativa) => alternativa.every((papel) => papeis.has(papel)));
}

/** The actions the viewer may take on the announcement now: the buttons a screen shows. */
export function acoesPermitidas(comunicado: ComunicadoFatos, viewer: ComunicadoViewer): AcaoComunicado[] {
  return ACOES_COMUNICADO.filter((acao) => podeExecutar(acao, comunicado, viewer));
}

/** The title a series gives an announcement when sent: "RH-0042 – title". */
export function tituloNumerado(prefixo: string, numero: number, titulo: string, digitos = 4): string {
  return `${prefixo}-${String(numero).padStart(digitos, '0')} – ${titulo}`;
}

// ---- Input schemas (the forms' resolvers and the resolvers' parseInput). ----

/**
 * Rich text with something to read once the tags are taken out (images count), and tables of at
 * most HTML_TABLE_CELLS_MAX cells. The server checks it again on the message as it stores it
 * (sanitised: '&' stored as '&amp;' is longer).
 */
export const comunicadoMensagem = z
  .string('validation.required')
  .max(COMUNICADO_MENSAGEM_MAX_LENGTH, 'validation.maxLength')
  .refine(
    (html) => /<img\b/i.test(html) || html.replace(/<[^>]*>|&nbsp;/g, '').trim().length > 0,
    'validation.required',
  )
  .refine((html) => celulasDasTabelas(html) <= HTML_TABLE_CELLS_MAX, {
    error: 'comunicados.validation.tabelasGrandes',
    params: { max: HTML_TABLE_CELLS_MAX },
  });
const mensagem = comunicadoMensagem;

const idsAte = (max: number) => z.array(recordId()).max(max, 'validation.maxItems').default([]);

/** A label: free text, trimmed, kept as written (matched case- and accent-insensitively). */
export const etiquetaNome = z
  .string('validation.required')
  .trim()
  .min(1, 'validation.required')
  .max(COMUNICADO_ETIQUETA_MAX_LENGTH, 'validation.maxLength');

/**
 * Loose e-mail addresses, each validated on its own (a bad one is the field error
 * `emailsAvulsos.<index>`), lower-cased; a repeated one is kept once.
 */
export const emailsAvulsosSchema = z
  .array(emailField)
  .max(COMUNICADO_EMAILS_AVULSOS_MAX, 'validation.maxItems')
  .default([])
  .transform((emails) => [...new Set(emails)]);

/** Saving a draft (salvarComunicado). Title and message required (spec section 5); recipients are checked on send. */
export const comunicadoSchema = z.object({
  id: recordId().nullish(),
  version: versionField,
  titulo: requiredText(COMUNICADO_TITULO_MAX_LENGTH),
  mensagem,
  departamentoId: recordId()
    .nullish()
    .transform((v) => v ?? null),
  grupoIds: idsAte(COMUNICADO_GRUPOS_MAX),
  usuarioRemovidoIds: idsAte(COMUNICADO_REMOVIDOS_MAX),
  emailsAvulsos: emailsAvulsosSchema,
  etiquetas: z
    .array(etiquetaNome)
    .max(COMUNICADO_ETIQUETAS_MAX, 'validation.maxItems')
    .default([])
    .transform((nomes) =>
      nomes.filter((n, i) => nomes.findIndex((m) => m.toLocaleLowerCase() === n.toLocaleLowerCase()) === i),
    ),
  serieId: recordId()
    .nullish()
    .transform((v) => v ?? null),
  arquivoIds: idsAte(COMUNICADO_ARQUIVOS_MAX),
  /** Recipients must confirm "read and understood". */
  exigeConfirmacao: z.boolean().default(false),
  /** The e-mail's layout (MODELOS_EMAIL_COMUNICADO; none: the standard one). */
  templateName: z
    .preprocess((v) => (v === '' ? null : v), z.enum(MODELOS_EMAIL_COMUNICADO, 'validation.invalidOption').nullish())
    .transform((v) => v ?? null),
  /** The approver chosen (required to ask for approval; among the holders of the approval key in reach). */
  aprovadorId: recordId()
    .nullish()
    .transform((v) => v ?? null),
  /** When to send it (kept with the draft; checked at least an hour ahead when it is sent or submitted). */
  dataHoraAgendamento: z
    .string()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || isIsoInstant(value), 'validation.invalidValue'),
});
export type ComunicadoInput = z.input<typeof comunicadoSchema>;
export type ComunicadoValues = z.output<typeof comunicadoSchema>;

/** A time at least an hour from `now` (null: now). The form checks it with the browser's clock, the server with its own. */
export const agendamento = (now = () => Date.now()) =>
  dataHoraAdiante(COMUNICADO_AGENDAMENTO_ANTECEDENCIA_MS, 'comunicados.validation.agendamentoAntecedencia', now);

/** An action on one announcement at the version the caller read. */
export const acaoSchema = z.object({ id: recordId(), version: versionField });

/** Send now (no date) or schedule at least an hour ahead (enviarComunicado). */
export const envioSchema = (now = () => Date.now()) => acaoSchema.extend({ dataHoraAgendamento: agendamento(now) });

/** Ask for approval: the approver, and optionally the time it is to go out once approved. */
export const enviarParaAprovacaoSchema = (now = () => Date.now()) =>
  acaoSchema.extend({ aprovadorId: recordId('validation.required'), dataHoraAgendamento: agendamento(now) });

export const rejeitarSchema = acaoSchema.extend({
  motivo: requiredText(COMUNICADO_MOTIVO_REJEICAO_MAX_LENGTH),
});

/** An erratum of a sent announcement: justification of at least 15 characters and the author's two choices. */
export const errataSchema = z.object({
  idParent: recordId(),
  titulo: requiredText(COMUNICADO_TITULO_MAX_LENGTH),
  mensagem,
  justificativa: z
    .string('validation.required')
    .trim()
    .min(JUSTIFICATION_MIN_LENGTH, 'validation.minLength')
    .max(COMUNICADO_JUSTIFICATIVA_MAX_LENGTH, 'validation.maxLength'),
  /** Recipients get a new notification. */
  renotificar: z.boolean().default(true),
  /** Recipients' read state (and confirmation) of the original starts over. */
  reiniciarLeitura: z.boolean().default(false),
  arquivoIds: idsAte(COMUNICADO_ARQUIVOS_MAX),
});
export type ErrataValues = z.output<typeof errataSchema>;

/** A series: its name and prefix (the counter is the server's). */
export const serieSchema = z.object({
  id: recordId().nullish(),
  version: versionField,
  nome: requiredText(100),
  prefixo: z
    .string('validation.required')
    .trim()
    .toUpperCase()
    .min(1, 'validation.required')
    .max(COMUNICADO_SERIE_PREFIXO_MAX_LENGTH, 'validation.maxLength')
    .regex(/^[A-Z0-9]+$/, 'comunicados.validation.prefixoFormato'),
  active: z.boolean().default(true),
});
export type SerieValues = z.output<typeof serieSchema>;

/** A label kept on the Labels tab (rename); new ones are made by saving an announcement that names them. */
export const etiquetaSchema = z.object({ id: recordId().nullish(), version: versionField, nome: etiquetaNome });

/** The labels' autocomplete: those starting with (or containing) the text. */
export const etiquetasBuscaSchema = z.object({
  busca: z.string().trim().max(BUSCA_MAX_LENGTH, 'validation.maxLength').nullish(),
});

export const idInput = z.object({ id: recordId() });

/** A selection of deliveries of the signed-in reader (archive, read, ... many at once). */
export const enviosSelecaoSchema = z.object({
  ids: z.array(recordId()).min(1, 'validation.minItems').max(100, 'validation.maxItems'),
});

/** The tabs of /comunicados (spec section 2's labels). */
export const ABAS_COMUNICADOS = [
  'ENTRADA',
  'ENVIADOS',
  'AGENDADOS',
  'ARQUIVADOS',
  'RASCUNHOS',
  'PENDENTES_APROVACAO',
] as const;
export type AbaComunicados = (typeof ABAS_COMUNICADOS)[number];

/** A day of a tab's period: a calendar date (an ISO date and time is cut to its day); empty is none. */
const diaDoPeriodo = z
  .string()
  .nullish()
  .transform((value): string | null | undefined => (value ? value.slice(0, 10) : null))
  .pipe(optionalDate);

/** The period of a tab's filter runs forwards (a refinement of the schemas built on comunicadoFilterSchema). */
export const periodoEmOrdem = (f: { desde?: string | null; ate?: string | null }) =>
  !f.desde || !f.ate || f.desde <= f.ate;
export const PERIODO_EM_ORDEM = { message: 'validation.invalidValue', path: ['ate'] };

/** A tab's page with the search of the issue: title, label, department, period; unread and favourites. */
export const comunicadoFilterSchema = filterInputSchema(['envioDateTime', 'titulo'] as const).extend({
  aba: z.enum(ABAS_COMUNICADOS, 'validation.invalidOption').default('ENTRADA'),
  etiqueta: z.string().trim().max(COMUNICADO_ETIQUETA_MAX_LENGTH, 'validation.maxLength').nullish(),
  departamentoId: recordId().nullish(),
  desde: diaDoPeriodo,
  ate: diaDoPeriodo,
  naoLidos: z.boolean().nullish(),
  favoritos: z.boolean().nullish(),
});
export type ComunicadoFilter = z.output<typeof comunicadoFilterSchema>;

/** The levels of an announcement's read-rate roll-up (its dashboard). */
export const NIVEIS_ROLLUP = ['MARCA', 'GRUPO', 'DEALER'] as const;
export type NivelRollup = (typeof NIVEIS_ROLLUP)[number];
/** What the roll-up's table sorts by (least read, `taxaLeitura` ascending, when none is given). */
export const COLUNAS_ROLLUP = ['nome', 'destinatarios', 'lidos', 'confirmados', 'taxaLeitura'] as const;
export type ColunaRollup = (typeof COLUNAS_ROLLUP)[number];

/** A row of the roll-up: a brand, a dealer group or a dealer. */
export interface LinhaRollup {
  id: string;
  nome: string;
  destinatarios: number;
  lidos: number;
  confirmados: number;
  taxaLeitura: number;
}
