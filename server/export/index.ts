import { and, eq } from 'drizzle-orm';
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
}

/** Defines a list export with its row type checked against the columns. */
export const listExport = <R, F>(def: {
  policy: Policy;
  filterSchema: z.ZodType<F>;
  rows: (db: Db, session: Session, filter: F) => Promise<R[]>;
  columns: ExportColumn<R>[];
  fileName: string;
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

async function workbookOf(list: ListExport, rows: unknown[], idioma: Idioma) {
  // Loaded on the first export, not at start (0.4 s of every start otherwise).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(idioma, list.fileName).slice(0, 31));
  sheet.columns = list.columns.map((c) => ({ header: translate(idioma, c.header), width: 24 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(list.columns.map((c) => cell(c.value(row as never), idioma)));
  }
  return workbook;
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
      const workbook = await workbookOf(list, rows, idioma);
      const name = `${translate(idioma, list.fileName)}.${formato}`;
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
      reply.header('cache-control', 'no-store');
      if (formato === 'csv') {
        // A byte-order mark so that spreadsheet programs read the accents as UTF-8.
        const csv = Buffer.from(await workbook.csv.writeBuffer());
        reply.type('text/csv; charset=utf-8');
        return reply.send(Buffer.concat([Buffer.from('\uFEFF'), csv]));
      }
      reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      return reply.send(Buffer.from(await workbook.xlsx.writeBuffer()));
    },
  );
}
