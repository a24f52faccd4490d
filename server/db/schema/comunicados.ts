import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { arquivos } from './arquivos';
import { documentoBusca, semMarcacao, tsvector } from './buscaTexto';
import { gruposUsuarios } from './gruposUsuarios';
import { foldedName, version } from './organizacao';
import { notificacoes } from './notificacoes';
import { audienciaCelulas, departamentos, usuarios } from './usuarios';

// Announcements (comunicados, issue #28). What the author writes (comunicados and its lists), the
// series and labels creators keep, and a delivery per recipient (comunicado_envios), written at send
// by one INSERT ... SELECT from the audience engine. States and who moves them: domain/comunicados.ts.

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const comunicadoRef = () =>
  integer()
    .notNull()
    .references(() => comunicados.id, { onDelete: 'cascade' });

/** A series: a prefix and a counter; sending an announcement of the series takes the next number. */
export const comunicadoSeries = pgTable(
  'comunicado_series',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nome: text().notNull(),
    /** "RH" in "RH-0042 – title"; upper-case letters and digits. */
    prefixo: text().notNull(),
    /** The last number given (0: none yet). Sending locks this row (FOR UPDATE) to take the next. */
    contador: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    autorId: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: now(),
    version: version(),
  },
  (t) => [uniqueIndex('comunicado_series_prefixo_key').on(foldedName(t.prefixo))],
);

/** A label (free tag); the autocomplete offers the earlier ones. Unique without case or accents. */
export const comunicadoEtiquetas = pgTable(
  'comunicado_etiquetas',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nome: text().notNull(),
    createdAt: now(),
    version: version(),
  },
  (t) => [uniqueIndex('comunicado_etiquetas_nome_key').on(foldedName(t.nome))],
);

export const comunicados = pgTable(
  'comunicados',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** RASCUNHO, EM_APROVACAO, APROVADO, REJEITADO, AGENDADO or ENVIADO (domain/comunicados.ts). */
    estado: text().notNull().default('RASCUNHO'),
    /** As written; once sent in a series, prefixed with its number ("RH-0042 – title"). */
    titulo: text().notNull(),
    /** Sanitised HTML (server/html.ts's allowlist, as notifications). */
    mensagem: text().notNull(),
    departamentoId: integer().references(() => departamentos.id, { onDelete: 'set null' }),
    autorId: integer()
      .notNull()
      .references(() => usuarios.id),
    /**
     * The approver chosen by the author. Who holds the approval now is computed when read (the
     * approver, or during their temporary absence its delegate or the other approvers), so it
     * returns to the approver when the absence ends without any row being moved.
     */
    aprovadorId: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    /** Who approved or rejected it, and when. */
    decididoPorId: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    decididoEm: timestamp({ withTimezone: true }),
    motivoRejeicao: text(),
    submetidoEm: timestamp({ withTimezone: true }),
    /** When it is to be sent (kept with the draft; AGENDADO: the pg-boss run's time). */
    agendadoPara: timestamp({ withTimezone: true }),
    enviadoEm: timestamp({ withTimezone: true }),
    /** Who sent it (the author, or the approver): the recipients are those within their reach. */
    remetenteId: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    serieId: integer().references(() => comunicadoSeries.id),
    /** The series' number, given at send; unique per series (index below). */
    numero: integer(),
    /** An erratum: the announcement it corrects, why, and the author's two choices. */
    idParent: integer().references((): AnyPgColumn => comunicados.id),
    justificativa: text(),
    renotificar: boolean().notNull().default(true),
    reiniciarLeitura: boolean().notNull().default(false),
    /** Recipients must confirm "read and understood". */
    exigeConfirmacao: boolean().notNull().default(false),
    /** The e-mail template the send uses (null: the default). */
    templateName: text(),
    /** How many recipients the send reached, and the notification they got. */
    destinatarios: integer(),
    notificacaoId: integer().references(() => notificacoes.id, { onDelete: 'set null' }),
    /** When the unread were last reminded (at most once a day). */
    lembradoEm: timestamp({ withTimezone: true }),
    /** Put away in the author's own list (readers archive their delivery instead). */
    arquivado: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    createdAt: now(),
    updatedAt: now(),
    version: version(),
    /**
     * The title and the message's text (its tags taken out) for the lists' search, in the portal's
     * full-text configurations (./buscaTexto.ts); kept by the database on every write.
     */
    documento: tsvector()
      .notNull()
      .generatedAlwaysAs(documentoBusca(sql`titulo || ' ' || ${semMarcacao(sql`mensagem`)}`)),
  },
  (t) => [
    index('comunicados_documento').using('gin', t.documento),
    // The author's tabs (Sent, Scheduled, Drafts) newest first.
    index().on(t.autorId, t.estado, t.createdAt),
    // Pending approvals of an approver.
    index()
      .on(t.aprovadorId)
      .where(sql`${t.estado} = 'EM_APROVACAO'`),
    // The scheduled sends due.
    index()
      .on(t.agendadoPara)
      .where(sql`${t.estado} = 'AGENDADO'`),
    index().on(t.idParent),
    uniqueIndex('comunicados_serie_numero_key')
      .on(t.serieId, t.numero)
      .where(sql`${t.numero} is not null`),
    check('comunicados_errata_justificativa', sql`${t.idParent} is null or ${t.justificativa} is not null`),
  ],
);

