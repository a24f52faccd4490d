import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { fileTypeStream, type ReadableStreamWithFileType } from 'file-type/node';
import type { Readable } from 'node:stream';
import type { Idioma } from '../../domain/enums';
import { MB } from '../../domain/limits';
import { translate } from '../../i18n';
import { pickIdioma } from '../auth/language';
import { sessionFromAuthorization } from '../auth/session';
import type { TokenVerifier } from '../auth/verify';
import type { Session } from '../authz';
import type { Db } from '../db/client';
import { FileTooLargeError } from './index';

// What the REST upload routes share (absence documents, avatars): multipart reading of one file,
// its type read from the content, the size limit, the caller, and translated refusals.

/** A refusal of a REST route, answered as `{ code, message }` with the message translated. */
export interface Refusal {
  status: number;
  code: string;
  key: string;
  params?: Record<string, string | number>;
}

export const UNAUTHENTICATED: Refusal = { status: 401, code: 'UNAUTHENTICATED', key: 'errors.unauthenticated' };
export const FORBIDDEN: Refusal = { status: 403, code: 'FORBIDDEN', key: 'errors.forbidden' };
const NO_FILE: Refusal = { status: 400, code: 'BAD_USER_INPUT', key: 'upload.semArquivo' };

/** A file past `maxBytes` (the message says the limit in MB; `key` a route's own wording). */
export const tooLarge = (maxBytes: number, key = 'upload.grandeDemais'): Refusal => ({
  status: 413,
  code: 'PAYLOAD_TOO_LARGE',
  key,
  params: { max: maxBytes / MB },
});

export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'object' && value !== null && 'status' in value && 'key' in value;

export function refuse(reply: FastifyReply, idioma: Idioma, { status, code, key, params = {} }: Refusal) {
  // Refused before the body was read whole: the connection closes after the answer, so what is left
  // of the body is never waited for nor read as the next request (a keep-alive client's next
  // request on that connection hung).
  if (!reply.request.raw.complete) reply.header('connection', 'close');
  return reply.code(status).send({ code, message: translate(idioma, key, params) });
}

/** The caller of a REST route (null when anonymous) and the language of its answers. */
export async function restCaller(
  db: Db,
  verify: TokenVerifier,
  req: FastifyRequest,
): Promise<{ session: Session | null; idioma: Idioma }> {
  const session = await sessionFromAuthorization(db, verify, req.headers.authorization);
  return { session, idioma: session?.idioma ?? pickIdioma(req.headers['accept-language']) };
}

/**
 * Declares `routes` in a scope that reads multipart bodies of one file and no fields. Multipart
 * stays out of the rest of the app (GraphQL must not take multipart requests). Each route sets its
 * own size limit through `receiveFile`.
 */
export async function multipartRoutes(app: FastifyInstance, routes: (scope: FastifyInstance) => void) {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 1, fields: 0 } });
    routes(scope);
  });
}

export interface ReceivedFile {
  /** The file's bytes, streamed (the sample read to recognise the type included). */
  content: ReadableStreamWithFileType;
  mime: string;
  filename: string;
  /** Whether a failure while reading `content` was the size limit (then answer `tooLarge`). */
  isTooLarge(error: unknown): boolean;
  /** Drains what is left of the request after a failure. */
  discard(): void;
}

/** Bytes that no text file holds: control characters other than tab, line feed, form feed, return and escape. */
// eslint-disable-next-line no-control-regex
const BINARIO = /[\u0000-\u0008\u000b\u000e-\u001a\u001c-\u001f\u007f]/;

/**
 * The type of content file-type does not recognise: text (TXT, CSV, in any 8-bit or UTF-8
 * encoding) when its first bytes hold no binary control character, anything else unknown.
 */
export function tipoSemAssinatura(inicio: Buffer): string {
  return inicio.length > 0 && !BINARIO.test(inicio.subarray(0, 4096).toString('latin1'))
    ? 'text/plain'
    : 'application/octet-stream';
}

