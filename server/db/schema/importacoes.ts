import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idiomaEnum } from './enums';
import { jobs } from './plataforma';
import { usuarios } from './usuarios';

/**
 * A bulk user import (issue #15): the uploaded .xlsx (file store key, SHA-256 unique so the same
 * content is refused twice from one author), its state for the status table, and the job's checkpoint: the last
 * sheet row whose batch committed (`ultimaLinha`), written in the batch's own transaction, so a
 * restarted job resumes after it without importing a row twice.
 */
export const importacoes = pgTable(
  'importacoes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    autorId: integer()
      .notNull()
      .references(() => usuarios.id),
    /** The author's language at upload: row reasons and the error report are written in it. */
    idioma: idiomaEnum().notNull(),
    nomeArquivo: text().notNull(),
    /** Key in the file store (`importacoes/<uuid>`). */
    chave: text().notNull(),
    tamanho: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    /** RECEIVED, PROCESSING, FINISHED or ERROR (domain: ImportStatus). */
    status: text().notNull().default('RECEIVED'),
    jobId: bigint({ mode: 'number' }).references(() => jobs.id),
    /** Data rows of the sheet, once counted. */
    total: integer(),
    /** Rows done as last reported (written at most once a second). */
    processados: integer().notNull().default(0),
    /** Checkpoint: the last sheet row (1-based, header = 1) whose batch committed. */
    ultimaLinha: integer().notNull().default(1),
    criados: integer().notNull().default(0),
    atualizados: integer().notNull().default(0),
    erros: integer().notNull().default(0),
    linhasPorSegundo: real(),
    /** The header row as it came (the error report repeats it). */
    cabecalho: jsonb().$type<(string | null)[]>(),
    /** Why the whole file failed (translated in `idioma`). */
    erro: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    iniciadoEm: timestamp({ withTimezone: true }),
    concluidoEm: timestamp({ withTimezone: true }),
  },
  // The same content twice from one author is refused; another author's (maybe of another brand) is
  // none of theirs to know of.
  (t) => [uniqueIndex().on(t.autorId, t.sha256), index().on(t.autorId, t.id)],
);

/**
 * The result of each row of an import: created, updated or refused. A refused row keeps its cells
 * as they came and the reason (in the author's language) for the error report. `email` and `cpf`
 * find a value repeated in the same file.
 */
export const importacaoLinhas = pgTable(
  'importacao_linhas',
  {
    importacaoId: integer()
      .notNull()
      .references(() => importacoes.id, { onDelete: 'cascade' }),
    linha: integer().notNull(),
    /** CRIADO, ATUALIZADO or ERRO. */
    status: text().notNull(),
    usuarioId: integer(),
    email: text(),
    cpf: text(),
    valores: jsonb().$type<unknown[]>(),
    motivo: text(),
  },
  (t) => [
    primaryKey({ columns: [t.importacaoId, t.linha] }),
    index().on(t.importacaoId, t.email),
    index()
      .on(t.importacaoId, t.cpf)
      .where(sql`${t.cpf} is not null`),
  ],
);
