import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import parseRange from 'range-parser';
import { translate } from '../../i18n';
import { pickIdioma } from '../auth/language';
import { FileNotFoundError, type ByteRange } from './store';

/** A stored file as its record describes it (`arquivos`: key, name, type read from the bytes, size, hash). */
export interface ArquivoServido {
  key: string;
  nome: string;
  tipoMime: string;
  tamanho: number;
  /** Hex SHA-256 of the content: the ETag (conditional and resumed requests) when given. */
  sha256?: string;
}

/**
 * Types a browser may show in the page instead of saving (`inline`): ones that run no script on
 * our origin. Anything else (HTML, SVG, unknown) is always an attachment.
 */
const INLINE = /^(image\/(png|jpeg|gif|webp|bmp|avif)|application\/pdf|video\/[\w.+-]+|audio\/[\w.+-]+|text\/plain)$/;

/** `bytes=` and one or more `first-last`, `first-` or `-suffix` (RFC 9110 14.1.2); anything else is ignored. */
const RANGE = /^bytes=\s*(\d+-\d*|-\d+)(\s*,\s*(\d+-\d*|-\d+))*\s*$/;

/** Which bytes to send: all (undefined), one range, or none satisfiable ('unsatisfiable'). */
function rangeOf(req: FastifyRequest, size: number, etag: string | undefined): ByteRange | 'unsatisfiable' | undefined {
  const header = req.headers.range;
  if (!header || size === 0) return undefined;
  // If-Range: the range only applies to the same content (by its strong ETag); otherwise all of it.
  // A malformed header or another unit is ignored (the whole file), as RFC 9110 allows.
  const ifRange = req.headers['if-range'];
  if (ifRange !== undefined && ifRange !== etag) return undefined;
  if (!RANGE.test(header)) return undefined;
  const specs = header
    .slice(header.indexOf('=') + 1)
    .split(',')
    .map((spec) => spec.trim());
  // A range whose last byte is before its first is invalid: ignored like any malformed header.
  const invalida = (spec: string) => {
    const bytes = /^(\d+)-(\d+)$/.exec(spec);
    return bytes !== null && Number(bytes[2]) < Number(bytes[1]);
  };
  if (specs.some(invalida)) return undefined;
  // A suffix longer than the file asks for all of it (RFC 9110 14.1.2): bytes 0 to the end.
  const normalizado = `bytes=${specs.map((spec) => (/^-\d+$/.test(spec) && Number(spec.slice(1)) > size ? '0-' : spec)).join(',')}`;
  const ranges = parseRange(size, normalizado, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  // Several ranges (multipart/byteranges is not served): the whole file.
  if (ranges === -2 || ranges.length !== 1) return undefined;
  return { start: ranges[0].start, end: ranges[0].end };
}

const notFound = (req: FastifyRequest, reply: FastifyReply) =>
  reply.code(404).send({
    code: 'NOT_FOUND',
    message: translate(pickIdioma(req.headers['accept-language']), 'errors.fileNotFound'),
  });

/**
 * Sends a stored file from the app's store (disk or object store) with HTTP ranges: 206 with
 * Content-Range for one satisfiable range (a video or a long PDF opens at once), 416 for an
 * unsatisfiable one, the whole file otherwise; Accept-Ranges, the file's name in
 * Content-Disposition (RFC 6266, with an ASCII fallback), its type, ETag from the SHA-256, 304 on a
 * matching If-None-Match. The caller has checked access; a file missing from the store is a 404.
 */
export async function sendStoredFile(
  req: FastifyRequest,
  reply: FastifyReply,
  arquivo: ArquivoServido,
  { inline }: { inline: boolean },
) {
  const { files } = req.server;
  const size = arquivo.tamanho;
  const etag = arquivo.sha256 ? `"${arquivo.sha256}"` : undefined;
  reply.header('accept-ranges', 'bytes');
  reply.header('cache-control', 'private, no-store');
  reply.header('x-content-type-options', 'nosniff');
  if (etag) {
    reply.header('etag', etag);
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
      return reply.code(304).send();
    }
  }
  const range = rangeOf(req, size, etag);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    return reply.code(416).send();
  }
  let content;
  try {
    if (req.method === 'HEAD') {
      if (!(await files.stat(arquivo.key))) throw new FileNotFoundError(arquivo.key);
    } else {
      content = await files.read(arquivo.key, range);
    }
  } catch (error) {
    if (error instanceof FileNotFoundError) return notFound(req, reply);
    throw error;
  }
  const type = inline && INLINE.test(arquivo.tipoMime) ? 'inline' : 'attachment';
  reply.header('content-disposition', contentDisposition(arquivo.nome, { type }));
  reply.type(arquivo.tipoMime);
  if (range) {
    reply.code(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('content-length', range.end! - range.start + 1);
  } else {
    reply.header('content-length', size);
  }
  // HEAD: an empty stream, which Fastify's HEAD route drains without touching Content-Length (an
  // empty payload would set it to 0; the file's own stream would be read through for nothing).
  return reply.send(content ?? Readable.from([]));
}
