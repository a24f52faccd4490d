// Business constants and limits of spec section 9.

export const APP_VERSION = '2.15.1';
export const TOKEN_REFRESH_MARGIN_SECONDS = 5;
export const LOG_BUFFER_MAX_ENTRIES = 5;
export const LOG_BUFFER_FLUSH_MS = 10_000;
export const USER_AGENT_MAX_LENGTH = 500;
/** Client log calls: body size the server accepts, entries per call, text per entry. */
export const LOG_REQUEST_MAX_BYTES = 64 * 1024;
export const LOG_BATCH_MAX_ENTRIES = 100;
export const LOG_MESSAGE_MAX_LENGTH = 4_000;
export const LOG_STACK_MAX_LENGTH = 16_000;
export const UNREAD_POLL_MS = 60_000;
export const IMPORT_STATUS_POLL_MS = 30_000;
export const TOUR_OPEN_DELAY_MS = 1000;
export const CONTENT_MAX_WIDTH_PX = 1440;
/**
 * A megabyte as the portal counts and shows it (decimal, formatBytes): every size limit is set in it,
 * so it reads as the round number it was set to.
 */
export const MB = 1_000_000;
export const UPLOAD_MAX_BYTES = 900 * MB;
export const CODE_MAX_LENGTH = 20;
export const RAZAO_SOCIAL_MIN_LETTERS = 10;
export const JUSTIFICATION_MIN_LENGTH = 15;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_RESET_TTL_MINUTES = 30;
/** A temporary absence's supporting document: at most 10 MB (PDF, image or office document). */
export const DOCUMENTO_MAX_BYTES = 10 * MB;
/** A temporary absence's document may be downloaded until this many months after the absence's creation. */
export const AUSENCIA_DOCUMENTO_MESES = 6;
/** My account's avatar: an upload of at most 5 MB (JPEG, PNG or WebP), stored as a 256x256 WebP. */
export const AVATAR_MAX_BYTES = 5 * MB;
export const AVATAR_SIZE_PX = 256;

/** The bell's notification panel: 420 px wide, the screen's width below 480 px (spec sections 2 and 9). */
export const NOTIFICACOES_PANEL_WIDTH_PX = 420;
export const NOTIFICACOES_PANEL_FULL_WIDTH_BELOW_PX = 480;
/** The bell's badge shows the count up to this, then "99+". */
export const NOTIFICACOES_BADGE_MAX = 99;

// Announcements (comunicados, issue #28; spec sections 5 and 9).
/** Scheduling an announcement: at least this far ahead (1 hour). */
export const COMUNICADO_AGENDAMENTO_ANTECEDENCIA_MS = 60 * 60 * 1000;
/** An erratum's justification: at least JUSTIFICATION_MIN_LENGTH characters, at most this. */
export const COMUNICADO_JUSTIFICATIVA_MAX_LENGTH = 2_000;
export const COMUNICADO_TITULO_MAX_LENGTH = 200;
/** The message's sanitised HTML (images are file-store links, never inline data). */
export const COMUNICADO_MENSAGEM_MAX_LENGTH = 200_000;
export const COMUNICADO_MOTIVO_REJEICAO_MAX_LENGTH = 2_000;
/** Most user groups, removed users, loose e-mails, labels and attachments of one announcement. */
export const COMUNICADO_GRUPOS_MAX = 50;
export const COMUNICADO_REMOVIDOS_MAX = 1_000;
export const COMUNICADO_EMAILS_AVULSOS_MAX = 500;
export const COMUNICADO_ETIQUETAS_MAX = 20;
export const COMUNICADO_ETIQUETA_MAX_LENGTH = 40;
export const COMUNICADO_ARQUIVOS_MAX = 20;
/** A series' prefix ("RH" in "RH-0042 – title") and the digits its number is padded to. */
export const COMUNICADO_SERIE_PREFIXO_MAX_LENGTH = 10;
export const COMUNICADO_SERIE_DIGITOS = 4;
/**
 * Attachments: defaults of the configurable limits (spec section 9: "configurable and not shown"),
 * COMUNICADO_ANEXO_MAX_MB per file and COMUNICADO_ANEXOS_TOTAL_MAX_MB per announcement.
 */
export const COMUNICADO_ANEXO_MAX_BYTES_PADRAO = 25 * MB;
export const COMUNICADO_ANEXOS_TOTAL_MAX_BYTES_PADRAO = 50 * MB;
/** The reminder to unread recipients: at most once per this interval (a day). */
export const COMUNICADO_LEMBRETE_INTERVALO_MS = 24 * 60 * 60 * 1000;
/** Failed e-mails are retried this many times, with backoff. */
export const COMUNICADO_EMAIL_TENTATIVAS_MAX = 5;
/** The home page's recent announcements. */
export const COMUNICADO_ENVIOS_RECENTES = 6;
