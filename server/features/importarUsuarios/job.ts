import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { eq, sql } from 'drizzle-orm';
import { LOCALE_OF, type Idioma } from '../../../domain/enums';
import {
  colunaDoCampo,
  colunasDoCabecalho,
  linhaParaUsuario,
  tituloColuna,
  type CatalogoImportacao,
  type CelulasLinha,
  type ErroCelula,
} from '../../../domain/importarUsuarios';
import { MB } from '../../../domain/limits';
import { policies } from '../../../domain/policies';
import { usuarioSchema, type UsuarioInput } from '../../../domain/schemas/usuario';
import { translate } from '../../../i18n';
import { sessionOfEmail } from '../../auth/session';
import { allows, type Session } from '../../authz';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { importacaoLinhas, importacoes, usuarios } from '../../db/schema';
import type { JobContext, JobDefinition } from '../../jobs';
import { outboxDelivery } from '../../mail';
import { fieldErrorsOf } from '../../validation';
import { LinhasRecusadas, salvarUsuariosLote, usuarioRules, type LinhaLote, type ResultadoLote } from '../usuarios';
import {
  AREA_IMPORTACOES,
  CELULA_MAX_CARACTERES,
  caracteresDaLinha,
  celulaGrande,
  examinarZip,
  letrasDaColuna,
  linhaVazia,
  textosDaLinha,
  tipoDoArquivo,
} from './arquivo';
import { COLUNAS_DO_DEALER, motivoDe, type ErroLinha } from './erros';
import { carregarCatalogo, titulosDe } from './modelo';

// The import job (queue `importarUsuarios`): reads the stored sheet once with exceljs's streaming
// reader (never the whole file in memory) for the header, the row count and the file-level
// refusals, keeping the rows' texts in a scratch file, then reads those back row by row in
// batches. Each batch is one transaction: its users (set-based, see usuarios/lote.ts), each row's
// result and the checkpoint (`ultimaLinha`), so a run that stops resumes after the last committed
// batch and never imports a row twice.

export const IMPORTACAO_FILA = 'importarUsuarios';

export interface ImportacaoPayload {
  importacaoId: number;
}

type Log = { error(obj: object, msg: string): void; info?(obj: object, msg: string): void };

/**
 * Rows per batch while requests are being served: a batch is one transaction, which on the embedded
 * database holds its one connection (about 1 ms a row plus 25 ms on the 2-CPU machine), so requests
 * wait for one of 25 rows, not for one of IMPORT_BATCH_SIZE (issue #25). Quiet, the import takes
 * the configured size and its speed (issue #15).
 */
const BUSY_BATCH_SIZE = 25;

/**
 * How long a quiet batch is meant to last: a request arriving once it began waits for it, so it is
 * sized from the time per row of the batch before (a batch of IMPORT_BATCH_SIZE began before any
 * request came held the embedded database 825 ms), between BUSY_BATCH_SIZE and the configured
 * size; the first is at most FIRST_BATCH_SIZE rows.
 */
const QUIET_BATCH_MS = 100;
const FIRST_BATCH_SIZE = 100;

/** The rows of the next quiet batch, from the time per row of the last one (undefined: none yet). */
export function quietBatchSize(configured: number, msPerRow: number | undefined): number {
  const size = msPerRow === undefined ? FIRST_BATCH_SIZE : Math.floor(QUIET_BATCH_MS / Math.max(msPerRow, 1e-3));
  return Math.min(configured, Math.max(BUSY_BATCH_SIZE, size));
}

/** Test hook: called after each committed batch (a test stops the worker mid-file through it). */
export const hooks: { depoisDoLote?: (importacaoId: number, ultimaLinha: number) => void | Promise<void> } = {};

/** Progress (done, rows/s) is written at most this often. */
const PROGRESSO_MS = 1000;

/** A refusal of the whole file: status ERROR with this translated message. */
class ErroArquivo extends Error {
  constructor(
    readonly chave: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(chave);
  }
}

interface Linha {
  linha: number;
  /** The cells as they came (texts, index 0 = column A), for the error report. */
  valores: (string | null)[];
  celulas: CelulasLinha;
}

type Resultado =
  | { linha: number; status: 'CRIADO' | 'ATUALIZADO'; usuarioId: number; email: string; cpf: string | null }
  | { linha: number; status: 'ERRO'; motivo: string; valores: (string | null)[] };

