import type { FastifyInstance, FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import { fileTypeStream } from 'file-type/node';
import type { Readable } from 'node:stream';
import type { Idioma } from '../../../domain/enums';
import { DOCUMENTO_MAX_BYTES } from '../../../domain/limits';
import { policies } from '../../../domain/policies';
import { translate } from '../../../i18n';
import { pickIdioma } from '../../auth/language';
import { sessionFromAuthorization } from '../../auth/session';
import type { TokenVerifier } from '../../auth/verify';
import { allows } from '../../authz';
import type { Db } from '../../db/client';
import { arquivos } from '../../db/schema';
import { FileTooLargeError, fileStore } from '../../files';
import { ausenciaVisivel } from './access';

// The supporting document of a temporary absence: uploaded first (POST /api/upload/documento, one
// file, streamed into the file store), then named by its id in salvarAusenciaTemporaria; read back
// with GET /api/ausencias/{id}/documento by whoever may see the absence, for 6 months.

/** Types accepted, as file-type names them from the content (never from the file's name). */
const TIPOS_DOCUMENTO = new Set([
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
  // Word, Excel and PowerPoint before 2007 (OLE compound files).
  'cfb',
]);
/** Bytes read to recognise the type: office files are zip archives whose telling entry may come late. */
const SAMPLE_BYTES = 256 * 1024;
const NOME_MAX_LENGTH = 255;

/** A file name fit to store and show: no path, no control characters, at most 255 characters. */
function nomeDe(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'documento').slice(0, NOME_MAX_LENGTH);
}

export async function documentoRoutes(
  app: FastifyInstance,
  { db, verify, filesDir }: { db: Db; verify: TokenVerifier; filesDir: string },
) {
  const store = fileStore(filesDir);
  const failWith =
    (reply: FastifyReply, idioma: Idioma) =>
    (status: number, code: string, key: string, params: Record<string, string | number> = {}) =>
      reply.code(status).send({ code, message: translate(idioma, key, params) });

  await app.register(async (scope) => {
    // The limit is the store's (which removes a partial file); multipart's only backs it up.
    await scope.register(multipart, { limits: { files: 1, fields: 0, fileSize: DOCUMENTO_MAX_BYTES + 1 } });

    scope.post('/api/upload/documento', async (req, reply) => {
      const session = await sessionFromAuthorization(db, verify, req.headers.authorization);
      const idioma = session?.idioma ?? pickIdioma(req.headers['accept-language']);
      const fail = failWith(reply, idioma);
      if (!session) return fail(401, 'UNAUTHENTICATED', 'errors.unauthenticated');
      if (!allows(session, policies.ausencias.edit)) return fail(403, 'FORBIDDEN', 'errors.forbidden');
      if (!req.isMultipart()) return fail(400, 'BAD_USER_INPUT', 'upload.semArquivo');
      const part = await req.file();
      if (!part) return fail(400, 'BAD_USER_INPUT', 'upload.semArquivo');
      const typed = await fileTypeStream(part.file as Readable, { sampleSize: SAMPLE_BYTES });
      if (!typed.fileType || !TIPOS_DOCUMENTO.has(typed.fileType.ext)) {
        typed.destroy();
        part.file.resume();
        return fail(415, 'BAD_USER_INPUT', 'upload.tipoNaoPermitido');
      }
      let stored;
      try {
        stored = await store.write('documentos', typed, { maxBytes: DOCUMENTO_MAX_BYTES });
      } catch (error) {
        part.file.resume();
        if (error instanceof FileTooLargeError || part.file.truncated) {
          return fail(413, 'PAYLOAD_TOO_LARGE', 'upload.grandeDemais', { max: DOCUMENTO_MAX_BYTES / (1024 * 1024) });
        }
        throw error;
      }
      const [row] = await db
        .insert(arquivos)
        .values({
          chave: stored.key,
          nome: nomeDe(part.filename),
          tipoMime: typed.fileType.mime,
          tamanho: stored.size,
          sha256: stored.sha256,
          autorId: session.usuarioId,
        })
        .returning({ id: arquivos.id, nome: arquivos.nome, tamanho: arquivos.tamanho });
      return reply.code(201).send(row);
    });
  });

  app.get<{ Params: { id: string } }>('/api/ausencias/:id/documento', async (req, reply) => {
    const session = await sessionFromAuthorization(db, verify, req.headers.authorization);
    const idioma = session?.idioma ?? pickIdioma(req.headers['accept-language']);
    const fail = failWith(reply, idioma);
    if (!session) return fail(401, 'UNAUTHENTICATED', 'errors.unauthenticated');
    if (!allows(session, policies.ausencias.list)) return fail(403, 'FORBIDDEN', 'errors.forbidden');
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return fail(404, 'NOT_FOUND', 'errors.notFound');
    let row;
    try {
      row = await ausenciaVisivel(db, session, id);
    } catch {
      return fail(404, 'NOT_FOUND', 'errors.notFound');
    }
    if (!row.arquivoChave) return fail(404, 'NOT_FOUND', 'upload.arquivoNaoEncontrado');
    if (!row.disponivel) return fail(410, 'GONE', 'ausencias.documentoExpirado');
    let content;
    try {
      content = await store.read(row.arquivoChave);
    } catch {
      return fail(404, 'NOT_FOUND', 'upload.arquivoNaoEncontrado');
    }
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.arquivoNome!)}`);
    reply.header('cache-control', 'private, no-store');
    reply.header('x-content-type-options', 'nosniff');
    reply.type(row.arquivoTipo!);
    return reply.send(content);
  });
}
