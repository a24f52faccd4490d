import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { idiomaEnum } from './enums';
import { usuarios } from './usuarios';

// Platform tables: audit, client logs, identity-provider storage, e-mail, labels and properties.

const bigId = () => bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const auditoria = pgTable(
  'auditoria',
  {
    id: bigId(),
    /** Kind of record (e.g. DEALER, GRUPO, USUARIO) as in the route /auditoria/{id}/{tipo}. */
    tipo: text().notNull(),
    /** The record, or null when the entry names several records of its kind in `registros`. */
    registroId: text(),
    /**
     * The ids of the records of kind `tipo` one entry stands for, shown in the history of each:
     * a group cascade records its change once for all the dealers and users it reaches (100,000
     * rows of their own cost 0.6-1.2 s of the cascade; one row and this index, 0.15-0.2 s).
     */
    registros: integer().array(),
    /** What happened: CRIACAO, ALTERACAO, ATIVACAO, INATIVACAO, or a cascade name. */
    alteracao: text().notNull(),
    valorAnterior: jsonb(),
    valorNovo: jsonb(),
    /**
     * The user who made the change. No foreign key: the log is append-only, a cascade writes it
     * in bulk (a per-row key check was 15% of inactivating a group of 100,000 users), and it
     * outlives its author.
     */
    autorId: integer(),
    data: now(),
  },
  (t) => [
    index().on(t.tipo, t.registroId, t.data),
    // Without the pending list a cascade's entry costs the same each time (0.15-0.25 s for 100,000
    // ids) instead of now and then paying for the merge of every entry queued before it.
    index()
      .using('gin', t.registros)
      .with({ fastupdate: false })
      .where(sql`${t.registros} is not null`),
    check('auditoria_registro_id_or_registros', sql`(${t.registroId} is null) <> (${t.registros} is null)`),
  ],
);

export const logGrupos = pgTable('log_grupos', {
  nome: text().primaryKey(),
  tags: jsonb().notNull().default({}),
  createdAt: now(),
});

export const logStreams = pgTable(
  'log_streams',
  {
    grupo: text()
      .notNull()
      .references(() => logGrupos.nome),
    nome: text().notNull(),
    createdAt: now(),
  },
  (t) => [primaryKey({ columns: [t.grupo, t.nome] })],
);

export const logEventos = pgTable(
  'log_eventos',
  {
    id: bigId(),
    grupo: text().notNull(),
    stream: text().notNull(),
    tipo: text().notNull(),
    mensagem: text().notNull(),
    stack: text(),
    metadata: jsonb(),
    timestamp: timestamp({ withTimezone: true }).notNull(),
    recebidoEm: now(),
  },
  (t) => [index().on(t.grupo, t.stream, t.timestamp)],
);

/** Storage of the embedded OpenID provider (sessions, grants, codes, tokens, interactions). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text().notNull(),
    id: text().notNull(),
    payload: jsonb().notNull(),
    grantId: text(),
    userCode: text(),
    uid: text(),
    expiresAt: timestamp({ withTimezone: true }),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index().on(t.grantId),
    index().on(t.uid),
    index().on(t.userCode),
    index().on(t.expiresAt),
  ],
);

/** Generated once and kept: signing keys (JWKS) and cookie keys. */
export const segredos = pgTable('segredos', {
  nome: text().primaryKey(),
  valor: jsonb().notNull(),
  createdAt: now(),
});

export const senhaResets = pgTable('senha_resets', {
  tokenHash: text().primaryKey(),
  usuarioId: integer()
    .notNull()
    .references(() => usuarios.id),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: now(),
});

/** Every e-mail the portal sends; `enviadoEm` stays null when no SMTP server is configured. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigId(),
    para: text().notNull(),
    assunto: text().notNull(),
    texto: text().notNull(),
    html: text(),
    createdAt: now(),
    enviadoEm: timestamp({ withTimezone: true }),
    erro: text(),
  },
  (t) => [index().on(t.para, t.createdAt)],
);

/** Server-side labels (i18nLabels) that override or extend the client catalogs per language. */
export const i18nLabels = pgTable(
  'i18n_labels',
  {
    idioma: idiomaEnum().notNull(),
    chave: text().notNull(),
    valor: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.idioma, t.chave] })],
);

/** Portal properties (spec section 3): favicon, name, theme, links, user-type settings. */
export const propriedades = pgTable('propriedades', {
  chave: text().primaryKey(),
  valor: jsonb().notNull(),
});

/**
 * Background jobs (the super-admin synchronisations, later the user import): the portal's record of
 * each run, with its author, progress and result for the screen that started it. pg-boss (schema
 * `pgboss`) delivers, retries and expires the run; `bossId` is its job id there (server/jobs).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigId(),
    fila: text().notNull(),
    /** PENDENTE, EXECUTANDO, CONCLUIDO or ERRO. */
    status: text().notNull().default('PENDENTE'),
    payload: jsonb().notNull().default({}),
    total: integer(),
    processados: integer().notNull().default(0),
    resultado: jsonb(),
    /** The pg-boss job delivering this run. */
    bossId: uuid(),
    /** Attempts started so far (pg-boss retries a failed or interrupted run). */
    tentativas: integer().notNull().default(0),
    erro: text(),
    autorId: integer().references(() => usuarios.id),
    createdAt: now(),
    iniciadoEm: timestamp({ withTimezone: true }),
    concluidoEm: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.fila, t.status, t.createdAt)],
);