/** Longest wait for the reader's next row before the file counts as damaged (it never answered). */
const LEITURA_PARADA_MS = 60_000;
/** Longest wait for the reader to close once every row was read; then it is left to itself. */
const FECHAMENTO_MS = 5_000;

/** `promise`, or a rejection when it does not settle within `ms`. */
async function aTempo<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const parado = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the spreadsheet reader stalled')), ms);
  });
  try {
    return await Promise.race([promise, parado]);
  } finally {
    clearTimeout(timer);
  }
}

/** The next item of an iterator, or a rejection when it gives none for LEITURA_PARADA_MS. */
const proximo = <T>(iterator: AsyncIterator<T>) => aTempo(iterator.next(), LEITURA_PARADA_MS);

async function lerLinhas(
  path: string,
  onLinha: (numero: number, textos: (string | null)[]) => void | Promise<void>,
): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  // Only the first sheet holds users (the template's second one explains the columns). The reader
  // is driven by hand so that a reader that stops answering (as exceljs does on some damaged
  // files) fails the run instead of holding the queue.
  const sheets = reader[Symbol.asyncIterator]();
  const first = await proximo(sheets);
  if (first.done) return;
  const rows = (first.value as AsyncIterable<{ number: number; values: unknown }>)[Symbol.asyncIterator]();
  const fechar = () => Promise.resolve(sheets.return?.(undefined as never)).catch(() => undefined);
  try {
    for (;;) {
      const next = await proximo(rows);
      if (next.done) break;
      await onLinha(next.value.number, textosDaLinha(next.value.values, 0));
    }
  } catch (error) {
    // Closed without waiting: a stalled reader might never answer its own close either.
    void Promise.resolve(rows.return?.(undefined as never)).catch(() => undefined);
    void fechar();
    throw error;
  }
  // Every row is read: a close that does not answer must not hold the run. (An import in CI once
  // stayed PROCESSING for good on a header-only sheet, no statement running; where it waited is not
  // known, and this close was one of the waits without a bound.)
  await aTempo(fechar(), FECHAMENTO_MS).catch(() => undefined);
}

/**
 * The rows of pass 1, one JSON line each (`[number, texts]`), in a scratch file read back by pass 2:
 * parsing the sheet a second time was about a tenth of a run. A failure of the disk is raised by
 * `fechar`, never taken for a damaged sheet. It is the file store's scratch file of the sheets' area
 * (`<area>/<uuid>.part` under FILES_DIR): one left behind by a process that stopped is removed by
 * the daily file sweep.
 */
class Rascunho {
  private readonly out: WriteStream;
  private falha: unknown;

  constructor(readonly path: string) {
    this.out = createWriteStream(this.path);
    this.out.on('error', (error) => (this.falha ??= error));
  }

  async gravar(numero: number, textos: (string | null)[]) {
    if (this.falha) return;
    if (!this.out.write(`${JSON.stringify([numero, textos])}\n`)) await once(this.out, 'drain').catch(() => undefined);
  }

  async fechar() {
    this.out.end();
    await finished(this.out).catch((error: unknown) => (this.falha ??= error));
    if (this.falha) throw this.falha;
  }

  async *linhas(): AsyncGenerator<[number, (string | null)[]]> {
    for await (const line of createInterface({ input: createReadStream(this.path), crlfDelay: Infinity })) {
      yield JSON.parse(line) as [number, (string | null)[]];
    }
  }

  /** Closed first (the file may still be opening), then removed. */
  async apagar() {
    if (!this.out.closed) await finished(this.out.destroy()).catch(() => undefined);
    await rm(this.path, { force: true });
  }
}

/** The author's session now: null when they are gone, inactive or may no longer import. */
async function sessaoDoAutor(db: Db, autorId: number): Promise<Session | null> {
  const [autor] = await db.select({ email: usuarios.email }).from(usuarios).where(eq(usuarios.id, autorId));
  const session = autor ? await sessionOfEmail(db, autor.email) : null;
  return session && allows(session, policies.importarUsuarios.use) ? session : null;
}

const errosDosCampos = (idioma: Idioma, erros: Record<string, string>, traduzidos = false) =>
  Object.entries(erros).map(([campo, mensagem]) => ({
    coluna: colunaDoCampo(campo),
    mensagem: traduzidos ? mensagem : translate(idioma, mensagem),
  }));

