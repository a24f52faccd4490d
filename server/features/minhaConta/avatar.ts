import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX } from '../../../domain/limits';
import { policies } from '../../../domain/policies';
import { auditedWrite } from '../../audit/write';
import type { TokenVerifier } from '../../auth/verify';
import { allows, type Session } from '../../authz';
import type { Db } from '../../db/client';
import { usuarios } from '../../db/schema';
import type { FileStore } from '../../files';
import type { FileArea } from '../../files/sweep';
import {
  FORBIDDEN,
  isRefusal,
  multipartRoutes,
  receiveSmallFile,
  refuse,
  restCaller,
  UNAUTHENTICATED,
} from '../../files/upload';

// My account's avatar (issue #13). POST /api/minha-conta/avatar takes an image, stores it as a
// 256x256 WebP under the file store's area 'avatares' and points usuarios.avatar_link at
// GET /api/avatares/<uuid>; DELETE removes it. The GET is public: an <img> sends no bearer token,
// so the key (a random UUID, new at every upload) is the only secret, and the answer is cached for
// good (a new avatar has a new address).

const AREA = 'avatares';
const LINK_PREFIX = '/api/avatares/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TIPOS_AVATAR = new Set(['jpg', 'png', 'webp']);
/** Decoding a 5 MB PNG could take gigabytes (a decompression bomb): refuse larger images first. */
const MAX_INPUT_PIXELS = 40_000_000;

/** For the file sweep: the avatar files that users' links point at. */
export const avataresArea: FileArea = {
  area: AREA,
  chaves: sql`select ${`${AREA}/`}::text || substr(${usuarios.avatarLink}, ${LINK_PREFIX.length + 1}::int)
    from ${usuarios} where starts_with(${usuarios.avatarLink}, ${LINK_PREFIX}::text)`,
};

const linkOf = (key: string) => LINK_PREFIX + key.slice(AREA.length + 1);

/** The store's key of an avatar link of ours; null for none or for an outside URL (kept as is). */
function keyOf(link: string | null | undefined): string | null {
  if (!link?.startsWith(LINK_PREFIX)) return null;
  const id = link.slice(LINK_PREFIX.length);
  return UUID.test(id) ? `${AREA}/${id}` : null;
}

/**
 * Points the caller's avatar_link at `link` (null: none), audited with a version bump like any
 * change of a user; answers the link it replaced, read under the row lock (so two concurrent
 * uploads each remove the file the other one replaced, and none is left behind).
 */
async function trocarAvatar(db: Db, session: Session, link: string | null): Promise<string | null> {
  let anterior: string | null = null;
  await auditedWrite(db, session, {
    tipo: 'USUARIO',
    table: usuarios,
    target: { id: session.usuarioId, version: 'any' },
    async load(tx, id) {
      const [row] = await tx.select({ avatarLink: usuarios.avatarLink }).from(usuarios).where(eq(usuarios.id, id));
      return { avatarLink: row?.avatarLink ?? null };
    },
    async write(tx, before) {
      const [row] = await tx
        .select({ avatarLink: usuarios.avatarLink })
        .from(usuarios)
        .where(eq(usuarios.id, session.usuarioId));
      anterior = row?.avatarLink ?? before?.avatarLink ?? null;
      await tx.update(usuarios).set({ avatarLink: link }).where(eq(usuarios.id, session.usuarioId));
      return session.usuarioId;
    },
    after: () => ({ avatarLink: link }),
  });
  return anterior;
}

export async function avatarRoutes(
  app: FastifyInstance,
  { db, verify, files: store }: { db: Db; verify: TokenVerifier; files: FileStore },
) {
  const removeOld = async (link: string | null) => {
    const key = keyOf(link);
    if (key) await store.remove(key).catch((err: unknown) => app.log.warn({ err, key }, 'old avatar not removed'));
  };

  await multipartRoutes(app, (scope) => {
    scope.post('/api/minha-conta/avatar', async (req, reply) => {
      const { session, idioma } = await restCaller(db, verify, req);
      if (!session) return refuse(reply, idioma, UNAUTHENTICATED);
      if (!allows(session, policies.portal.use)) return refuse(reply, idioma, FORBIDDEN);
      const received = await receiveSmallFile(req, {
        types: TIPOS_AVATAR,
        maxBytes: AVATAR_MAX_BYTES,
        typeRefusedKey: 'pages.minhaConta.avatar.tipoNaoPermitido',
      });
      if (isRefusal(received)) return refuse(reply, idioma, received);
      const original = received.bytes;
      // Loaded on first use: a native module the server's start need not wait for.
      const { default: sharp } = await import('sharp');
      let webp: Buffer;
      try {
        webp = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate() // as the camera held it (EXIF orientation), then the metadata goes
          .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
          .webp({ quality: 85 })
          .toBuffer();
      } catch {
        // Recognised by its first bytes, but not a readable image (truncated, too many pixels).
        return refuse(reply, idioma, { status: 415, code: 'BAD_USER_INPUT', key: 'pages.minhaConta.avatar.invalida' });
      }
      const stored = await store.write(AREA, Readable.from([webp]));
      const link = linkOf(stored.key);
      let anterior: string | null;
      try {
        anterior = await trocarAvatar(db, session, link);
      } catch (error) {
        await store.remove(stored.key);
        throw error;
      }
      await removeOld(anterior);
      return reply.code(201).send({ avatarLink: link });
    });
  });

  app.delete('/api/minha-conta/avatar', async (req, reply) => {
    const { session, idioma } = await restCaller(db, verify, req);
    if (!session) return refuse(reply, idioma, UNAUTHENTICATED);
    if (!allows(session, policies.portal.use)) return refuse(reply, idioma, FORBIDDEN);
    await removeOld(await trocarAvatar(db, session, null));
    return reply.code(200).send({ avatarLink: null });
  });

  app.get<{ Params: { id: string } }>('/api/avatares/:id', async (req, reply) => {
    const { id } = req.params;
    const notFound = () => reply.code(404).header('cache-control', 'no-cache').send({ code: 'NOT_FOUND' });
    if (!UUID.test(id)) return notFound();
    let content;
    try {
      content = await store.read(`${AREA}/${id}`);
    } catch {
      return notFound();
    }
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    reply.header('x-content-type-options', 'nosniff');
    reply.type('image/webp');
    return reply.send(content);
  });
}
