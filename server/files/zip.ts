import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { ZipFile } from 'yazl';

/** A file of a zip: where it goes in the archive (`Pasta/Sub/arquivo.pdf`) and its key in the store. */
export interface EntradaZip {
  caminho: string;
  key: string;
}

// Characters Windows refuses in a file name, and control characters.
// eslint-disable-next-line no-control-regex
const PROIBIDOS = /[\u0000-\u001f\u007f<>:"|?*]/g;

/** A relative path inside the archive: no drive, no `..`, no empty or dot segments, no forbidden characters. */
export function caminhoNoZip(caminho: string): string {
  const partes = caminho
    .split(/[\\/]+/)
    .map((parte) => parte.replace(PROIBIDOS, '_').trim())
    .filter((parte) => parte && parte !== '.' && parte !== '..');
  return partes.join('/') || 'arquivo';
}

/** `nome (2).ext`, `nome (3).ext`...: the first of them that `usados` does not hold yet. */
function unico(caminho: string, usados: Set<string>): string {
  let candidato = caminho;
  const ext = path.posix.extname(caminho);
  const base = caminho.slice(0, caminho.length - ext.length);
  for (let n = 2; usados.has(candidato.toLowerCase()); n++) candidato = `${base} (${n})${ext}`;
  usados.add(candidato.toLowerCase());
  return candidato;
}

/**
 * Streams a zip of `entries` as the response, built on the fly with yazl: entries are added as the
 * iterable yields them and each file is opened from the store only when its turn comes
 * (addReadStreamLazy), so neither the archive nor a file is ever held in memory or on disk, and
 * the first bytes leave before the last entry is known. Files are stored without compression
 * (the library's PDFs, images, videos and Office files are compressed already); ZIP64 is used
 * when the archive passes 4 GB. A failure midway (a file gone from the store) ends the response
 * abruptly, so the client sees a failed download rather than a short archive.
 */
export async function sendZip(reply: FastifyReply, nomeZip: string, entries: AsyncIterable<EntradaZip>) {
  const nome = nomeZip.toLowerCase().endsWith('.zip') ? nomeZip : `${nomeZip}.zip`;
  reply.header('content-disposition', contentDisposition(nome));
  reply.header('cache-control', 'private, no-store');
  reply.header('x-content-type-options', 'nosniff');
  reply.type('application/zip');
  // A HEAD asks for the headers only: the archive is not built (its files not read from the store),
  // as a HEAD on a single file reads none of it.
  if (reply.request.method === 'HEAD') return reply.send();
  const { files } = reply.server;
  const zip = new ZipFile();
  const body = new PassThrough();
  const falhar = (error: unknown) => {
    reply.log.error({ err: error }, 'zip download failed');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on('error', falhar);
  zip.outputStream.on('error', falhar);
  zip.outputStream.pipe(body);

  void (async () => {
    const usados = new Set<string>();
    for await (const { caminho, key } of entries) {
      zip.addReadStreamLazy(unico(caminhoNoZip(caminho), usados), { compress: false }, (cb) => {
        files.read(key).then(
          (stream) => cb(null, stream),
          (error: unknown) => cb(error, undefined as never),
        );
      });
    }
    zip.end();
  })().catch(falhar);

  return reply.send(body);
}
