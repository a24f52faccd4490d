import Fastify, { type FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStores } from './s3Server';
import { sendStoredFile, type ArquivoServido } from '../../server/files/serve';

// sendStoredFile on both stores: whole files, byte ranges (first bytes, suffix, open end, invalid),
// conditional requests, the name in Content-Disposition, inline only for harmless types.

const CONTENT = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz'); // 36 bytes
const SHA = 'f'.repeat(64);
let stores: Awaited<ReturnType<typeof startTestStores>>;
const apps: Record<string, { app: FastifyInstance; url: string; arquivo: ArquivoServido }> = {};

beforeAll(async () => {
  stores = await startTestStores();
  for (const [name, store] of Object.entries(stores.stores)) {
    const { key } = await store.write('biblioteca', Readable.from([CONTENT]));
    const arquivo: ArquivoServido = {
      key,
      nome: 'Relatório "final" 2026.pdf',
      tipoMime: 'application/pdf',
      tamanho: CONTENT.length,
      sha256: SHA,
    };
    const app = Fastify();
    app.decorate('files', store);
    app.get<{ Querystring: { inline?: string; tipo?: string; missing?: string } }>('/arquivo', (req, reply) =>
      sendStoredFile(
        req,
        reply,
        {
          ...arquivo,
          tipoMime: req.query.tipo ?? arquivo.tipoMime,
          key: req.query.missing ? `biblioteca/${crypto.randomUUID()}` : key,
        },
        { inline: req.query.inline === '1' },
      ),
    );
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    apps[name] = { app, url, arquivo };
  }
});

afterAll(async () => {
  for (const { app } of Object.values(apps)) await app.close();
  await stores?.close();
});

describe.each(['disco', 's3'])('sending a stored file from %s', (name) => {
  const get = (headers: Record<string, string> = {}, query = '', method = 'GET') =>
    fetch(`${apps[name].url}/arquivo${query}`, { headers, method });
  const body = async (response: Response) => Buffer.from(await response.arrayBuffer()).toString();

  it('sends the whole file with its type, size, ETag, ranges offered and its name encoded', async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(await body(response)).toBe(CONTENT.toString());
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-length')).toBe('36');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('etag')).toBe(`"${SHA}"`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // An ASCII fallback with the quotes escaped, and the UTF-8 name (RFC 6266 / 8187).
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Relat?rio \\"final\\" 2026.pdf"; filename*=UTF-8''Relat%C3%B3rio%20%22final%22%202026.pdf`,
    );
  });

  it('is inline when asked, for types that run no script only', async () => {
    expect((await get({}, '?inline=1')).headers.get('content-disposition')).toMatch(/^inline; filename=/);
    expect((await get({}, '?inline=1&tipo=video/mp4')).headers.get('content-disposition')).toMatch(/^inline;/);
    for (const tipo of ['text/html', 'image/svg+xml', 'application/octet-stream']) {
      const response = await get({}, `?inline=1&tipo=${encodeURIComponent(tipo)}`);
      expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(response.headers.get('content-type')).toContain(tipo);
    }
  });

  it('sends the first bytes of a range', async () => {
    const response = await get({ range: 'bytes=0-9' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 0-9/36');
    expect(response.headers.get('content-length')).toBe('10');
    expect(await body(response)).toBe('0123456789');
  });

  it('sends a suffix range and an open-ended one', async () => {
    const suffix = await get({ range: 'bytes=-5' });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get('content-range')).toBe('bytes 31-35/36');
    expect(await body(suffix)).toBe('vwxyz');
    const open = await get({ range: 'bytes=30-' });
    expect(open.headers.get('content-range')).toBe('bytes 30-35/36');
    expect(await body(open)).toBe('uvwxyz');
    // A range past the end is cut at the last byte.
    const past = await get({ range: 'bytes=34-1000' });
    expect(past.headers.get('content-range')).toBe('bytes 34-35/36');
    expect(await body(past)).toBe('yz');
    // A suffix longer than the file is all of it (RFC 9110 14.1.2), not unsatisfiable.
    const longo = await get({ range: 'bytes=-500' });
    expect(longo.status).toBe(206);
    expect(longo.headers.get('content-range')).toBe('bytes 0-35/36');
    expect(await body(longo)).toBe(CONTENT.toString());
  });

  it('answers 416 to a range it cannot satisfy, naming the size', async () => {
    const response = await get({ range: 'bytes=36-40' });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe('bytes */36');
    expect(await body(response)).toBe('');
  });

  it('sends the whole file for a malformed range, several ranges, or an If-Range of other content', async () => {
    for (const headers of <Record<string, string>[]>[
      { range: 'bytes=abc' },
      { range: 'items=0-5' },
      // The last byte before the first: invalid, so ignored.
      { range: 'bytes=20-10' },
      { range: 'bytes=0-1,5-6' },
      { range: 'bytes=0-9', 'if-range': '"other"' },
    ]) {
      const response = await get(headers);
      expect(response.status).toBe(200);
      expect(await body(response)).toBe(CONTENT.toString());
    }
    const same = await get({ range: 'bytes=0-1', 'if-range': `"${SHA}"` });
    expect(same.status).toBe(206);
    expect(await body(same)).toBe('01');
  });

  it('answers 304 to a matching If-None-Match, and headers only to HEAD', async () => {
    const cached = await get({ 'if-none-match': `"x", "${SHA}"` });
    expect(cached.status).toBe(304);
    const head = await get({}, '', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('36');
    expect(await body(head)).toBe('');
  });

  it('answers 404 with a translated message when the store lacks the file', async () => {
    const response = await get({ 'accept-language': 'en' }, '?missing=1');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'File not found' });
    expect(response.headers.get('content-disposition')).toBeNull();
    expect((await get({}, '?missing=1', 'HEAD')).status).toBe(404);
  });
});