/** The user groups an announcement addresses (their recipients through server/audience). */
export const comunicadoGrupos = pgTable(
  'comunicado_grupos',
  {
    comunicadoId: comunicadoRef(),
    grupoUsuariosId: integer()
      .notNull()
      .references(() => gruposUsuarios.id),
  },
  (t) => [primaryKey({ columns: [t.comunicadoId, t.grupoUsuariosId] }), index().on(t.grupoUsuariosId)],
);

/** Users taken out of the groups' audience for this announcement. */
export const comunicadoUsuariosRemovidos = pgTable(
  'comunicado_usuarios_removidos',
  {
    comunicadoId: comunicadoRef(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.comunicadoId, t.usuarioId] })],
);

/**
 * The e-mails of an announcement: its loose addresses (avulso, written with the draft, status null
 * until sent) and, at send, one per recipient who accepts e-mail. The mail job sends the queued
 * (FILA) ones through server/mail, retrying a failure with backoff, and records ENVIADO or FALHOU
 * with the reason.
 */
export const comunicadoEmails = pgTable(
  'comunicado_emails',
  {
    comunicadoId: comunicadoRef(),
    /** Lower-case. */
    email: text().notNull(),
    /** A loose address typed by the author (shown as emailsAvulsos), or a recipient's. */
    avulso: boolean().notNull().default(false),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    /** null (draft), FILA, ENVIADO or FALHOU (domain/comunicados.ts). */
    status: text(),
    erro: text(),
    tentativas: integer().notNull().default(0),
    /** Not retried before this (backoff after a failure). */
    proximaTentativa: timestamp({ withTimezone: true }),
    enviadoEm: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.comunicadoId, t.email] }),
    // The mail job's queue: the queued e-mails of an announcement.
    index('comunicado_emails_fila')
      .on(t.comunicadoId)
      .where(sql`${t.status} = 'FILA'`),
  ],
);

export const comunicadoEtiquetasComunicados = pgTable(
  'comunicado_etiquetas_comunicados',
  {
    comunicadoId: comunicadoRef(),
    etiquetaId: integer()
      .notNull()
      .references(() => comunicadoEtiquetas.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.comunicadoId, t.etiquetaId] }), index().on(t.etiquetaId, t.comunicadoId)],
);

/** Attachments: files of the file store (arquivos, area `comunicados`), in the order given. */
export const comunicadoArquivos = pgTable(
  'comunicado_arquivos',
  {
    comunicadoId: comunicadoRef(),
    arquivoId: integer()
      .notNull()
      .references(() => arquivos.id),
    ordem: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.comunicadoId, t.arquivoId] }), index().on(t.arquivoId)],
);

/**
 * The images of the file store (area `comunicados`) an announcement's message shows: its HTML names
 * them by link only (`/api/comunicados/imagens/{id}/{sha256}`), so each save lists them here from
 * the stored message (queries.ts `replaceLists`), and the file sweep keeps exactly these.
 */
export const comunicadoImagens = pgTable(
  'comunicado_imagens',
  {
    comunicadoId: comunicadoRef(),
    arquivoId: integer()
      .notNull()
      .references(() => arquivos.id),
  },
  (t) => [primaryKey({ columns: [t.comunicadoId, t.arquivoId] }), index().on(t.arquivoId)],
);

/**
 * A delivery: one row per recipient of a sent announcement (millions of rows; keep it narrow).
 * Written at send by one INSERT ... SELECT; `id` grows with the send, so a reader's newest first is
 * the key's order.
 */
export const comunicadoEnvios = pgTable(
  'comunicado_envios',
  {
    id: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    // Both keys are checked once per statement, not by foreign keys (a check per row was 60% of a
    // send to 100,000 users), and a user's or announcement's deletion takes its deliveries: the
    // triggers of migration 0031.
    usuarioId: integer().notNull(),
    comunicadoId: integer().notNull(),
    lidoEm: timestamp({ withTimezone: true }),
    /** "Read and understood", when the announcement asks for it. */
    confirmadoEm: timestamp({ withTimezone: true }),
    arquivado: boolean().notNull().default(false),
    favorito: boolean().notNull().default(false),
    /**
     * The recipient's audience cell when it was delivered: the send writes it; a delivery written
     * without it takes the user's (a trigger of migration 0030). The reach summary counts by it.
     * No foreign key: cells are never deleted, and a key check per row would slow the send.
     */
    celulaId: integer(),
  },
  (t) => [
    // A reader's inbox, newest first: the key walked backwards from the user's last delivery (the
    // newest page of 5,000 among 5,000,000 reads a page of index entries); one delivery by id.
    primaryKey({ columns: [t.usuarioId, t.id] }),
    // One delivery per recipient; an announcement's dashboard roll-up and errata read by it.
    uniqueIndex('comunicado_envios_comunicado_usuario_key').on(t.comunicadoId, t.usuarioId),
    // The unread counts on the tabs read only a reader's unread rows.
    index('comunicado_envios_nao_lidos')
      .on(t.usuarioId, t.arquivado)
      .where(sql`${t.lidoEm} is null`),
  ],
);

/**
 * The reach of an announcement per audience cell (the reach report, issue #31): deliveries, reads
 * and confirmations. Kept by the database from comunicado_envios (statement triggers of migration
 * 0030 on every insert, update and delete, whichever code writes them); never written here.
 */
export const comunicadoAlcance = pgTable(
  'comunicado_alcance',
  {
    comunicadoId: comunicadoRef(),
    celulaId: integer()
      .notNull()
      .references(() => audienciaCelulas.id),
    destinatarios: integer().notNull().default(0),
    lidos: integer().notNull().default(0),
    confirmados: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.comunicadoId, t.celulaId] })],
);
