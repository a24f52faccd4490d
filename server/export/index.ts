import { and, eq } from 'drizzle-orm';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Idioma } from '../../domain/enums';
import { translate } from '../../i18n';
import { pickIdioma } from '../auth/language';
import { sessionFromAuthorization } from '../auth/session';
import type { TokenVerifier } from '../auth/verify';
import { allows, type Policy, type Session } from '../authz';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import type { FileStore } from '../files';
import { fieldErrorsOf } from '../validation';

// Export of a filtered list to CSV or XLSX (issue #4): GET /api/exportar/{lista}?formato=csv|xlsx&filtro={json}.
// The filter is the list's own filterInput (paging ignored); rows come from the same scoped query
// as the list, so an export never shows more than the screen would.

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
type Value = string | number | boolean | null | undefined | readonly string[];

export interface ExportColumn<R> {
  /** i18n key of the column header. */
  header: string;
  value: (row: R) => Value;
}

export interface ListExport<R = never> {
  policy: Policy;
  filterSchema: z.ZodType;
  rows: (db: Db, session: Session, filter: never) => Promise<R[]>;
  columns: ExportColumn<R>[];
  /** i18n key of the file name (the route title). */
  fileName: string;
  /** What the file holds, after its name (a report's period): two exports of one list told apart. */
  fileSuffix?: (filter: never) => string;
}

/** Defines a list export with its row type checked against the columns. */
export const listExport = <R, F>(def: {
  policy: Policy;
  filterSchema: z.ZodType<F>;
  rows: (db: Db, session: Session, filter: F) => Promise<R[]>;
  columns: ExportColumn<R>[];
  fileName: string;
  fileSuffix?: (filter: F) => string;
}) => def as unknown as ListExport;

/** A text a spreadsheet program would read as a formula (or that hides one after a tab or return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * OWASP's CSV-injection rule, in CSV and XLSX alike: a text cell starting with =, +, -, @, tab or
 * carriage return gets a leading single quote, so the cell shows as text and never runs.
 */
export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A text cell of any spreadsheet the portal writes (error report, template): escapeFormula; null stays an empty cell. */
export function textCell(text: string | null | undefined): string | null {
  return text === null || text === undefined ? null : escapeFormula(text);
}

/** A value as a spreadsheet cell: yes/no translated, lists joined, every text escaped (escapeFormula). */
export function cell(value: Value, idioma: Idioma): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return translate(idioma, value ? 'lista.status.active' : 'lista.status.inactive');
  if (Array.isArray(value)) return escapeFormula(value.join(', '));
  // Numbers stay numbers (a negative one is not a formula); every text is escaped.
  return typeof value === 'string' ? escapeFormula(value) : (value as number);
}

/**
 * A CSV as the spreadsheet programs of its reader's language read it on opening: in Portuguese and
 * Spanish (Excel's list separator there is `;`, the decimal separator a comma) fields apart by `;`
 * and decimals with a comma, which a comma-separated file opened in one column there; in English `,`
 * and a point. XLSX carries numbers as numbers and needs neither.
 */
const CSV_LOCAL: Record<Idioma, { delimiter: string; decimal: string }> = {
  PT_BR: { delimiter: ';', decimal: ',' },
  ES: { delimiter: ';', decimal: ',' },
  EN: { delimiter: ',', decimal: '.' },
};

/** Rows written between two yields to the event loop (the output drains meanwhile). */
const ROWS_PER_TURN = 1000;

/**
 * The rows as the format's file, streamed as it is written: XLSX through exceljs's streaming writer
 * (each row committed to the zip as it goes), CSV through fast-csv with a byte-order mark (so
 * spreadsheet programs read the accents as UTF-8). Memory stays flat whatever the rows: the
 * in-memory workbook took 612 MB and 2 s of blocked event loop for 100,000 rows, the streaming
 * writer 49 MB and 0.7 s (measured on the 2-CPU machine).
 */
async function fileOf(list: ListExport, rows: readonly unknown[], idioma: Idioma, formato: string): Promise<Readable> {
  const headers = list.columns.map((c) => translate(idioma, c.header));
  const values = (row: unknown) => list.columns.map((c) => cell(c.value(row as never), idioma));
  const out = new PassThrough();
  const pump = async (write: (values: (string | number)[]) => void, end: () => Promise<void>) => {
    for (let i = 0; i < rows.length; i++) {
      write(values(rows[i]));
      if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await new Promise((resolve) => setImmediate(resolve));
    }
    await end();
  };
  if (formato === 'csv') {
    const { format } = await import('fast-csv');
    const { delimiter, decimal } = CSV_LOCAL[idioma];
    const csv = format({ writeBOM: true, delimiter });
    csv.pipe(out);
    csv.write(headers);
    void pump(
      (v) =>
        csv.write(v.map((x) => (typeof x === 'number' && !Number.isInteger(x) ? String(x).replace('.', decimal) : x))),
      async () => void csv.end(),
    ).catch((error: unknown) => out.destroy(error as Error));
    return out;
  }
  // Loaded on the first export, not at start (0.4 s of every start otherwise).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(translate(idioma, list.fileName).slice(0, 31));
  sheet.columns = headers.map((header) => ({ header, width: 24 }));
  sheet.getRow(1).font = { bold: true };
  void pump(
    (v) => sheet.addRow(v).commit(),
    async () => {
      sheet.commit();
      await workbook.commit();
    },
  ).catch((error: unknown) => out.destroy(error as Error));
  return out;
}

