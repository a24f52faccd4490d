import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { MB, UPLOAD_MAX_BYTES } from '../../domain/limits';
import { policies } from '../../domain/policies';
import type { TokenVerifier } from '../auth/verify';
import { allows } from '../authz';
import type { Db } from '../db/client';
import { arquivos } from '../db/schema';
import { AREA_BIBLIOTECA } from '../features/biblioteca/areas';
import { FileTooLargeError, type FileStore, type StoredFile } from './store';
import {
  bufferOf,
  DOCUMENTO_SAMPLE_BYTES,
  FORBIDDEN,
  multipartRoutes,
  nomeArquivo,
  refuse,
  restCaller,
  tipoSemAssinatura,
  UNAUTHENTICATED,
  type Refusal,
} from './upload';

// The library's uploads (issue #29): POST /api/upload, multipart with the file (`file`) and
// `info` = {"fileType": "LIBRARY"}, by a library manager. The file streams into the store (area
// `biblioteca`), refused past 900,000,000 bytes while it streams; its size, SHA-256 and the type
// read from its bytes go to `arquivos`, and the answer's id is what uploadArquivos places in a
// folder. A file never placed goes with the sweep after the grace period.

const infoSchema = z.object({ fileType: z.literal('LIBRARY') });

const grandeDemais: Refusal = {
  status: 413,
  code: 'PAYLOAD_TOO_LARGE',
  key: 'upload.grandeDemais',
  // The spec's limit in decimal megabytes: 900.
  params: { max: UPLOAD_MAX_BYTES / MB },
};
const infoInvalida: Refusal = { status: 400, code: 'BAD_USER_INPUT', key: 'upload.infoInvalida' };
const formularioInvalido: Refusal = { status: 400, code: 'BAD_USER_INPUT', key: 'upload.formularioInvalido' };
const semArquivo: Refusal = { status: 400, code: 'BAD_USER_INPUT', key: 'upload.semArquivo' };

/** @fastify/multipart's refusals of the form's shape (a second file, too many fields or parts). */
const LIMITES_DO_FORMULARIO = new Set([
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_PROTO_VIOLATION',
]);
const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

interface Recebido {
  stored: StoredFile;
  nome: string;
  tipoMime: string;
}

/**
 * Streams the file part into the store, then reads its type from its first bytes, read back from
 * the store (a range): nothing but the hash stands between the request and the store while the
 * file streams.
 */
async function receber(files: FileStore, part: MultipartFile): Promise<Recebido> {
  const stored = await files.write(AREA_BIBLIOTECA, part.file as Readable, { maxBytes: UPLOAD_MAX_BYTES });
  let inicio: Buffer = Buffer.alloc(0);
  try {
    if (stored.size > 0) {
      inicio = await bufferOf(await files.read(stored.key, { start: 0, end: DOCUMENTO_SAMPLE_BYTES - 1 }), Infinity);
    }
  } catch (error) {
    await files.remove(stored.key);
    throw error;
  }
  const tipo = inicio.length ? await fileTypeFromBuffer(inicio) : undefined;
  return { stored, nome: nomeArquivo(part.filename, 'arquivo'), tipoMime: tipo?.mime ?? tipoSemAssinatura(inicio) };
}

const INFO_MAX_BYTES = 1024;

/** The form is not one file and its info. */
class FormularioInvalido extends Error {}
/** The info is not the library's. */
class InfoInvalida extends Error {}

/** The text of a small part sent as a file (`info` as a JSON Blob); past INFO_MAX_BYTES the form is refused. */
async function textoDe(part: MultipartFile): Promise<string> {
  const partes: Buffer[] = [];
  let tamanho = 0;
  for await (const chunk of part.file) {
    tamanho += (chunk as Buffer).length;
    if (tamanho > INFO_MAX_BYTES) {
      part.file.resume();
      throw new FormularioInvalido();
    }
    partes.push(chunk as Buffer);
  }
  return Buffer.concat(partes).toString('utf8');
}

/** The `info` field, sent as text (JSON) or as a JSON part; null when it is not the library's. */
function infoDe(valor: unknown): z.infer<typeof infoSchema> | null {
  let parsed = valor;
  if (typeof valor === 'string') {
    try {
      parsed = JSON.parse(valor);
    } catch {
      return null;
    }
  }
  const result = infoSchema.safeParse(parsed);
  return result.success ? result.data : null;
}

export async function bibliotecaUploadRoutes(
  app: FastifyInstance,
  { db, verify, files }: { db: Db; verify: TokenVerifier; files: FileStore },
) {
  await multipartRoutes(app, (scope) => {
    scope.post('/api/upload', async (req, reply) => {
      const { session, idioma } = await restCaller(db, verify, req);
      if (!session) return refuse(reply, idioma, UNAUTHENTICATED);
      if (!allows(session, policies.biblioteca.gerenciar)) return refuse(reply, idioma, FORBIDDEN);
      if (!req.isMultipart()) return refuse(reply, idioma, semArquivo);
      let info: unknown;
      let recebido: Recebido | undefined;
      try {
        // The route's own limits (the scope's allow one file and no field): `info` before or after
        // the file, as a field or as a JSON part (a Blob, as clients of the original API send it),
        // and the file up to one byte past the limit so that the store sees the excess.
        const parts = req.parts({
          limits: { files: 2, fields: 1, fieldSize: INFO_MAX_BYTES, fileSize: UPLOAD_MAX_BYTES + 1 },
        });
        for await (const part of parts) {
          if (part.fieldname === 'info') {
            info = part.type === 'field' ? part.value : await textoDe(part);
            // Sent before the file (as the upload dialog does), a wrong info refuses it unread.
            if (!infoDe(info)) throw new InfoInvalida();
          } else if (part.type === 'field') {
            continue;
          } else if (part.fieldname === 'file' && !recebido) {
            recebido = await receber(files, part);
          } else {
            part.file.resume();
            throw new FormularioInvalido();
          }
        }
      } catch (error) {
        if (recebido) await files.remove(recebido.stored.key);
        if (error instanceof FileTooLargeError || codeOf(error) === 'FST_REQ_FILE_TOO_LARGE') {
          return refuse(reply, idioma, grandeDemais);
        }
        if (error instanceof InfoInvalida) return refuse(reply, idioma, infoInvalida);
        // The client went away midway: nothing was kept, and nobody is left to answer.
        if (
          error instanceof FormularioInvalido ||
          LIMITES_DO_FORMULARIO.has(codeOf(error) as string) ||
          req.raw.destroyed
        ) {
          return refuse(reply, idioma, formularioInvalido);
        }
        throw error;
      }
      const refusal = !recebido ? semArquivo : !infoDe(info) ? infoInvalida : null;
      if (refusal) {
        if (recebido) await files.remove(recebido.stored.key);
        return refuse(reply, idioma, refusal);
      }
      const { stored, nome, tipoMime } = recebido!;
      let row;
      try {
        [row] = await db
          .insert(arquivos)
          .values({
            chave: stored.key,
            nome,
            tipoMime,
            tamanho: stored.size,
            sha256: stored.sha256,
            autorId: session.usuarioId,
          })
          .returning({ id: arquivos.id, nome: arquivos.nome, tamanho: arquivos.tamanho, tipoMime: arquivos.tipoMime });
      } catch (error) {
        await files.remove(stored.key);
        throw error;
      }
      return reply.code(201).send({ ...row, id: String(row.id) });
    });
  });
}
