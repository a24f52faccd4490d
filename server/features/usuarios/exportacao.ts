import { and, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { formatCpf } from '../../../domain/documentos';
import type { Idioma } from '../../../domain/enums';
import { policies } from '../../../domain/policies';
import { usuarioFilterSchema } from '../../../domain/schemas/usuario';
import { translate } from '../../../i18n';
import { sessionOfEmail } from '../../auth/session';
import { allows } from '../../authz';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import { cell } from '../../export';
import type { FileStore } from '../../files';
import type { FileArea } from '../../files/sweep';
import type { JobContext, JobDefinition, JobRow } from '../../jobs';
import * as q from './queries';
import { findUsuarioById } from '../../auth/accounts';

/**
 * The users list exported to .xlsx in the background (issue #13, spec section 4: Processing,
 * Finished, Progress %): the job reads the author's scoped, filtered list one keyset page at a time
 * and streams it through exceljs's WorkbookWriter to a scratch file then into the shared file
 * storage (writeVia), so neither the rows nor the workbook are held in memory. One export per user at a time (enqueueUnique perAuthor).
 */

export const EXPORT_FILA = 'exportarUsuarios';
/** Users read per query. */
export const EXPORT_PAGE = 1000;
/** The file's storage area (server/files). */
const AREA = 'exportacoes';
/** i18n key of the downloaded file's name. */
export const EXPORT_FILE_NAME = 'usuarios.exportacao.arquivo';

/** For the file sweep: the file named by an export's result (only the author's newest is kept). */
export const exportacoesArea: FileArea = {
  area: AREA,
  chaves: sql`select ${jobs.resultado} ->> 'arquivo' from ${jobs} where ${jobs.fila} = ${EXPORT_FILA}`,
};

export interface ExportPayload {
  filtro: q.UsuarioExportFilter;
  /** The author's language when they asked: headers, yes/no and the file name. */
  idioma: Idioma;
}

export interface ExportResult {
  arquivo: string;
  linhas: number;
  nomeArquivo: string;
}

const exportFilterSchema = usuarioFilterSchema.omit({ page: true, rowsPerPage: true });

type Column = { header: string; width: number; value: (row: q.ExportRow, idioma: Idioma) => unknown };
const nomes = (list: { nome: string }[]) => list.map((item) => item.nome);
const COLUMNS: Column[] = [
  { header: 'usuarios.fields.nome', width: 32, value: (u) => u.nome },
  { header: 'usuarios.fields.email', width: 32, value: (u) => u.email },
  { header: 'usuarios.fields.cpf', width: 16, value: (u) => (u.cpf ? formatCpf(u.cpf) : null) },
  { header: 'usuarios.fields.tipo', width: 20, value: (u, idioma) => translate(idioma, `tiposUsuario.${u.tipo}`) },
  { header: 'lista.status.active', width: 12, value: (u) => u.active },
  { header: 'usuarios.fields.marcas', width: 24, value: (u) => nomes(u.marcas) },
  { header: 'usuarios.fields.grupos', width: 32, value: (u) => nomes(u.grupos) },
  { header: 'usuarios.fields.dealers', width: 40, value: (u) => u.dealers.map((d) => d.nomeExibicao) },
  {
    header: 'usuarios.sections.cargos',
    width: 48,
    value: (u, idioma) =>
      u.cargos.map((c) =>
        translate(idioma, 'usuarios.cargos.item', { cargo: c.cargo, dealer: c.dealer, data: c.dataInicio }),
      ),
  },
  { header: 'usuarios.fields.tiposAcesso', width: 40, value: (u) => u.tiposAcesso },
  { header: 'usuarios.fields.funcionalidades', width: 60, value: (u) => u.funcionalidades },
  { header: 'usuarios.fields.ultimoAcesso', width: 20, value: (u) => u.ultimoAcesso },
];

/** The session the author would have now: null when they are gone, inactive or may no longer export. */
async function authorSession(db: Db, autorId: number | null) {
  if (autorId === null) return null;
  const author = await findUsuarioById(db, autorId);
  const session = author ? await sessionOfEmail(db, author.email) : null;
  return session && allows(session, policies.usuarios.export) ? session : null;
}

/** Progress is written at most this often (one UPDATE of the jobs row). */
const PROGRESS_EVERY_MS = 1000;

async function exportarUsuariosJob({ db, job, progress, signal, files }: JobContext): Promise<ExportResult> {
  if (!files) throw new Error('no file storage for exports');
  const { filtro, idioma } = job.payload as ExportPayload;
  const session = await authorSession(db, job.autorId);
  if (!session) throw new Error('errors.forbidden');
  const filter = exportFilterSchema.parse(filtro);
  const total = await q.countExportUsuarios(db, session, filter);
  await progress(0, total);

  // Loaded on the first export, not at start.
  const { default: ExcelJS } = await import('exceljs');
  let written = 0;
  const { key } = await files.writeVia(AREA, async (partial) => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: partial, useStyles: true });
    const sheet = workbook.addWorksheet(translate(idioma, 'routes.usuarios').slice(0, 31));
    sheet.columns = COLUMNS.map((c) => ({ header: translate(idioma, c.header), width: c.width }));
    sheet.getColumn(COLUMNS.length).numFmt = 'yyyy-mm-dd hh:mm';
    sheet.getRow(1).font = { bold: true };
    let after: number | null = null;
    let reported = Date.now();
    for (;;) {
      signal.throwIfAborted();
      const page = await q.exportUsuariosQuery(db, session, filter, { after, limit: EXPORT_PAGE });
      for (const row of page) {
        sheet
          .addRow(
            COLUMNS.map((c) => {
              const value = c.value(row, idioma);
              return value instanceof Date ? value : cell(value as Parameters<typeof cell>[0], idioma);
            }),
          )
          .commit();
      }
      written += page.length;
      if (page.length < EXPORT_PAGE) break;
      after = page[page.length - 1].id;
      if (Date.now() - reported >= PROGRESS_EVERY_MS) {
        await progress(written, Math.max(total, written));
        reported = Date.now();
      }
    }
    sheet.commit();
    await workbook.commit();
  });
  await progress(written, Math.max(total, written));
  await removeOlderFiles(db, files, job);
  return { arquivo: key, linhas: written, nomeArquivo: EXPORT_FILE_NAME };
}

