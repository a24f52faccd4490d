import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { Config } from '../../config';
import { fileStoreOf, type FileStore } from '../../files';
import { gravarVariante } from '../../files/imagens';
import { jobQueueOf, type JobDefinition } from '../../jobs';
import { AREA_MINIATURAS } from './areas';
import { extrairTexto, TIPOS_COM_TEXTO } from './texto';

// The content job of library files (issue #29, queue `conteudoBiblioteca`): queued in the
// transaction that places uploads (so it runs only if they were placed), it extracts the text of
// PDF, DOCX, XLSX and TXT files into the full-text index (biblioteca_trechos, in chunks) and makes
// a WebP thumbnail of images (sharp, server/files/imagens.ts, shared with the slides' variants) in
// the file store. A file removed meanwhile is skipped.

export const CONTEUDO_FILA = 'conteudoBiblioteca';

/** Characters of one indexed chunk: a match's snippet is made from its chunk alone. */
export const TRECHO_CARACTERES = 4000;
/** Most characters indexed per file (the rest of a very long document is not searchable). */
export const TEXTO_MAX_CARACTERES = 2_000_000;
/** Files larger than this are not read for text (a 900 MB video has none; a huge PDF would hold the worker). */
export const EXTRACAO_MAX_BYTES = 100 * 1024 * 1024;
/** Images larger than this get no thumbnail. */
export const MINIATURA_MAX_BYTES = 50 * 1024 * 1024;
export const MINIATURA_PX = 320;

type Log = Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'>;

/** Queues the content job of these files within the caller's transaction. */
export const agendarConteudo = (tx: DbOrTx, arquivoIds: number[], autorId: number) =>
  jobQueueOf(tx).enqueueWithin(tx, CONTEUDO_FILA, { arquivoIds }, autorId);

async function buffer(stream: Readable, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Cuts text into chunks at a whitespace near TRECHO_CARACTERES. */
export function trechos(texto: string): string[] {
  const limpo = texto
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ')
    .slice(0, TEXTO_MAX_CARACTERES);
  const partes: string[] = [];
  let inicio = 0;
  while (inicio < limpo.length) {
    let fim = Math.min(inicio + TRECHO_CARACTERES, limpo.length);
    if (fim < limpo.length) {
      const espaco = limpo.lastIndexOf(' ', fim);
      if (espaco > inicio + TRECHO_CARACTERES / 2) fim = espaco;
    }
    const parte = limpo.slice(inicio, fim).trim();
    if (parte) partes.push(parte);
    inicio = fim;
  }
  return partes;
}

type Arquivo = {
  id: number;
  chave: string;
  tipo_mime: string;
  tamanho: number;
};

/** Extracts and indexes one file's text; answers its status. */
async function indexar(db: DbOrTx, store: FileStore, a: Arquivo): Promise<string> {
  if (!TIPOS_COM_TEXTO.has(a.tipo_mime)) return 'SEM_TEXTO';
  if (Number(a.tamanho) > EXTRACAO_MAX_BYTES) return 'SEM_TEXTO';
  const bytes = await buffer(await store.read(a.chave), EXTRACAO_MAX_BYTES);
  if (!bytes) return 'SEM_TEXTO';
  const partes = trechos(await extrairTexto(a.tipo_mime, bytes));
  await db.transaction(async (tx) => {
    // Two runs of one file (a retry overlapping a slow first attempt) take turns on its status row.
    const { rows } = await tx.execute(sql`select 1 from biblioteca_conteudos where arquivo_id = ${a.id} for update`);
    if (rows.length === 0) return;
    await tx.execute(sql`delete from biblioteca_trechos where arquivo_id = ${a.id}`);
    if (partes.length) {
      await tx.execute(sql`insert into biblioteca_trechos (arquivo_id, ordem, texto)
        select ${a.id}, t.ordem, t.texto from unnest(${sql.param(partes)}::text[]) with ordinality as t(texto, ordem)`);
    }
  });
  return partes.length ? 'EXTRAIDO' : 'SEM_TEXTO';
}

/** Makes an image's thumbnail in the file store; answers its key (null: not an image, or too large). */
async function miniatura(store: FileStore, a: Arquivo): Promise<string | null> {
  if (!a.tipo_mime.startsWith('image/') || Number(a.tamanho) > MINIATURA_MAX_BYTES) return null;
  return gravarVariante(store, a.chave, AREA_MINIATURAS, { largura: MINIATURA_PX, qualidade: 75 });
}

export async function processarConteudo(db: DbOrTx, store: FileStore, arquivoIds: number[], log: Log) {
  const { rows } = await db.execute<Arquivo>(sql`select a.id, a.chave, a.tipo_mime, a.tamanho from arquivos a
    where a.id = any(${sql.param(arquivoIds)}::int[]) and exists (select 1 from biblioteca_itens i where i.arquivo_id = a.id)`);
  const resultado: Record<string, number> = {};
  for (const a of rows) {
    let status: string;
    let erro: string | null = null;
    let chave: string | null = null;
    try {
      status = await indexar(db, store, a);
      chave = await miniatura(store, a);
    } catch (error) {
      status = 'FALHOU';
      erro = String((error as Error)?.message ?? error).slice(0, 500);
      log.warn({ err: error, arquivoId: a.id }, 'library file content not extracted');
    }
    const { rows: antigos } = await db.execute<{ chave: string | null }>(sql`update biblioteca_conteudos c
      set status = ${status}, erro = ${erro}, miniatura_chave = coalesce(${chave}, c.miniatura_chave), updated_at = now()
      from (select miniatura_chave as chave from biblioteca_conteudos where arquivo_id = ${a.id}) antes
      where c.arquivo_id = ${a.id} returning antes.chave`);
    // A file removed while the job ran: its thumbnail has no record and goes with the sweep.
    if (chave && antigos[0]?.chave && antigos[0].chave !== chave) await store.remove(antigos[0].chave);
    resultado[status] = (resultado[status] ?? 0) + 1;
  }
  return resultado;
}

export function bibliotecaJobs(
  config: Pick<Config, 'filesDir' | 'storage'>,
  log: Log,
): Record<typeof CONTEUDO_FILA, JobDefinition> {
  return {
    [CONTEUDO_FILA]: {
      retryLimit: 2,
      handler: ({ db, job, files }) =>
        processarConteudo(
          db,
          files ?? fileStoreOf(config),
          ((job.payload as { arquivoIds?: number[] }).arquivoIds ?? []).map(Number),
          log,
        ),
    },
  };
}