export function importarUsuariosJobs(config: Config, log: Log): Record<string, JobDefinition> {
  async function importar({ db, job, files, requestsCame }: JobContext): Promise<unknown> {
    if (!files) throw new Error('no file storage for imports');
    const { importacaoId } = job.payload as ImportacaoPayload;
    const [imp] = await db.select().from(importacoes).where(eq(importacoes.id, importacaoId));
    if (!imp || imp.status === 'FINISHED' || imp.status === 'ERROR') return { importacaoId };
    const { idioma } = imp;
    const falhar = async (chave: string, params: Record<string, string | number> = {}) => {
      // Numbers as the author's language writes them (32.767 in Portuguese, 32,767 in English).
      const escritos = Object.fromEntries(
        Object.entries(params).map(([k, v]) => [k, typeof v === 'number' ? v.toLocaleString(LOCALE_OF[idioma]) : v]),
      );
      await db
        .update(importacoes)
        .set({ status: 'ERROR', erro: translate(idioma, chave, escritos), concluidoEm: new Date() })
        .where(eq(importacoes.id, importacaoId));
      return { importacaoId, erro: chave };
    };

    const session = await sessaoDoAutor(db, imp.autorId);
    if (!session) return falhar('importarUsuarios.arquivo.semPermissao');
    await db
      .update(importacoes)
      .set({ status: 'PROCESSING', iniciadoEm: sql`coalesce(${importacoes.iniciadoEm}, now())` })
      .where(eq(importacoes.id, importacaoId));

    const rascunho = new Rascunho(await files.scratch(AREA_IMPORTACOES));
    try {
      // The sheet as a local file (exceljs and the zip checks seek in it): on the object store, a scratch copy.
      return await files.withLocalCopy(imp.chave, async (path) => {
        // Pass 1: header, count, file-level refusals; nothing is written before it passes.
        const tipo = await tipoDoArquivo(path);
        if (tipo === 'criptografado') throw new ErroArquivo('importarUsuarios.arquivo.criptografado');
        if (tipo !== 'xlsx') throw new ErroArquivo('importarUsuarios.arquivo.corrompido');
        const grandeDemais = () =>
          new ErroArquivo('importarUsuarios.arquivo.descompactadoGrande', {
            max: Math.round(config.importacao.maxUnpackedBytes / MB),
          });
        const zip = await examinarZip(path, config.importacao.maxUnpackedBytes);
        if (zip === 'grandeDemais') throw grandeDemais();
        if (zip !== 'ok') throw new ErroArquivo('importarUsuarios.arquivo.corrompido');
        let cabecalho: (string | null)[] | null = null;
        let total = 0;
        // The text the rows hold, counted as read: shared strings let a small sheet name one long
        // text from every cell, which the zip's sizes do not show.
        let caracteres = 0;
        try {
          await lerLinhas(path, async (numero, textos) => {
            // A cell no spreadsheet program writes ends the reading: nothing of it is kept.
            const grande = celulaGrande(textos);
            if (grande) {
              const letras = letrasDaColuna(grande.indice);
              const titulo = numero > 1 ? cabecalho?.[grande.indice] : null;
              throw new ErroArquivo('importarUsuarios.arquivo.celulaGrande', {
                celula: `${letras}${numero}`,
                coluna: titulo ? titulo.slice(0, 60) : letras,
                tamanho: grande.tamanho,
                max: CELULA_MAX_CARACTERES,
              });
            }
            caracteres += caracteresDaLinha(textos);
            if (caracteres > config.importacao.maxUnpackedBytes) throw grandeDemais();
            if (numero === 1) cabecalho = textos;
            else if (!linhaVazia(textos) && ++total <= config.importacao.maxRows) await rascunho.gravar(numero, textos);
          });
        } catch (error) {
          if (error instanceof ErroArquivo) throw error;
          throw new ErroArquivo('importarUsuarios.arquivo.corrompido');
        }
        await rascunho.fechar();
        const header: (string | null)[] = cabecalho ?? [];
        const { porIndice, faltando } = colunasDoCabecalho(header, titulosDe);
        if (faltando.length) {
          throw new ErroArquivo('importarUsuarios.arquivo.colunasFaltando', {
            colunas: faltando.map((key) => translate(idioma, tituloColuna(key))).join(', '),
          });
        }
        if (total === 0) throw new ErroArquivo('importarUsuarios.arquivo.vazio');
        if (total > config.importacao.maxRows) {
          throw new ErroArquivo('importarUsuarios.arquivo.linhasDemais', {
            linhas: total,
            max: config.importacao.maxRows,
          });
        }
        await db.update(importacoes).set({ total, cabecalho: header }).where(eq(importacoes.id, importacaoId));

        // Pass 2: the rows after the checkpoint, in batches.
        const schema = usuarioSchema(await usuarioRules(db, { config }));
        const catalogo = await carregarCatalogo(db);
        const processor = processador(db, session, idioma, importacaoId, schema, catalogo, imp);
        let msPerRow: number | undefined;
        let limit = quietBatchSize(config.importacao.batchSize, msPerRow);
        let lote: Linha[] = [];
        for await (const [numero, textos] of rascunho.linhas()) {
          if (numero <= imp.ultimaLinha) continue;
          const celulas: CelulasLinha = {};
          for (const [index, key] of porIndice) celulas[key] = textos[index] ?? null;
          lote.push({ linha: numero, valores: textos.slice(0, Math.max(header.length, textos.length)), celulas });
          if (lote.length >= limit || (lote.length >= BUSY_BATCH_SIZE && requestsCame())) {
            const started = performance.now();
            await processor.lote(lote);
            msPerRow = (performance.now() - started) / lote.length;
            limit = quietBatchSize(config.importacao.batchSize, msPerRow);
            lote = [];
          }
        }
        if (lote.length) await processor.lote(lote);
        await processor.fim();
        return { importacaoId };
      });
    } catch (error) {
      if (error instanceof ErroArquivo) return falhar(error.chave, error.params);
      // Unexpected (database down, process stopping): pg-boss retries the run, which resumes
      // after the checkpoint; the last attempt marks the import failed.
      if (job.tentativas > 2) await falhar('importarUsuarios.arquivo.falhou');
      throw error;
    } finally {
      await rascunho.apagar();
    }
  }

  function processador(
    db: Db,
    session: Session,
    idioma: Idioma,
    importacaoId: number,
    schema: ReturnType<typeof usuarioSchema>,
    catalogo: CatalogoImportacao,
    inicio: { processados: number; criados: number; atualizados: number; erros: number },
  ) {
    const t0 = Date.now();
    let feitasNestaExecucao = 0;
    let feitas = inicio.criados + inicio.atualizados + inicio.erros;
    let reportado = 0;
    const entregar = outboxDelivery(config, db, log as never);

    /** Maps and validates each row: the valid ones as the wizard's parsed input, the others with their reason. */
    function validar(linhas: Linha[], travados: Map<string, { tipo: string; cpf: string | null }>) {
      const validas: (LinhaLote & { valores: (string | null)[] })[] = [];
      const erradas: Resultado[] = [];
      for (const l of linhas) {
        const { input, erros } = linhaParaUsuario(l.celulas, catalogo);
        // An existing user's type (and CPF, once filled) are locked: the wizard shows and sends the
        // stored values, so the rules are checked with them, whatever the sheet says.
        const travado = travados.get(String(input.email).trim().toLowerCase());
        if (travado) {
          input.tipo = travado.tipo as typeof input.tipo;
          if (travado.cpf) input.cpf = travado.cpf;
        }
        const parsed = schema.safeParse(input);
        const daLinha: ErroLinha[] = erros.map((e: ErroCelula) => ({
          coluna: e.coluna,
          mensagem: translate(idioma, e.chave, e.params),
        }));
        const doSchema = parsed.success ? [] : errosDosCampos(idioma, fieldErrorsOf(idioma, parsed.error), true);
        // A dealer the portal does not know (the mapping's only error on that column): of the
        // columns that depend on the dealers, only that is said.
        const dealerDesconhecido = erros.some((e) => e.coluna === 'dealers');
        const independente = (m: ErroLinha) => !dealerDesconhecido || !m.coluna || !COLUNAS_DO_DEALER.has(m.coluna);
        const mensagens = [
          ...daLinha.filter((m) => m.coluna === 'dealers' || independente(m)),
          ...doSchema.filter(independente),
        ];
        if (mensagens.length || !parsed.success) {
          erradas.push({ linha: l.linha, status: 'ERRO', motivo: motivoDe(mensagens), valores: l.valores });
        } else validas.push({ linha: l.linha, input: parsed.data as UsuarioInput, valores: l.valores });
      }
      return { validas, erradas };
    }

    /** Rows whose e-mail or CPF an earlier row of this file already holds (earlier batches: in importacao_linhas). */
    async function repetidas(tx: Db, validas: (LinhaLote & { valores: (string | null)[] })[]) {
      const { rows } = await tx.execute<{ linha: number; email: string | null; cpf: string | null }>(sql`
        select linha, email, cpf from ${importacaoLinhas}
        where importacao_id = ${importacaoId} and status <> 'ERRO' and (
          email in (select json_array_elements_text(${JSON.stringify(validas.map((v) => v.input.email))}::json))
          or cpf in (select json_array_elements_text(${JSON.stringify(validas.flatMap((v) => (v.input.cpf ? [v.input.cpf] : [])))}::json)))`);
      const emails = new Map<string, number>();
      const cpfs = new Map<string, number>();
      for (const r of rows) {
        if (r.email) emails.set(r.email, r.linha);
        if (r.cpf) cpfs.set(r.cpf, r.linha);
      }
      const ok: typeof validas = [];
      const erradas: Resultado[] = [];
      for (const v of validas) {
        const email = emails.get(v.input.email);
        const cpf = v.input.cpf ? cpfs.get(v.input.cpf) : undefined;
        if (email !== undefined || cpf !== undefined) {
          const mensagem =
            email !== undefined
              ? {
                  coluna: 'email' as const,
                  mensagem: translate(idioma, 'importarUsuarios.linha.emailRepetido', { linha: email }),
                }
              : {
                  coluna: 'cpf' as const,
                  mensagem: translate(idioma, 'importarUsuarios.linha.cpfRepetido', { linha: cpf! }),
                };
          erradas.push({ linha: v.linha, status: 'ERRO', motivo: motivoDe([mensagem]), valores: v.valores });
          continue;
        }
        emails.set(v.input.email, v.linha);
        if (v.input.cpf) cpfs.set(v.input.cpf, v.linha);
        ok.push(v);
      }
      return { ok, erradas };
    }

    /** One transaction: the users, every row's result and the checkpoint. Throws LinhasRecusadas to retry without some rows. */
    async function gravar(linhas: Linha[], validas: ReturnType<typeof validar>['validas'], erradas: Resultado[]) {
      const ultimaLinha = linhas[linhas.length - 1].linha;
      return db.transaction(async (tx) => {
        const { ok, erradas: repetidas_ } = await repetidas(tx as unknown as Db, validas);
        const { resultados, mails } = await salvarUsuariosLote(tx, session, { db, config, log }, ok);
        const porLinha = new Map(ok.map((v) => [v.linha, v]));
        const todos: Resultado[] = [
          ...erradas,
          ...repetidas_,
          ...resultados.map((r: ResultadoLote): Resultado => {
            const v = porLinha.get(r.linha)!;
            return r.status === 'ERRO'
              ? {
                  linha: r.linha,
                  status: 'ERRO',
                  motivo: motivoDe(errosDosCampos(idioma, r.erros)),
                  valores: v.valores,
                }
              : { linha: r.linha, status: r.status, usuarioId: r.usuarioId, email: v.input.email, cpf: v.input.cpf };
          }),
        ];
        await tx.execute(sql`insert into ${importacaoLinhas} (importacao_id, linha, status, usuario_id, email, cpf, valores, motivo)
          select ${importacaoId}::int, x.linha, x.status, x.usuario_id, x.email, x.cpf, x.valores, x.motivo
          from json_to_recordset(${JSON.stringify(
            todos.map((r) =>
              r.status === 'ERRO'
                ? { linha: r.linha, status: r.status, valores: r.valores, motivo: r.motivo }
                : { linha: r.linha, status: r.status, usuario_id: r.usuarioId, email: r.email, cpf: r.cpf },
            ),
          )}::json) as x(linha int, status text, usuario_id int, email text, cpf text, valores jsonb, motivo text)`);
        const conta = (s: string) => todos.filter((r) => r.status === s).length;
        const agora = Date.now();
        const reportar = agora - reportado >= PROGRESSO_MS;
        const novasFeitas = feitas + todos.length;
        const taxa = ((feitasNestaExecucao + todos.length) * 1000) / Math.max(1, agora - t0);
        await tx
          .update(importacoes)
          .set({
            ultimaLinha,
            criados: sql`${importacoes.criados} + ${conta('CRIADO')}`,
            atualizados: sql`${importacoes.atualizados} + ${conta('ATUALIZADO')}`,
            erros: sql`${importacoes.erros} + ${conta('ERRO')}`,
            ...(reportar ? { processados: novasFeitas, linhasPorSegundo: taxa } : {}),
          })
          .where(eq(importacoes.id, importacaoId));
        if (reportar) reportado = agora;
        return { n: todos.length, mails };
      });
    }

    /** Type and CPF of the users the rows name that exist already (one query). */
    async function travadosDe(linhas: Linha[]) {
      const emails = linhas.map((l) => (l.celulas.email ?? '').trim().toLowerCase()).filter(Boolean);
      const { rows } = await db.execute<{ email: string; tipo: string; cpf: string | null }>(
        sql`select email, tipo, cpf from ${usuarios} where email in (select json_array_elements_text(${JSON.stringify(emails)}::json))`,
      );
      return new Map(rows.map((r) => [r.email, r]));
    }

    async function lote(linhas: Linha[]): Promise<void> {
      const { validas, erradas } = validar(linhas, await travadosDe(linhas));
      let restantes = validas;
      const recusadas = [...erradas];
      // A row refused after the write (scope, identity provider) rolls the batch back: saved again without it.
      let gravado: Awaited<ReturnType<typeof gravar>> | undefined;
      for (let tentativa = 0; !gravado; tentativa++) {
        try {
          gravado = await gravar(linhas, restantes, recusadas);
        } catch (error) {
          if (error instanceof LinhasRecusadas && tentativa < 5) {
            for (const [linha, erros] of error.erros) {
              const v = restantes.find((r) => r.linha === linha)!;
              recusadas.push({
                linha,
                status: 'ERRO',
                motivo: motivoDe(errosDosCampos(idioma, erros)),
                valores: v.valores,
              });
            }
            restantes = restantes.filter((r) => !error.erros.has(r.linha));
            continue;
          }
          if (linhas.length > 1 && !(error instanceof LinhasRecusadas) && !isConnectionError(error)) {
            // Something only the database knew (a concurrent save took an e-mail or CPF): each row
            // on its own, so one row's failure never loses the others.
            log.error({ err: error, importacaoId }, 'import batch failed; saving its rows one by one');
            for (const l of linhas) await umaLinha(l);
            return;
          }
          throw error;
        }
      }
      feitas += gravado.n;
      feitasNestaExecucao += gravado.n;
      // Committed: the welcome e-mails are in the outbox whatever SMTP does now.
      await entregar(gravado.mails);
      await hooks.depoisDoLote?.(importacaoId, linhas[linhas.length - 1].linha);
    }

    /** A row alone; if the database still refuses it, it is recorded as failed with its checkpoint. */
    async function umaLinha(l: Linha) {
      try {
        await lote([l]);
      } catch (error) {
        if (isConnectionError(error)) throw error;
        log.error({ err: error, importacaoId, linha: l.linha }, 'import row failed');
        await gravar(
          [l],
          [],
          [
            {
              linha: l.linha,
              status: 'ERRO',
              motivo: motivoDe([{ coluna: null, mensagem: translate(idioma, 'importarUsuarios.linha.falha') }]),
              valores: l.valores,
            },
          ],
        );
        feitas += 1;
        feitasNestaExecucao += 1;
      }
    }

    async function fim() {
      await db
        .update(importacoes)
        .set({
          status: 'FINISHED',
          processados: sql`${importacoes.criados} + ${importacoes.atualizados} + ${importacoes.erros}`,
          linhasPorSegundo: (feitasNestaExecucao * 1000) / Math.max(1, Date.now() - t0),
          concluidoEm: new Date(),
        })
        .where(eq(importacoes.id, importacaoId));
    }

    return { lote, fim };
  }

  return { [IMPORTACAO_FILA]: { handler: importar, retryLimit: 2, heartbeatSeconds: 30 } };
}

/** A lost connection or a stopping process: the run is retried (and resumes), rows are not blamed. */
function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return (
    typeof code === 'string' &&
    (code.startsWith('08') || code === '57P01' || code === 'ECONNREFUSED' || code === 'ECONNRESET')
  );
}
