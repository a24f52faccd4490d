import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { decrypt } from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema';
import { notify } from '../../server/features/notificacoes';
import { PUSH_FILA } from '../../server/push';
import { DEMO, errorCode, gql, signIn, startPortal, type TestPortal } from './portal';

// Web Push (issue #27): a browser's subscription is stored for its user only; a notification
// reaches the recipients' devices through a push service, here a real HTTPS server the test runs,
// which decrypts each message with the browser's keys as a browser would. 404/410 remove the
// device, a 500 is retried (and the device that got it the first time does not get it twice).

const cert = readFileSync(new URL('./fixtures/push-service.crt', import.meta.url));
const key = readFileSync(new URL('./fixtures/push-service.key', import.meta.url));

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}
const received: Received[] = [];
/** What the push service answers per path prefix; `/flaky/` fails the first time only. */
const answered = new Map<string, number>();
const pushService = https.createServer({ cert, key }, (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const path = req.url ?? '/';
    received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
    const times = (answered.get(path) ?? 0) + 1;
    answered.set(path, times);
    const status = path.startsWith('/gone/')
      ? 410
      : path.startsWith('/missing/')
        ? 404
        : path.startsWith('/flaky/') && times === 1
          ? 500
          : 201;
    res.writeHead(status).end();
  });
});

let portal: TestPortal;
let db: TestPortal['database']['db'];
let base: string;
const token = { dealer: '', montadora: '' };
const id = { dealer: 0, montadora: 0 };

beforeAll(async () => {
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  // The server's pushes trust the test's push service (a self-signed certificate for 127.0.0.1).
  https.globalAgent.options.ca = cert;
  portal = await startPortal({ PUSH_SERVICE_HOSTS: '127.0.0.1,*.push.apple.com', PUSH_TTL_SECONDS: '600' });
  db = portal.database.db;
  for (const who of ['dealer', 'montadora'] as const) {
    token[who] = (await signIn(portal, DEMO[who])).access_token;
    [{ id: id[who] }] = await db.select({ id: s.usuarios.id }).from(s.usuarios).where(eq(s.usuarios.email, DEMO[who]));
  }
});
afterAll(async () => {
  await portal?.close();
  await new Promise((resolve) => pushService.close(resolve));
});

/** A browser's side of a subscription: its key pair and authentication secret. */
interface Browser {
  endpoint: string;
  ecdh: ECDH;
  auth: string;
}
let seq = 0;
function browser(kind: 'ok' | 'gone' | 'missing' | 'flaky'): Browser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${base}/${kind}/${++seq}-${randomBytes(8).toString('hex')}`,
    ecdh,
    auth: randomBytes(16).toString('base64url'),
  };
}
const inputOf = (b: Browser) => ({
  endpoint: b.endpoint,
  auth: b.auth,
  key: b.ecdh.getPublicKey().toString('base64url'),
});

const SUBSCRIBE = `mutation($input: PushSubscriptionInput!) {
  gerarPushSubscription(input: $input) { id endpoint userAgent createdAt ultimoSucesso } }`;
const LIST = '{ meusDispositivosPush { id endpoint } }';
const REMOVE = 'mutation($id: ID!) { removerDispositivoPush(id: $id) }';

async function subscribe(who: keyof typeof token, b: Browser) {
  const response = await gql<{ gerarPushSubscription: { id: string } }>(
    portal,
    SUBSCRIBE,
    { input: inputOf(b) },
    token[who],
    {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
    },
  );
  expect(response.errors).toBeUndefined();
  return Number(response.data!.gerarPushSubscription.id);
}

const subscriptionRow = async (endpoint: string) =>
  (await db.select().from(s.pushSubscriptions).where(eq(s.pushSubscriptions.endpoint, endpoint)))[0];

const to = (...users: number[]) => ({ usuarios: sql`select unnest(${`{${users.join(',')}}`}::int[])` });

const pushesTo = (b: Browser) => received.filter((r) => b.endpoint.endsWith(r.path));

/** The payload as the browser reads it: decrypted with its own private key and secret. */
function open(b: Browser, message: Received) {
  const plain = decrypt(message.body, { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.auth });
  return JSON.parse(plain.toString('utf8')) as { titulo: string; texto: string; link: string };
}

const pushJobs = () => db.select().from(s.jobs).where(eq(s.jobs.fila, PUSH_FILA));

describe('the VAPID key and the service worker', () => {
  it('publishes the public key kept in the database in the start-up manifest', async () => {
    const config = (await (await fetch(`${portal.url}/config.json`)).json()) as { manifest: { publicKey: string } };
    const [stored] = await db.select().from(s.segredos).where(eq(s.segredos.nome, 'push.vapid'));
    expect(config.manifest.publicKey).toBe((stored.valor as { publicKey: string }).publicKey);
    // An uncompressed P-256 public key, base64url: 65 bytes.
    expect(Buffer.from(config.manifest.publicKey, 'base64url')).toHaveLength(65);
  });

  it('takes the key pair from the configuration when given', async () => {
    const pair = (await import('web-push')).default.generateVAPIDKeys();
    const other = await startPortal({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    try {
      const config = (await (await fetch(`${other.url}/config.json`)).json()) as { manifest: { publicKey: string } };
      expect(config.manifest.publicKey).toBe(pair.publicKey);
    } finally {
      await other.close();
    }
  });

  it('serves the service worker from the site root, never cached stale', async () => {
    const response = await fetch(`${portal.url}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const source = await response.text();
    expect(source).toContain("addEventListener('push'");
    expect(source).toContain("addEventListener('notificationclick'");
  });
});

