import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { policies } from '../../../domain/policies';
import {
  VITRINE_IMAGEM_MAX_BYTES,
  VITRINE_MOBILE_PX,
  VITRINE_TIPOS_IMAGEM,
  VITRINE_UPLOAD_PATH,
} from '../../../domain/vitrine';
import type { TokenVerifier } from '../../auth/verify';
import { allows } from '../../authz';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { arquivos } from '../../db/schema';
import { fileStoreOf, type FileStore } from '../../files';
import { gravarVariante, VARIANTE_MAX_PIXELS } from '../../files/imagens';
import type { FileArea } from '../../files/sweep';
import {
  FORBIDDEN,
  isRefusal,
  multipartRoutes,
  nomeArquivo,
  receiveSmallFile,
  refuse,
  restCaller,
  UNAUTHENTICATED,
} from '../../files/upload';
import { UUID } from '../../files/store';
import { jobQueueOf, type JobDefinition } from '../../jobs';

// Slide and advert images (issue #30). POST /api/vitrine/imagens takes one image (its type read
// from its bytes: JPEG, PNG, WebP, GIF; anything else 415), by whoever maintains slides or adverts,
// into the file store's `vitrine` area, with its size in px (vitrine_imagens). Saving a slide or
// advert queues the `variantesVitrine` job, which makes the WebP variant for small screens with
// the library's resizing (server/files/imagens.ts). GET /api/vitrine/imagens/<uuid> serves either,
// publicly and cached for good: an <img> sends no bearer token, and the key (a random UUID) is the
// secret, handed out only with the slides and adverts a user may see (as avatars).

export const AREA_VITRINE = 'vitrine';
export const VARIANTES_FILA = 'variantesVitrine';
const LINK_PREFIX = `${VITRINE_UPLOAD_PATH}/`;

/** The public address of a stored key of the area (SQL; null for null). */
export const linkImagem = (chave: SQL) => sql`(${LINK_PREFIX}::text || split_part(${chave}, '/', 2))`;

const TIPOS: ReadonlySet<string> = new Set(VITRINE_TIPOS_IMAGEM);

/** For the file sweep: images used by a slide or an advert, their variants; unused uploads go after the grace period. */
export const vitrineArea: FileArea = {
  area: AREA_VITRINE,
  chaves: sql`select chave from arquivos where chave like ${`${AREA_VITRINE}/%`}
    union all select mobile_chave from vitrine_imagens where mobile_chave is not null`,
  async soltos(db: DbOrTx, graceHours: number) {
    const { rows } = await db.execute<{ chave: string }>(sql`delete from arquivos a
      where a.chave like ${`${AREA_VITRINE}/%`} and a.created_at < now() - make_interval(hours => ${graceHours})
        and not exists (select 1 from slides s where s.arquivo_id = a.id)
        and not exists (select 1 from anuncios n where n.arquivo_id = a.id)
      returning a.chave`);
    return rows.map((r) => r.chave);
  },
};

/** Queues the small-screen variant of an image within the caller's transaction, unless it has one. */
export async function agendarVariante(tx: DbOrTx, arquivoId: number, autorId: number) {
  const { rows } = await tx.execute(
    sql`select 1 from vitrine_imagens where arquivo_id = ${arquivoId} and mobile_chave is null`,
  );
  if (rows.length) await jobQueueOf(tx).enqueueWithin(tx, VARIANTES_FILA, { arquivoIds: [arquivoId] }, autorId);
}

type Log = Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'>;

/** Makes the missing variants of these images; answers how many were made. */
export async function fazerVariantes(db: DbOrTx, store: FileStore, arquivoIds: number[], log: Log) {
  const { rows } = await db.execute<{ id: number; chave: string }>(sql`select a.id, a.chave from arquivos a
    join vitrine_imagens vi on vi.arquivo_id = a.id
    where a.id = any(${sql.param(arquivoIds)}::int[]) and vi.mobile_chave is null`);
  let feitas = 0;
  for (const a of rows) {
    const chave = await gravarVariante(store, a.chave, AREA_VITRINE, { largura: VITRINE_MOBILE_PX, qualidade: 80 });
    const { rows: gravadas } =
      await db.execute(sql`update vitrine_imagens set mobile_chave = ${chave}, updated_at = now()
      where arquivo_id = ${a.id} and mobile_chave is null returning 1`);
    // Another run made it first (or the image went): this copy is referenced by nothing.
    if (gravadas.length === 0) await store.remove(chave);
    else feitas++;
    log.info({ arquivoId: a.id }, 'vitrine image variant made');
  }
  return { variantes: feitas };
}