/** The author keeps one file: their earlier exports' files are removed once a new one is written. */
async function removeOlderFiles(db: Db, files: FileStore, job: JobRow) {
  if (job.autorId === null) return;
  const older = await db
    .select({ resultado: jobs.resultado })
    .from(jobs)
    .where(
      and(eq(jobs.fila, EXPORT_FILA), eq(jobs.autorId, job.autorId), lt(jobs.id, job.id), isNotNull(jobs.resultado)),
    );
  for (const { resultado } of older) {
    const arquivo = (resultado as Partial<ExportResult> | null)?.arquivo;
    if (arquivo) await files.remove(arquivo).catch(() => undefined);
  }
}

export const exportJobs: Record<string, JobDefinition> = {
  [EXPORT_FILA]: { handler: exportarUsuariosJob, retryLimit: 1 },
};

/** The caller's newest export, or undefined. */
export async function latestExport(db: Db, autorId: number) {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.fila, EXPORT_FILA), eq(jobs.autorId, autorId)))
    .orderBy(desc(jobs.id))
    .limit(1);
  return row;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** An export as the screen shows it: CONCLUIDO becomes EXPIRADO once its file is no longer kept. */
export async function exportView(job: JobRow, files: FileStore) {
  const resultado = job.resultado as ExportResult | null;
  let status: string = job.status;
  if (status === 'CONCLUIDO' && !(resultado?.arquivo && (await files.stat(resultado.arquivo).catch(() => null)))) {
    status = 'EXPIRADO';
  }
  // Percent done with 2 decimals (spec section 4); 100 when there was nothing to export.
  const progresso =
    job.total === null
      ? null
      : job.total === 0
        ? 100
        : Math.min(100, Math.round((job.processados / job.total) * 10_000) / 100);
  return {
    id: job.id,
    status,
    total: job.total,
    processados: job.processados,
    progresso,
    linhas: resultado?.linhas ?? null,
    erro: job.erro,
    createdAt: job.createdAt.toISOString(),
    concluidoEm: iso(job.concluidoEm),
    download: status === 'CONCLUIDO' ? `/api/exportacoes/${job.id}` : null,
  };
}
