import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { COMUNICADO_IMAGEM_PATH } from '../../../domain/html';
import { policies } from '../../../domain/policies';
import type { TokenVerifier } from '../../auth/verify';
import { allows } from '../../authz';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
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
import { anexosTotal } from './queries';

// Attachments of announcements (and the rich text's images): uploaded first (POST
// /api/upload/comunicado, one file streamed into the file store, area `comunicados`), then named by
// id in salvarComunicado / criarErrataComunicado, or, an image, shown in the message through its
// link (`imagemLink`, GET /api/comunicados/imagens/{id}/{sha256}: an <img> sends no token, so the
// content's own hash in the path is what lets it through; nobody guesses it without the image). Each file at most COMUNICADO_ANEXO_MAX_MB, refused
// while it streams; with `?idComunicado=` the announcement's attachments and this one at most
// COMUNICADO_ANEXOS_TOTAL_MAX_MB (the save checks the total again). The type is read from the bytes.

const AREA = 'comunicados';

/**
 * For the file sweep: every file of the area with a record stays. A file no announcement carries as
 * an attachment nor shows in its message (`comunicado_imagens`, listed at each save) is deleted with
 * its record once older than the grace period: uploaded and never saved with one, an image taken
 * out of the message, or of a deleted draft.
 */
export const anexosArea: FileArea = {
  area: AREA,
  chaves: sql`select chave from arquivos where chave like 'comunicados/%'`,
  async soltos(db: DbOrTx, graceHours: number) {
    const { rows } = await db.execute<{ chave: string }>(sql`delete from arquivos a
      where a.chave like 'comunicados/%' and a.created_at < now() - make_interval(hours => ${graceHours})
        and not exists (select 1 from comunicado_arquivos ca where ca.arquivo_id = a.id)
        and not exists (select 1 from comunicado_imagens ci where ci.arquivo_id = a.id)
      returning a.chave`);
    return rows.map((r) => r.chave);
  },
};

/** Types accepted, as file-type reads them from the content: documents, archives, audio and video. */
const TIPOS_ANEXO = new Set([...TIPOS_DOCUMENTO, 'zip', 'mp4', 'mp3']);
/** Types an image of the message may have (served inline by the image route). */
const IMAGENS = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export async function anexoRoutes(
  app: FastifyInstance,
  { db, verify, config, files: store }: { db: Db; verify: TokenVerifier; config: Config; files: FileStore },
) {
  const { anexoMaxBytes, anexosTotalMaxBytes } = config.comunicados;

  await multipartRoutes(app, (scope) => {
    scope.post<{ Querystring: { idComunicado?: string } }>('/api/upload/comunicado', async (req, reply) => {
      const { session, idioma } = await restCaller(db, verify, req);
      if (!session) return refuse(reply, idioma, UNAUTHENTICATED);
      if (!allows(session, policies.comunicados.edit)) return refuse(reply, idioma, FORBIDDEN);
      // What is left of the announcement's total, when the upload names its announcement (the author's).
      let limit = anexoMaxBytes;
      let refusal = tooLarge(anexoMaxBytes, 'comunicados.upload.grandeDemais');
      const idComunicado = Number(req.query.idComunicado);
      if (Number.isSafeInteger(idComunicado) && idComunicado > 0 && idComunicado <= 2_147_483_647) {
        const { rows } = await db.execute(
          sql`select 1 from comunicados where id = ${idComunicado} and autor_id = ${session.usuarioId}`,
        );
        if (rows.length) {
          const restante = anexosTotalMaxBytes - (await anexosTotal(db, idComunicado));
          if (restante < limit) {
            limit = Math.max(restante, 0);
            refusal = tooLarge(anexosTotalMaxBytes, 'comunicados.validation.anexosTotal');
          }
        }
      }
      const received = await receiveFile(req, {
        types: TIPOS_ANEXO,
        maxBytes: limit,
        typeRefusedKey: 'comunicados.upload.tipoNaoPermitido',
        sampleSize: DOCUMENTO_SAMPLE_BYTES,
        // Plain text and CSV carry no signature: taken when their first bytes are text.
        texto: true,
      });
      if (isRefusal(received)) return refuse(reply, idioma, received);
      let stored;
      try {
        stored = await store.write(AREA, received.content, { maxBytes: limit });
      } catch (error) {
        received.discard();
        if (received.isTooLarge(error)) return refuse(reply, idioma, refusal);
        throw error;
      }
      const [row] = await db
        .insert(arquivos)
        .values({
          chave: stored.key,
          nome: nomeArquivo(received.filename, 'anexo'),
          tipoMime: received.mime,
          tamanho: stored.size,
          sha256: stored.sha256,
          autorId: session.usuarioId,
        })
        .returning({ id: arquivos.id, nome: arquivos.nome, tamanho: arquivos.tamanho, tipoMime: arquivos.tipoMime });
      const imagemLink = IMAGENS.has(row.tipoMime)
        ? `${COMUNICADO_IMAGEM_PATH}imagens/${row.id}/${stored.sha256}`
        : null;
      return reply.code(201).send({ ...row, imagemLink });
    });
  });

  app.get<{ Params: { id: string; sha256: string } }>('/api/comunicados/imagens/:id/:sha256', async (req, reply) => {
    const id = Number(req.params.id);
    const { sha256 } = req.params;
    const notFound = () => reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found' });
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647 || !/^[0-9a-f]{64}$/.test(sha256)) return notFound();
    const { rows } = await db.execute<{ chave: string; tipo_mime: string }>(sql`select chave, tipo_mime from arquivos
      where id = ${id} and sha256 = ${sha256} and chave like 'comunicados/%'`);
    const row = rows[0];
    if (!row || !IMAGENS.has(row.tipo_mime)) return notFound();
    let content;
    try {
      content = await store.read(row.chave);
    } catch {
      return notFound();
    }
    reply.header('cache-control', 'private, max-age=86400, immutable');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('content-security-policy', "default-src 'none'");
    reply.type(row.tipo_mime);
    return reply.send(content);
  });
}