export function vitrineJobs(
  config: Pick<Config, 'filesDir' | 'storage'>,
  log: Log,
): Record<typeof VARIANTES_FILA, JobDefinition> {
  return {
    [VARIANTES_FILA]: {
      retryLimit: 2,
      handler: ({ db, job, files }) =>
        fazerVariantes(
          db,
          files ?? fileStoreOf(config),
          ((job.payload as { arquivoIds?: number[] }).arquivoIds ?? []).map(Number),
          log,
        ),
    },
  };
}

export async function vitrineImagemRoutes(
  app: FastifyInstance,
  { db, verify, files: store }: { db: Db; verify: TokenVerifier; files: FileStore },
) {
  await multipartRoutes(app, (scope) => {
    scope.post(VITRINE_UPLOAD_PATH, async (req, reply) => {
      const { session, idioma } = await restCaller(db, verify, req);
      if (!session) return refuse(reply, idioma, UNAUTHENTICATED);
      if (!allows(session, policies.slides.edit) && !allows(session, policies.anuncios.edit)) {
        return refuse(reply, idioma, FORBIDDEN);
      }
      const received = await receiveSmallFile(req, {
        types: TIPOS,
        maxBytes: VITRINE_IMAGEM_MAX_BYTES,
        typeRefusedKey: 'vitrine.errors.naoImagem',
      });
      if (isRefusal(received)) return refuse(reply, idioma, received);
      const { bytes } = received;
      const { default: sharp } = await import('sharp');
      let largura: number;
      let altura: number;
      try {
        const meta = await sharp(bytes, { limitInputPixels: VARIANTE_MAX_PIXELS }).metadata();
        // As shown: a photo turned by its EXIF orientation swaps its sides.
        const virada = (meta.orientation ?? 1) >= 5;
        largura = (virada ? meta.height : meta.width) ?? 0;
        altura = (virada ? meta.width : meta.height) ?? 0;
        if (!largura || !altura) throw new Error('no size');
      } catch {
        // Recognised by its first bytes, but not a readable image (truncated, too many pixels).
        return refuse(reply, idioma, { status: 415, code: 'BAD_USER_INPUT', key: 'vitrine.errors.naoImagem' });
      }
      const stored = await store.write(AREA_VITRINE, Readable.from([bytes]));
      let row;
      try {
        row = await db.transaction(async (tx) => {
          const [arquivo] = await tx
            .insert(arquivos)
            .values({
              chave: stored.key,
              nome: nomeArquivo(received.filename, 'imagem'),
              tipoMime: received.mime,
              tamanho: stored.size,
              sha256: stored.sha256,
              autorId: session.usuarioId,
            })
            .returning({
              id: arquivos.id,
              nome: arquivos.nome,
              tamanho: arquivos.tamanho,
              tipoMime: arquivos.tipoMime,
            });
          await tx.execute(sql`insert into vitrine_imagens (arquivo_id, largura, altura)
            values (${arquivo.id}, ${largura}, ${altura})`);
          return arquivo;
        });
      } catch (error) {
        await store.remove(stored.key);
        throw error;
      }
      return reply.code(201).send({
        ...row,
        id: String(row.id),
        largura,
        altura,
        link: LINK_PREFIX + stored.key.slice(AREA_VITRINE.length + 1),
        linkMobile: null,
      });
    });
  });

  app.get<{ Params: { id: string } }>(`${LINK_PREFIX}:id`, async (req, reply) => {
    const { id } = req.params;
    const notFound = () => reply.code(404).header('cache-control', 'no-cache').send({ code: 'NOT_FOUND' });
    if (!UUID.test(id)) return notFound();
    const chave = `${AREA_VITRINE}/${id}`;
    // An upload's type as read from its bytes; a variant is WebP.
    const { rows } = await db.execute<{
      tipo: string;
    }>(sql`select a.tipo_mime as tipo from arquivos a where a.chave = ${chave}
      union all select 'image/webp' from vitrine_imagens where mobile_chave = ${chave} limit 1`);
    if (!rows[0]) return notFound();
    let content;
    try {
      content = await store.read(chave);
    } catch {
      return notFound();
    }
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    reply.header('x-content-type-options', 'nosniff');
    reply.type(rows[0].tipo);
    return reply.send(content);
  });
}