export async function exportRoutes(
  app: FastifyInstance,
  {
    db,
    verify,
    exports,
    files,
  }: { db: Db; verify: TokenVerifier; exports: Record<string, ListExport>; files: FileStore },
) {
  // The file of a background export (a job whose result names a stored file, e.g. exportarUsuarios):
  // only its author gets it; any other caller, and a file no longer kept, get 404.
  app.get<{ Params: { id: string } }>('/api/exportacoes/:id', async (req, reply) => {
    const session = await sessionFromAuthorization(db, verify, req.headers.authorization);
    const idioma = session?.idioma ?? pickIdioma(req.headers['accept-language']);
    const fail = (status: number, code: string, key: string) =>
      reply.code(status).send({ code, message: translate(idioma, key) });
    if (!session) return fail(401, 'UNAUTHENTICATED', 'errors.unauthenticated');
    const id = Number(req.params.id);
    const [job] = Number.isSafeInteger(id)
      ? await db
          .select({ resultado: jobs.resultado })
          .from(jobs)
          .where(and(eq(jobs.id, id), eq(jobs.autorId, session.usuarioId), eq(jobs.status, 'CONCLUIDO')))
      : [];
    const resultado = job?.resultado as { arquivo?: unknown; nomeArquivo?: unknown } | undefined;
    if (typeof resultado?.arquivo !== 'string') return fail(404, 'NOT_FOUND', 'errors.fileNotFound');
    let stream;
    try {
      stream = await files.read(resultado.arquivo);
    } catch {
      return fail(404, 'NOT_FOUND', 'errors.fileNotFound');
    }
    const base = typeof resultado.nomeArquivo === 'string' ? translate(idioma, resultado.nomeArquivo) : 'exportacao';
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${base}.xlsx`)}`);
    reply.header('cache-control', 'no-store');
    reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    return reply.send(stream);
  });

  // The users with an export under way in this process: one each. Every export runs its list's
  // queries and holds its rows until the file is sent; unbounded, one user's parallel requests
  // (a script, a held-down button) held the database and the memory of the whole process.
  const exportando = new Set<number>();

  app.get<{ Params: { lista: string }; Querystring: { formato?: string; filtro?: string } }>(
    '/api/exportar/:lista',
    async (req, reply) => {
      const session = await sessionFromAuthorization(db, verify, req.headers.authorization, req.log);
      const idioma = session?.idioma ?? pickIdioma(req.headers['accept-language']);
      const fail = (status: number, code: string, key: string, extra = {}) =>
        reply.code(status).send({ code, message: translate(idioma, key), ...extra });
      const list = Object.hasOwn(exports, req.params.lista) ? exports[req.params.lista] : undefined;
      if (!list) return fail(404, 'NOT_FOUND', 'errors.notFound');
      if (!session) return fail(401, 'UNAUTHENTICATED', 'errors.unauthenticated');
      if (!allows(session, list.policy)) return fail(403, 'FORBIDDEN', 'errors.forbidden');
      if (exportando.has(session.usuarioId)) return fail(429, 'TOO_MANY_REQUESTS', 'errors.exportacaoEmAndamento');
      // Until the answer ends, sent whole, refused or cut short by the client.
      exportando.add(session.usuarioId);
      reply.raw.once('close', () => exportando.delete(session.usuarioId));
      const formato = req.query.formato ?? 'xlsx';
      if (!(EXPORT_FORMATS as readonly string[]).includes(formato)) {
        return fail(400, 'BAD_USER_INPUT', 'errors.checkData', {
          fieldErrors: { formato: translate(idioma, 'validation.invalidOption') },
        });
      }
      let raw: unknown;
      try {
        raw = JSON.parse(req.query.filtro ?? '{}');
      } catch {
        return fail(400, 'BAD_USER_INPUT', 'errors.checkData', {
          fieldErrors: { filtro: translate(idioma, 'validation.invalidValue') },
        });
      }
      const parsed = list.filterSchema.safeParse(raw);
      if (!parsed.success) {
        return fail(400, 'BAD_USER_INPUT', 'errors.checkData', { fieldErrors: fieldErrorsOf(idioma, parsed.error) });
      }
      let rows;
      try {
        rows = await list.rows(db, session, parsed.data as never);
      } catch (error) {
        // A list of one record (an announcement's unread) refuses as its GraphQL operation does.
        const code = (error as { extensions?: { code?: unknown; messageKey?: unknown } }).extensions?.code;
        const key = (error as { extensions?: { messageKey?: unknown } }).extensions?.messageKey;
        const status = code === 'NOT_FOUND' ? 404 : code === 'FORBIDDEN' ? 403 : undefined;
        if (status === undefined || typeof key !== 'string') throw error;
        return fail(status, code as string, key);
      }
      const suffix = list.fileSuffix?.(parsed.data as never);
      const name = `${translate(idioma, list.fileName)}${suffix ? `_${suffix}` : ''}.${formato}`;
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
      reply.header('cache-control', 'no-store');
      reply.type(
        formato === 'csv'
          ? 'text/csv; charset=utf-8'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      return reply.send(await fileOf(list, rows, idioma, formato));
    },
  );
}