/** The first bytes waiting in `stream`, put back: what a reader of it will get first. */
async function espiar(stream: Readable): Promise<Buffer> {
  for (;;) {
    const chunk = stream.read() as Buffer | null;
    if (chunk !== null) {
      stream.unshift(chunk);
      return chunk;
    }
    if (stream.readableEnded || stream.destroyed) return Buffer.alloc(0);
    // 'close' too: a stream destroyed meanwhile (the client went away) never becomes readable.
    await new Promise<void>((resolve) => {
      const seguir = () => {
        stream.off('readable', seguir).off('close', seguir);
        resolve();
      };
      stream.once('readable', seguir).once('close', seguir);
    });
  }
}

/**
 * The one file of a multipart request, refused (415, `typeRefusedKey`) unless file-type recognises
 * its content as one of `types` (its name is never trusted), or, with `texto`, file-type knows no
 * signature in it and its first bytes are text (tipoSemAssinatura). Reading `content` fails past `maxBytes`.
 */
export async function receiveFile(
  req: FastifyRequest,
  {
    types,
    maxBytes,
    typeRefusedKey,
    sampleSize,
    texto = false,
  }: {
    types: ReadonlySet<string>;
    maxBytes: number;
    typeRefusedKey: string;
    sampleSize?: number;
    texto?: boolean;
  },
): Promise<ReceivedFile | Refusal> {
  if (!req.isMultipart()) return NO_FILE;
  // The route's limit is one byte more than allowed, so the store or `bufferOf` sees the excess.
  const part = await req.file({ limits: { fileSize: maxBytes + 1 } });
  if (!part) return NO_FILE;
  const typed = await fileTypeStream(part.file as Readable, sampleSize ? { sampleSize } : {});
  const mime = typed.fileType
    ? types.has(typed.fileType.ext)
      ? typed.fileType.mime
      : undefined
    : texto && tipoSemAssinatura(await espiar(typed)) === 'text/plain'
      ? 'text/plain'
      : undefined;
  if (!mime) {
    typed.destroy();
    part.file.resume();
    return { status: 415, code: 'BAD_USER_INPUT', key: typeRefusedKey };
  }
  return {
    content: typed,
    mime,
    filename: part.filename,
    isTooLarge: (error) => error instanceof FileTooLargeError || part.file.truncated,
    discard: () => part.file.resume(),
  };
}

/**
 * The one file of a multipart request read whole (a small image to convert): `receiveFile`'s
 * refusals, and `tooLarge(maxBytes)` past the limit.
 */
export async function receiveSmallFile(
  req: FastifyRequest,
  options: { types: ReadonlySet<string>; maxBytes: number; typeRefusedKey: string },
): Promise<{ bytes: Buffer; mime: string; filename: string } | Refusal> {
  const received = await receiveFile(req, options);
  if (isRefusal(received)) return received;
  try {
    return {
      bytes: await bufferOf(received.content, options.maxBytes),
      mime: received.mime,
      filename: received.filename,
    };
  } catch (error) {
    received.discard();
    if (received.isTooLarge(error)) return tooLarge(options.maxBytes);
    throw error;
  }
}

/** Reads a small file whole (e.g. an image to convert); rejects with FileTooLargeError past `maxBytes`. */
export async function bufferOf(content: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of content) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      content.destroy();
      throw new FileTooLargeError(maxBytes);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Documents and images as file-type names them from the content (never from the file's name): PDF,
 * images, Office and OpenDocument files, and Word, Excel and PowerPoint before 2007 (OLE compound
 * files, `cfb`). Absence documents take these; announcements' attachments add a few.
 */
export const TIPOS_DOCUMENTO: ReadonlySet<string> = new Set([
  'pdf',
  'png',
  'jpg',
  'gif',
  'webp',
  'bmp',
  'tif',
  'heic',
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'ods',
  'odp',
  'cfb',
]);

/** Bytes read to recognise a document's type: office files are zip archives whose telling entry may come late. */
export const DOCUMENTO_SAMPLE_BYTES = 256 * 1024;

const NOME_MAX_LENGTH = 255;

/** A file name fit to store and show: no path, no control characters, at most 255 characters. */
export function nomeArquivo(filename: string | undefined, padrao: string): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || padrao).slice(0, NOME_MAX_LENGTH);
}
