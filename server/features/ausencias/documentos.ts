import type { FastifyInstance } from 'fastify';
import { DOCUMENTO_MAX_BYTES } from '../../../domain/limits';
import { policies } from '../../../domain/policies';
import type { TokenVerifier } from '../../auth/verify';
import { allows } from '../../authz';
import type { Db } from '../../db/client';
import { arquivos } from '../../db/schema';
import type { FileStore } from '../../files';
import type { FileArea } from '../../files/sweep';
import {
  DOCUMENTO_SAMPLE_BYTES,
  FORBIDDEN,
  isRefusal,
  nomeArquivo,
  multipartRoutes,
  receiveFile,
  refuse,
  restCaller,
  TIPOS_DOCUMENTO,
  tooLarge,
  UNAUTHENTICATED,
} from '../../files/upload';
import { ausenciaVisivel } from './access';
import { AREA_DOCUMENTOS, chavesDocumentosEmUso, deleteDocumentosSoltos } from './queries';

// The supporting document of a temporary absence: uploaded first (POST /api/upload/documento, one
// file, streamed into the file store), then named by its id in salvarAusenciaTemporaria; read back
// with GET /api/ausencias/{id}/documento by whoever may see the absence, for 6 months.

/**
 * For the file sweep: a row is kept while an absence uses it, its file while an absence may still
 * let it be downloaded (AUSENCIA_DOCUMENTO_MESES).
 */
export const documentosArea: FileArea = {
  area: AREA_DOCUMENTOS,
  chaves: chavesDocumentosEmUso,
  soltos: deleteDocumentosSoltos,
};

export async function documentoRoutes(
  app: FastifyInstance,
  { db, verify, files: store }: { db: Db; verify: TokenVerifier; files: FileStore },
) {
  await multipartRoutes(app, (scope) => {
    scope.post('/api/upload/documento', async (req, reply) => {
      const { session, idioma } = await restCaller(db, verify, req);
      if (!session) return refuse(reply, idioma, UNAUTHENTICATED);
      if (!allows(session, policies.ausencias.edit)) return refuse(reply, idioma, FORBIDDEN);
      const received = await receiveFile(req, {
        types: TIPOS_DOCUMENTO,
        maxBytes: DOCUMENTO_MAX_BYTES,
        typeRefusedKey: 'upload.tipoNaoPermitido',
        sampleSize: DOCUMENTO_SAMPLE_BYTES,
      });
      if (isRefusal(received)) return refuse(reply, idioma, received);
      let stored;
      try {
        // The limit is the store's (which removes a partial file); multipart's only backs it up.
        stored = await store.write(AREA_DOCUMENTOS, received.content, { maxBytes: DOCUMENTO_MAX_BYTES });
      } catch (error) {
        received.discard();
        if (received.isTooLarge(error)) return refuse(reply, idioma, tooLarge(DOCUMENTO_MAX_BYTES));
        throw error;
      }
      const [row] = await db
        .insert(arquivos)
        .values({
          chave: stored.key,
          nome: nomeArquivo(received.filename, 'documento'),
          tipoMime: received.mime,
          tamanho: stored.size,
          sha256: stored.sha256,
          autorId: session.usuarioId,
        })
        .returning({ id: arquivos.id, nome: arquivos.nome, tamanho: arquivos.tamanho });
      return reply.code(201).send(row);
    });
  });

  app.get<{ Params: { id: string } }>('/api/ausencias/:id/documento', async (req, reply) => {
    const { session, idioma } = await restCaller(db, verify, req);
    const fail = (status: number, code: string, key: string) => refuse(reply, idioma, { status, code, key });
    if (!session) return refuse(reply, idioma, UNAUTHENTICATED);
    if (!allows(session, policies.ausencias.list)) return refuse(reply, idioma, FORBIDDEN);
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