describe('gerarPushSubscription and the devices of My account', () => {
  it('stores the browser for the caller, with its user agent, and lists it only to them', async () => {
    const b = browser('ok');
    const deviceId = await subscribe('dealer', b);
    const row = await subscriptionRow(b.endpoint);
    expect(row).toMatchObject({ id: deviceId, usuarioId: id.dealer, auth: b.auth, p256dh: inputOf(b).key });
    expect(row.userAgent).toContain('Chrome/140.0');
    const mine = (await gql<{ meusDispositivosPush: { id: string }[] }>(portal, LIST, {}, token.dealer)).data!;
    expect(mine.meusDispositivosPush.map((d) => Number(d.id))).toContain(deviceId);
    const theirs = (await gql<{ meusDispositivosPush: { id: string }[] }>(portal, LIST, {}, token.montadora)).data!;
    expect(theirs.meusDispositivosPush.map((d) => Number(d.id))).not.toContain(deviceId);
  });

  it('updates the same browser by its endpoint, and hands it to the user who subscribes on it next', async () => {
    const b = browser('ok');
    const first = await subscribe('dealer', b);
    const renewed = { ...b, auth: randomBytes(16).toString('base64url') };
    expect(await subscribe('dealer', renewed)).toBe(first);
    expect((await subscriptionRow(b.endpoint)).auth).toBe(renewed.auth);
    await subscribe('montadora', renewed);
    const row = await subscriptionRow(b.endpoint);
    expect(row.usuarioId).toBe(id.montadora);
    const count = await db.$count(s.pushSubscriptions, eq(s.pushSubscriptions.endpoint, b.endpoint));
    expect(count).toBe(1);
  });

  it('refuses an address that is not https or not a push service, and malformed keys', async () => {
    const b = browser('ok');
    for (const input of [
      { ...inputOf(b), endpoint: b.endpoint.replace('https:', 'http:') },
      { ...inputOf(b), endpoint: 'https://10.0.0.1/push/x' },
      // A host under *.push.apple.com for the WHATWG parser, 127.0.0.1 for the legacy one the push
      // library sends with (a review of 2026-11-29): the server would POST inside the network.
      { ...inputOf(b), endpoint: 'https://10.0.0.1;.push.apple.com/internal/admin' },
      { ...inputOf(b), endpoint: `https://evil@${b.endpoint.slice('https://'.length)}` },
      // Addresses no parser reads: a field error, not a server failure.
      { ...inputOf(b), endpoint: 'https://%zz/x' },
      { ...inputOf(b), endpoint: 'https://[::1/x' },
      { ...inputOf(b), endpoint: 'https://127.0.0.1:99999/x' },
      { ...inputOf(b), key: 'curta' },
      { ...inputOf(b), auth: 'não é base64' },
    ]) {
      const response = await gql(portal, SUBSCRIBE, { input }, token.dealer);
      expect(errorCode(response)).toBe('BAD_USER_INPUT');
    }
    expect(await subscriptionRow(b.endpoint)).toBeUndefined();
    expect(errorCode(await gql(portal, SUBSCRIBE, { input: inputOf(b) }))).toBe('UNAUTHENTICATED');
  });

  it("removes the caller's own device, never another user's", async () => {
    const b = browser('ok');
    const deviceId = await subscribe('dealer', b);
    const refused = await gql(portal, REMOVE, { id: deviceId }, token.montadora);
    expect(errorCode(refused)).toBe('NOT_FOUND');
    expect(await subscriptionRow(b.endpoint)).toMatchObject({ id: deviceId, usuarioId: id.dealer });
    const removed = await gql<{ removerDispositivoPush: boolean }>(portal, REMOVE, { id: deviceId }, token.dealer);
    expect(removed.data?.removerDispositivoPush).toBe(true);
    expect(await subscriptionRow(b.endpoint)).toBeUndefined();
  });
});

