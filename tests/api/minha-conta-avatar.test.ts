import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '../../domain/limits';
import { translate } from '../../i18n';
import { auditoria, usuarios } from '../../server/db/schema';
import { signInAsNew, startPortal, type TestPortal } from './portal';

// My account's avatar (issue #13): upload, conversion, serving, replacing and removing.

let portal: TestPortal;
let filesDir: string;
let seq = 0;

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'avatar-files-'));
  portal = await startPortal({ FILES_DIR: filesDir });
});
afterAll(async () => {
  await portal?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const msg = (key: string, params?: Record<string, string | number>) => translate('PT_BR', key, params);

const newUser = () =>
  signInAsNew(portal, {
    nome: `Avatar ${++seq}`,
    email: `avatar.${seq}.${Date.now()}@minha-conta.test`,
    tipo: 'MONTADORA',
    marcaIds: [],
  });

const storedAvatars = () => {
  try {
    return readdirSync(path.join(filesDir, 'avatares')).sort();
  } catch {
    return [];
  }
};

const avatarLinkOf = async (id: number) =>
  (await portal.database.db.select({ a: usuarios.avatarLink }).from(usuarios).where(eq(usuarios.id, id)))[0].a;

/** A PNG of `width` x `height` pixels, made by sharp. */
const png = (width: number, height: number, color = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

async function upload(token: string | null, content: Buffer, name: string) {
  const form = new FormData();
  form.append('arquivo', new Blob([new Uint8Array(content)]), name);
  const response = await fetch(`${portal.url}/api/minha-conta/avatar`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { avatarLink?: string; message?: string } };
}

describe('my avatar', () => {
  it('takes a PNG, stores it as a 256x256 WebP, serves it publicly with long caching, and audits the change', async () => {
    const me = await newUser();
    const r = await upload(me.token, await png(800, 500), 'eu.png');
    expect(r.status).toBe(201);
    expect(r.body.avatarLink).toMatch(/^\/api\/avatares\/[0-9a-f-]{36}$/);
    expect(await avatarLinkOf(me.id)).toBe(r.body.avatarLink);

    // No bearer token: an <img> cannot send one.
    const served = await fetch(`${portal.url}${r.body.avatarLink}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);

    // The signed-in user's query answers the new link (the app bar reads it).
    const logado = await fetch(`${portal.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${me.token}` },
      body: JSON.stringify({ query: '{ usuarioLogado { avatarLink } }' }),
    });
    expect(((await logado.json()) as { data: { usuarioLogado: { avatarLink: string } } }).data.usuarioLogado).toEqual({
      avatarLink: r.body.avatarLink,
    });

    const audit = await portal.database.db
      .select({ autorId: auditoria.autorId, alteracao: auditoria.alteracao })
      .from(auditoria)
      .where(and(eq(auditoria.tipo, 'USUARIO'), eq(auditoria.registroId, String(me.id))));
    expect(audit).toEqual([{ autorId: me.id, alteracao: 'ALTERACAO' }]);
  });

  it('removes the old file when replaced, and the file and link when removed', async () => {
    const me = await newUser();
    const first = await upload(me.token, await png(300, 300, '#ff0000'), 'a.png');
    const firstFile = first.body.avatarLink!.split('/').pop()!;
    expect(storedAvatars()).toContain(firstFile);

    const second = await upload(me.token, await png(300, 300, '#00ff00'), 'b.png');
    expect(second.status).toBe(201);
    const secondFile = second.body.avatarLink!.split('/').pop()!;
    expect(storedAvatars()).toContain(secondFile);
    expect(storedAvatars()).not.toContain(firstFile);
    expect((await fetch(`${portal.url}${first.body.avatarLink}`)).status).toBe(404);

    const removed = await fetch(`${portal.url}/api/minha-conta/avatar`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(removed.status).toBe(200);
    expect(await avatarLinkOf(me.id)).toBeNull();
    expect(storedAvatars()).not.toContain(secondFile);
  });

  it('refuses a text file named .png with 415 and changes nothing', async () => {
    const me = await newUser();
    const before = storedAvatars();
    const r = await upload(me.token, Buffer.from('just some text, not an image at all\n'.repeat(20)), 'foto.png');
    expect(r.status).toBe(415);
    expect(r.body.message).toBe(msg('pages.minhaConta.avatar.tipoNaoPermitido'));
    expect(await avatarLinkOf(me.id)).toBeNull();
    expect(storedAvatars()).toEqual(before);
  });

  it('refuses an image over the limit with 413 and stores nothing', async () => {
    const me = await newUser();
    const kept = await upload(me.token, await png(64, 64), 'pequena.png');
    const before = storedAvatars();
    // A real PNG's first bytes, then padding past the limit.
    const big = Buffer.concat([await png(64, 64), Buffer.alloc(AVATAR_MAX_BYTES)]);
    const r = await upload(me.token, big, 'grande.png');
    expect(r.status).toBe(413);
    expect(r.body.message).toBe(msg('upload.grandeDemais', { max: 5 }));
    expect(storedAvatars()).toEqual(before);
    expect(await avatarLinkOf(me.id)).toBe(kept.body.avatarLink);
  });

  it('refuses the anonymous caller with 401', async () => {
    const before = storedAvatars();
    const r = await upload(null, await png(64, 64), 'a.png');
    expect(r.status).toBe(401);
    expect(r.body.message).toBe(msg('errors.unauthenticated'));
    expect(storedAvatars()).toEqual(before);
    expect((await fetch(`${portal.url}/api/minha-conta/avatar`, { method: 'DELETE' })).status).toBe(401);
  });

  it('answers 404 for an unknown or malformed avatar key', async () => {
    expect((await fetch(`${portal.url}/api/avatares/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await fetch(`${portal.url}/api/avatares/..%2F..%2Fetc`)).status).toBe(404);
    expect(existsSync(filesDir)).toBe(true);
  });
});
