import { z } from 'zod';
import { dataHoraAdiante, portalLink, recordId, requiredText, versionField } from './campos';
import { filterInputSchema } from './lista';

// Notification models and generic notifications (spec section 2, /notificacoesGenericas; issue #27).

/** `modelo`: a reusable template; `comModelo`: a notification people receive (written from a model or not). */
export const TIPOS_NOTIFICACAO_GENERICA = ['modelo', 'comModelo'] as const;
export type TipoNotificacaoGenerica = (typeof TIPOS_NOTIFICACAO_GENERICA)[number];

/** A draft, scheduled for a time, or sent (then read only: it can be copied). Models stay drafts. */
export const ESTADOS_NOTIFICACAO_GENERICA = ['rascunho', 'agendada', 'enviada'] as const;
export type EstadoNotificacaoGenerica = (typeof ESTADOS_NOTIFICACAO_GENERICA)[number];

/** Scheduling is at least this far ahead (spec sections 5 and 9: as announcements). */
export const AGENDAMENTO_ANTECEDENCIA_MS = 60 * 60 * 1000;

export const TITULO_MAX_LENGTH = 200;
export const TEXTO_MAX_LENGTH = 20_000;
export const LINK_MAX_LENGTH = 500;
/** Most user groups one notification addresses. */
export const GRUPOS_MAX = 50;

export const isTipoNotificacaoGenerica = (value: unknown): value is TipoNotificacaoGenerica =>
  (TIPOS_NOTIFICACAO_GENERICA as readonly unknown[]).includes(value);

/** A link people follow: an http(s) address or a path of the portal (as `notify` accepts). */
const link = portalLink(LINK_MAX_LENGTH);

/** Rich text with something to read once the tags are taken out. */
const texto = z
  .string('validation.required')
  .max(TEXTO_MAX_LENGTH, 'validation.maxLength')
  .refine((html) => html.replace(/<[^>]*>|&nbsp;/g, '').trim().length > 0, 'validation.required');

export const notificacaoGenericaSchema = z.object({
  id: recordId().nullish(),
  version: versionField,
  tipo: z.enum(TIPOS_NOTIFICACAO_GENERICA, 'validation.invalidOption'),
  titulo: requiredText(TITULO_MAX_LENGTH),
  texto,
  link,
  produtoId: recordId()
    .nullish()
    .transform((v) => v ?? null),
  /** The model it was written from (a notification), if any. */
  modeloId: recordId()
    .nullish()
    .transform((v) => v ?? null),
  grupoIds: z.array(recordId()).max(GRUPOS_MAX, 'validation.maxItems').default([]),
});
export type NotificacaoGenericaInput = z.input<typeof notificacaoGenericaSchema>;
export type NotificacaoGenericaValues = z.output<typeof notificacaoGenericaSchema>;

/**
 * Send now (no date) or schedule: a date and time at least an hour from `now`. The form checks it
 * with the browser's clock, the server with its own.
 */
export function envioSchema(now = () => Date.now()) {
  return z.object({
    id: recordId(),
    version: versionField,
    dataHoraAgendamento: dataHoraAdiante(
      AGENDAMENTO_ANTECEDENCIA_MS,
      'notificacoesGenericas.validation.agendamentoAntecedencia',
      now,
    ),
  });
}

/** The list: models or notifications (tab), newest first, with a search by title. */
export const notificacaoGenericaFilterSchema = filterInputSchema(['titulo', 'createdAt'] as const).extend({
  tipo: z.enum(TIPOS_NOTIFICACAO_GENERICA, 'validation.invalidOption').default('comModelo'),
});
export type NotificacaoGenericaFilter = z.output<typeof notificacaoGenericaFilterSchema>;

/** The preview: how many users the groups reach (after their exclusions, within the caller's reach). */
export const previaSchema = z.object({
  grupoIds: z.array(recordId()).max(GRUPOS_MAX, 'validation.maxItems').default([]),
});

export const idInput = z.object({ id: recordId() });

/** A record and the version the caller read (cancelling a schedule). */
export const versionedIdInput = z.object({ id: recordId(), version: versionField });