describe('delivery', () => {
  it('sends each recipient device the notification, encrypted for it, after the commit', async () => {
    const b = browser('ok');
    const deviceId = await subscribe('montadora', b);
    const sent = await db.transaction((tx) =>
      notify(tx, to(id.montadora), {
        titulo: 'Olá {nome}',
        texto: '<p>Chegou <strong>um</strong> comunicado &amp; um anexo</p><p>Leia.</p>',
        link: '/comunicados',
        origem: 'TESTE',
      }),
    );
    await expect.poll(() => pushesTo(b).length, { timeout: 15_000 }).toBe(1);
    const [message] = pushesTo(b);
    const [nome] = await db.select({ nome: s.usuarios.nome }).from(s.usuarios).where(eq(s.usuarios.id, id.montadora));
    expect(open(b, message!)).toEqual({
      titulo: `Olá ${nome!.nome}`,
      texto: 'Chegou um comunicado & um anexo Leia.',
      link: '/comunicados',
    });
    expect(message!.headers['content-encoding']).toBe('aes128gcm');
    expect(message!.headers.ttl).toBe('600');
    // Signed with the key the manifest publishes (VAPID: "vapid t=<jwt>, k=<public key>").
    const config = (await (await fetch(`${portal.url}/config.json`)).json()) as { manifest: { publicKey: string } };
    expect(message!.headers.authorization).toContain(`k=${config.manifest.publicKey}`);
    await expect
      .poll(async () => (await subscriptionRow(b.endpoint)).ultimoSucesso, { timeout: 5_000 })
      .toBeInstanceOf(Date);
    expect(await db.$count(s.pushEntregas, eq(s.pushEntregas.notificacaoId, sent.id))).toBe(0);
    expect(deviceId).toBeGreaterThan(0);
  });

  it('drops, without a request, a device saved with an address the rule now refuses', async () => {
    const b = browser('ok');
    const [row] = await db
      .insert(s.pushSubscriptions)
      .values({
        usuarioId: id.dealer,
        endpoint: `https://127.0.0.1;.push.apple.com/${randomBytes(8).toString('hex')}`,
        auth: b.auth,
        p256dh: b.ecdh.getPublicKey().toString('base64url'),
      })
      .returning();
    const antes = received.length;
    await notify(db, to(id.dealer), { titulo: 'Ao endereço recusado', texto: 'x', origem: 'TESTE' });
    await expect.poll(async () => (await subscriptionRow(row!.endpoint)) ?? null, { timeout: 15_000 }).toBeNull();
    expect(received.slice(antes).filter((r) => r.path.includes(row!.endpoint.split('/').pop()!))).toEqual([]);
  });

  it('queues nothing when the transaction rolls back, or when no recipient has a device', async () => {
    const before = (await pushJobs()).length;
    const b = browser('ok');
    await subscribe('dealer', b);
    await expect(
      db.transaction(async (tx) => {
        await notify(tx, to(id.dealer), { titulo: 'Desfeita', texto: 'x', origem: 'TESTE' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const [semDispositivo] = await db
      .select({ id: s.usuarios.id })
      .from(s.usuarios)
      .where(eq(s.usuarios.email, DEMO.super));
    await db.delete(s.pushSubscriptions).where(eq(s.pushSubscriptions.usuarioId, semDispositivo!.id));
    await notify(db, to(semDispositivo!.id), { titulo: 'Sem dispositivo', texto: 'x', origem: 'TESTE' });
    expect((await pushJobs()).length).toBe(before);
  });

  it.each(['gone', 'missing'] as const)('removes a device whose push service answers %s (410/404)', async (kind) => {
    const b = browser(kind);
    await subscribe('dealer', b);
    await notify(db, to(id.dealer), { titulo: 'Ao dispositivo esquecido', texto: 'x', origem: 'TESTE' });
    await expect.poll(async () => (await subscriptionRow(b.endpoint)) ?? null, { timeout: 15_000 }).toBeNull();
    expect(pushesTo(b)).toHaveLength(1);
  });

  it('retries a device whose push service failed, without sending twice to the others', async () => {
    const flaky = browser('flaky');
    const ok = browser('ok');
    await subscribe('montadora', flaky);
    await subscribe('montadora', ok);
    const sent = await notify(db, to(id.montadora), { titulo: 'Com nova tentativa', texto: 'x', origem: 'TESTE' });
    await expect.poll(() => pushesTo(flaky).length, { timeout: 40_000, interval: 500 }).toBe(2);
    await expect
      .poll(async () => db.$count(s.pushEntregas, eq(s.pushEntregas.notificacaoId, sent.id)), { timeout: 5_000 })
      .toBe(0);
    const [job] = await db
      .select()
      .from(s.jobs)
      .where(and(eq(s.jobs.fila, PUSH_FILA), sql`${s.jobs.payload}->>'notificacaoId' = ${String(sent.id)}`));
    await expect
      .poll(async () => (await db.select().from(s.jobs).where(eq(s.jobs.id, job!.id)))[0]!.status, { timeout: 5_000 })
      .toBe('CONCLUIDO');
    expect((await db.select().from(s.jobs).where(eq(s.jobs.id, job!.id)))[0]!.tentativas).toBe(2);
    expect(pushesTo(ok)).toHaveLength(1);
    expect(open(flaky, pushesTo(flaky)[1]!).titulo).toBe('Com nova tentativa');
  }, 60_000);
});
