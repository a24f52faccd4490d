import { PassThrough, type Readable } from 'node:stream';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { IDIOMA_PADRAO, IDIOMAS, type Idioma } from '../../../domain/enums';
import { MB } from '../../../domain/limits';
import { policies } from '../../../domain/policies';
import { translate } from '../../../i18n';
import { UNIQUE_VIOLATION, sqlStateOf } from '../../audit/write';
import type { TokenVerifier } from '../../auth/verify';
import { allows, refusalOf, type Reach, type Session } from '../../authz';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { importacaoLinhas, importacoes } from '../../db/schema';
import { FileTooLargeError, type FileStore } from '../../files';
import type { FileArea } from '../../files/sweep';
import { FORBIDDEN, multipartRoutes, refuse, restCaller, UNAUTHENTICATED, type Refusal } from '../../files/upload';
import { jobQueueOf } from '../../jobs';
import { textCell } from '../../export';
import { AREA_IMPORTACOES, tipoDoArquivo } from './arquivo';
import { errosDoMotivo, motivoTexto } from './erros';
import { IMPORTACAO_FILA } from './job';
import { modeloXlsx } from './modelo';

// REST side of the import (issue #15): the template, the upload and the error report.

export const MODELO_PATH = '/ModeloImportacaoUsuarios.xlsx';
export const IMPORT_PATH = '/import/users';
export const relatorioPath = (id: number) => `${IMPORT_PATH}/${id}/erros`;

/** How far the caller reaches an import: theirs ('owned'), someone else's, or none. */
export const reachOf = (session: Session, imp: { autorId: number | null } | undefined): Reach =>
  !imp ? 'missing' : imp.autorId === session.usuarioId ? 'owned' : 'outside';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * For the file sweep: an import keeps its sheet as long as its row exists (the job reads it; the
 * error report and the status come from the rows and the import's row, not from the file).
 */
export const importacoesArea: FileArea = {
  area: AREA_IMPORTACOES,
  chaves: sql`select ${importacoes.chave} from ${importacoes}`,
};
const NOME_MAX_LENGTH = 255;
/** Failed rows read per query while writing the report. */
const PAGINA_RELATORIO = 1000;

const extensao: Refusal = { status: 415, code: 'BAD_USER_INPUT', key: 'importarUsuarios.upload.extensao' };
const criptografado: Refusal = { status: 415, code: 'BAD_USER_INPUT', key: 'importarUsuarios.upload.criptografado' };
const duplicado: Refusal = { status: 409, code: 'CONFLICT', key: 'importarUsuarios.upload.duplicado' };
const semArquivo: Refusal = { status: 400, code: 'BAD_USER_INPUT', key: 'upload.semArquivo' };
const naoEncontrado: Refusal = { status: 404, code: 'NOT_FOUND', key: 'upload.arquivoNaoEncontrado' };

/** A file name fit to store and show: no path, no control characters, at most 255 characters. */
function nomeDe(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'usuarios.xlsx').slice(0, NOME_MAX_LENGTH);
}

const attachment = (nome: string) => `attachment; filename*=UTF-8''${encodeURIComponent(nome)}`;

