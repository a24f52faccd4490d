import Fastify, { type FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { startTestStores } from './s3Server';
import type { FileStore } from '../../server/files';
import { caminhoNoZip, sendZip, type EntradaZip } from '../../server/files/zip';

// sendZip on both stores: the response unzipped and compared with what was stored; the archive
// leaves before its last entry is known; a file gone from the store fails the download.

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** name -> content of every file of a zip (yauzl reads the central directory). */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const found = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('end', () => {
            found.set(entry.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(found));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

let stores: Awaited<ReturnType<typeof startTestStores>>;
const apps: Record<string, { app: FastifyInstance; url: string }> = {};
/** The entries the next request's zip is made of (set by each test). */
let nextEntries: () => AsyncIterable<EntradaZip>;

beforeAll(async () => {
  stores = await startTestStores();
  for (const [name, store] of Object.entries(stores.stores)) {
    const app = Fastify({ logger: false });
    app.decorate('files', store);
    app.get('/zip', (_req, reply) => sendZip(reply, 'Pasta de relatórios', nextEntries()));
    apps[name] = { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
  }
});

afterAll(async () => {
  for (const { app } of Object.values(apps)) await app.close();
  await stores?.close();
});

async function* from(entries: EntradaZip[]) {
  for (const entry of entries) yield entry;
}

describe('paths inside a zip', () => {
  it('stay relative, inside the archive, and name no forbidden character', () => {
    expect(caminhoNoZip('Pasta/Sub/arquivo.pdf')).toBe('Pasta/Sub/arquivo.pdf');
    expect(caminhoNoZip('../../etc/passwd')).toBe('etc/passwd');
    expect(caminhoNoZip('/raiz//./a.txt')).toBe('raiz/a.txt');
    expect(caminhoNoZip('C:\\Windows\\x.txt')).toBe('C_/Windows/x.txt');
    expect(caminhoNoZip('a<b>:"c"|?*.txt')).toBe('a_b___c____.txt');
    expect(caminhoNoZip('..')).toBe('arquivo');
  });
});

describe.each(['disco', 's3'])('a zip streamed from %s', (name) => {
  const store = (): FileStore => stores.stores[name as 'disco' | 's3'];

  it('holds every entry at its path with the stored content, names deduplicated', async () => {
    const big = Buffer.concat(Array.from({ length: 7 }, (_, i) => Buffer.alloc(1024 * 1024, i)));
    const files = {
      'Relatórios/2026/março.pdf': Buffer.from('%PDF-1.4 relatório de março'),
      'Relatórios/vídeo.mp4': big,
      'leia-me.txt': Buffer.from('olá'),
    };
    const entries: EntradaZip[] = [];
    for (const [caminho, content] of Object.entries(files)) {
      entries.push({ caminho, key: (await store().write('biblioteca', Readable.from([content]))).key });
    }
    // The same name twice in one folder, and a path that tries to leave the archive.
    entries.push({ caminho: 'leia-me.txt', key: entries[2].key });
    entries.push({ caminho: '../../fora.txt', key: entries[2].key });
    nextEntries = () => from(entries);

    const response = await fetch(`${apps[name].url}/zip`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Pasta de relat?rios.zip"; filename*=UTF-8''Pasta%20de%20relat%C3%B3rios.zip`,
    );
    // Streamed: no length known in advance.
    expect(response.headers.get('content-length')).toBeNull();
    const unzipped = await unzip(Buffer.from(await response.arrayBuffer()));
    expect([...unzipped.keys()]).toEqual([
      'Relatórios/2026/março.pdf',
      'Relatórios/vídeo.mp4',
      'leia-me.txt',
      'leia-me (2).txt',
      'fora.txt',
    ]);
    for (const [caminho, content] of Object.entries(files)) {
      expect(sha256(unzipped.get(caminho)!)).toBe(sha256(content));
    }
    expect(unzipped.get('leia-me (2).txt')!.toString()).toBe('olá');
    expect(unzipped.get('fora.txt')!.toString()).toBe('olá');
  });

  it('starts sending before the last entry is known', async () => {
    const first = await store().write('biblioteca', Readable.from([Buffer.alloc(256 * 1024, 1)]));
    const second = await store().write('biblioteca', Readable.from([Buffer.from('segundo')]));
    let sent!: () => void;
    const firstBytesArrived = new Promise<void>((resolve) => (sent = resolve));
    nextEntries = async function* () {
      yield { caminho: 'primeiro.bin', key: first.key };
      // The second entry exists only once the client has received bytes: a zip built before
      // sending would never get here.
      await firstBytesArrived;
      yield { caminho: 'segundo.txt', key: second.key };
    };
    const response = await fetch(`${apps[name].url}/zip`);
    const reader = response.body!.getReader();
    const parts: Uint8Array[] = [];
    const chunk = await reader.read();
    parts.push(chunk.value!);
    sent();
    for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(next.value);
    const unzipped = await unzip(Buffer.concat(parts));
    expect([...unzipped.keys()]).toEqual(['primeiro.bin', 'segundo.txt']);
    expect(unzipped.get('segundo.txt')!.toString()).toBe('segundo');
  });

  it('fails the download when a file is gone from the store', async () => {
    const kept = await store().write('biblioteca', Readable.from([Buffer.from('presente')]));
    nextEntries = () =>
      from([
        { caminho: 'presente.txt', key: kept.key },
        { caminho: 'sumiu.txt', key: `biblioteca/${crypto.randomUUID()}` },
      ]);
    const response = await fetch(`${apps[name].url}/zip`);
    expect(response.status).toBe(200);
    await expect(response.arrayBuffer()).rejects.toThrow();
  });
});