export async function importarUsuariosRoutes(
  app: FastifyInstance,
  { db, verify, config, files: store }: { db: Db; verify: TokenVerifier; config: Config; files: FileStore },
) {
  const { maxBytes } = config.importacao;

  // Public on purpose: the template holds no data (headers and instructions only), and the page
  // links it as a static file, which a plain link cannot send a bearer token for.
  app.get<{ Querystring: { idioma?: string } }>(MODELO_PATH, async (req, reply) => {
    const asked = req.query.idioma;
    if (asked !== undefined && !(IDIOMAS as readonly string[]).includes(asked)) {
      return reply
        .code(400)
        .send({ code: 'BAD_USER_INPUT', message: translate(IDIOMA_PADRAO, 'validation.invalidOption') });
    }
    const idioma = (asked as Idioma | undefined) ?? IDIOMA_PADRAO;
    const buffer = await modeloXlsx(idioma, config.importacao.maxRows);
    reply.header('content-disposition', attachment(`${translate(idioma, 'importarUsuarios.modelo.arquivo')}.xlsx`));
    reply.header('cache-control', 'public, max-age=3600');
    return reply.type(XLSX_MIME).send(buffer);
  });

  await multipartRoutes(app, (scope) => {
    scope.post(IMPORT_PATH, async (req, reply) => {
      const { session, idioma } = await restCaller(db, verify, req);
      if (!session) return refuse(reply, idioma, UNAUTHENTICATED);
      if (!allows(session, policies.importarUsuarios.use)) return refuse(reply, idioma, FORBIDDEN);
      if (!req.isMultipart()) return refuse(reply, idioma, semArquivo);
      const part = await req.file({ limits: { fileSize: maxBytes + 1 } });
      if (!part) return refuse(reply, idioma, semArquivo);
      const nome = nomeDe(part.filename);
      // By extension first (nothing stored), then by content once stored.
      if (!/\.xlsx$/i.test(nome)) {
        part.file.resume();
        return refuse(reply, idioma, extensao);
      }
      let stored;
      try {
        stored = await store.write(AREA_IMPORTACOES, part.file as Readable, { maxBytes });
      } catch (error) {
        part.file.resume();
        if (error instanceof FileTooLargeError || part.file.truncated) {
          return refuse(reply, idioma, {
            status: 413,
            code: 'PAYLOAD_TOO_LARGE',
            key: 'importarUsuarios.upload.grandeDemais',
            params: { max: Math.round(maxBytes / MB) },
          });
        }
        throw error;
      }
      const tipo = await store.withLocalCopy(stored.key, tipoDoArquivo).catch(() => 'outro' as const);
      if (tipo !== 'xlsx') {
        await store.remove(stored.key);
        return refuse(reply, idioma, tipo === 'criptografado' ? criptografado : extensao);
      }
      // An earlier upload of this content by the same author whose process stopped between keeping
      // it and queueing it (no job a minute later) was never received as far as they know: it gives
      // way. The same content of another author is theirs alone (the unique index is per author).
      const abandoned = await db
        .delete(importacoes)
        .where(
          and(
            eq(importacoes.autorId, session.usuarioId),
            eq(importacoes.sha256, stored.sha256),
            isNull(importacoes.jobId),
            sql`${importacoes.createdAt} < now() - interval '1 minute'`,
          ),
        )
        .returning({ chave: importacoes.chave });
      for (const { chave } of abandoned) await store.remove(chave).catch(() => undefined);
      let row;
      try {
        [row] = await db
          .insert(importacoes)
          .values({
            autorId: session.usuarioId,
            idioma: session.idioma,
            nomeArquivo: nome,
            chave: stored.key,
            tamanho: stored.size,
            sha256: stored.sha256,
          })
          .returning();
      } catch (error) {
        await store.remove(stored.key);
        if (sqlStateOf(error) === UNIQUE_VIOLATION) return refuse(reply, idioma, duplicado);
        throw error;
      }
      try {
        const job = await jobQueueOf(db).enqueue(IMPORTACAO_FILA, { importacaoId: row.id }, session.usuarioId);
        await db.update(importacoes).set({ jobId: job.id }).where(eq(importacoes.id, row.id));
      } catch (error) {
        // Not queued: nothing was received as far as the user is concerned.
        await db.delete(importacoes).where(eq(importacoes.id, row.id));
        await store.remove(stored.key);
        throw error;
      }
      return reply.code(201).send({ id: String(row.id), fileName: row.nomeArquivo, status: row.status });
    });
  });

  // The failed rows as they came plus the reason, streamed (exceljs's WorkbookWriter), 1,000 rows
  // a query. Policy importarUsuarios.relatorio: only the author, or provider staff; anyone else
  // gets 404 (no hint that it exists).
  app.get<{ Params: { id: string } }>(`${IMPORT_PATH}/:id/erros`, async (req, reply) => {
    const { session, idioma } = await restCaller(db, verify, req);
    if (!session) return refuse(reply, idioma, UNAUTHENTICATED);
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return refuse(reply, idioma, naoEncontrado);
    const [imp] = await db.select().from(importacoes).where(eq(importacoes.id, id));
    const refusal = refusalOf(session, policies.importarUsuarios.relatorio, { reach: reachOf(session, imp) });
    if (refusal === 'errors.forbidden') return refuse(reply, idioma, FORBIDDEN);
    if (refusal || !imp) return refuse(reply, idioma, naoEncontrado);
    const { default: ExcelJS } = await import('exceljs');
    const out = new PassThrough();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    const sheet = workbook.addWorksheet(translate(imp.idioma, 'importarUsuarios.relatorio.planilha'));
    const cabecalho = imp.cabecalho ?? [];
    // The sheet's row number first (a column the importer ignores, so the fixed report re-imports),
    // then the cells as they came and the reason. Every text neutralised as the exports' (textCell).
    const header = sheet.addRow(
      [
        translate(imp.idioma, 'importarUsuarios.relatorio.linha'),
        ...cabecalho,
        translate(imp.idioma, 'importarUsuarios.relatorio.motivo'),
      ].map(textCell),
    );
    header.font = { bold: true };
    header.commit();
    const escrever = async () => {
      let depois = 0;
      for (;;) {
        const page = await db
          .select({ linha: importacaoLinhas.linha, valores: importacaoLinhas.valores, motivo: importacaoLinhas.motivo })
          .from(importacaoLinhas)
          .where(
            and(
              eq(importacaoLinhas.importacaoId, id),
              eq(importacaoLinhas.status, 'ERRO'),
              gt(importacaoLinhas.linha, depois),
            ),
          )
          .orderBy(asc(importacaoLinhas.linha))
          .limit(PAGINA_RELATORIO);
        for (const r of page) {
          const valores = (r.valores ?? []) as (string | null)[];
          const cells = Array.from({ length: cabecalho.length }, (_, i) => valores[i] ?? null);
          const motivo = motivoTexto(imp.idioma, errosDoMotivo(r.motivo));
          sheet.addRow([r.linha, ...[...cells, motivo].map(textCell)]).commit();
        }
        if (page.length < PAGINA_RELATORIO) break;
        depois = page[page.length - 1].linha;
      }
      sheet.commit();
      await workbook.commit();
    };
    escrever().catch((error: unknown) => {
      req.log.error({ err: error, importacaoId: id }, 'error report failed');
      out.destroy(error as Error);
    });
    const base = imp.nomeArquivo.replace(/\.xlsx$/i, '');
    reply.header(
      'content-disposition',
      attachment(`${translate(imp.idioma, 'importarUsuarios.relatorio.arquivo')}-${base}.xlsx`),
    );
    reply.header('cache-control', 'private, no-store');
    return reply.type(XLSX_MIME).send(out);
  });
}

/** For the status: whether the import's job failed for good while the import still says it runs. */
export const jobFalhou = sql<boolean>`exists (select 1 from jobs j where j.id = ${importacoes.jobId} and j.status = 'ERRO')`;
