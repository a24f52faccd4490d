import { CreateMultipartUploadCommand, S3Client } from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionKey } from '../../domain/enums';
import { UPLOAD_MAX_BYTES } from '../../domain/limits';
import { bibliotecaArea } from '../../server/features/biblioteca/areas';
import { sweepFiles } from '../../server/files/sweep';
import * as s from '../../server/db/schema';
import type { FileStore } from '../../server/files';
import { signInAsNew, startPortal, type TestPortal } from './portal';
import { startS3Server, type TestS3 } from './s3Server';

// POST /api/upload (issue #29, spec section 7): a library manager's file streamed into the store,
// recorded with its size, SHA-256 and the type read from its bytes; refused past 900,000,000 bytes
// while it streams, and whatever is refused or interrupted leaves nothing behind.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const INFO = JSON.stringify({ fileType: 'LIBRARY' });
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let seq = 0;
/** A manufacturer user with `funcionalidades`, who reads the portal in English (the refusals' language). */
async function manager(portal: TestPortal, funcionalidades: FunctionKey[] = ['PORTAL_GERENCIAR_BIBLIOTECA']) {
  const marca = (await portal.database.db.select().from(s.marcas).limit(1))[0];
  return signInAsNew(portal, {
    nome: 'Gestora Biblioteca',
    email: `biblioteca.${++seq}.${Date.now()}@upload.test`,
    tipo: 'MONTADORA',
    marcaIds: [marca.id],
    funcionalidades,
    idioma: 'EN',
  });
}

function form(parts: { info?: string | Blob; file?: [Buffer, string]; infoFirst?: boolean; extra?: [Buffer, string] }) {
  const body = new FormData();
  const info = () => parts.info !== undefined && body.append('info', parts.info);
  if (parts.infoFirst !== false) info();
  if (parts.file) body.append('file', new Blob([new Uint8Array(parts.file[0])]), parts.file[1]);
  if (parts.extra) body.append('file', new Blob([new Uint8Array(parts.extra[0])]), parts.extra[1]);
  if (parts.infoFirst === false) info();
  return body;
}

const post = (portal: TestPortal, body: BodyInit, token?: string, headers: Record<string, string> = {}) =>
  fetch(`${portal.url}/api/upload`, {
    method: 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': 'en', ...headers },
    body,
  });

async function bibliotecaRows(portal: TestPortal) {
  return portal.database.db
    .select()
    .from(s.arquivos)
    .where(sql`starts_with(${s.arquivos.chave}, 'biblioteca/')`);
}

async function storedKeys(files: FileStore) {
  const keys: string[] = [];
  for await (const file of files.list('biblioteca')) keys.push(file.key);
  return keys.sort();
}

const content = async (files: FileStore, key: string) => {
  const parts: Buffer[] = [];
  for await (const chunk of await files.read(key)) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
};

describe('POST /api/upload on the local disk', () => {
  let portal: TestPortal;
  let filesDir: string;
  let token: string;
  let autorId: number;
  const partials = () =>
    existsSync(path.join(filesDir, 'biblioteca'))
      ? readdirSync(path.join(filesDir, 'biblioteca')).filter((f) => f.endsWith('.part'))
      : [];
  /** Nothing more in the area than `keys`, no row more than `rows`, and no partial file. */
  async function nothingLeft(rows: number, keys: string[]) {
    expect(await bibliotecaRows(portal)).toHaveLength(rows);
    expect(await storedKeys(portal.app.files)).toEqual(keys);
    expect(partials()).toEqual([]);
  }

  beforeAll(async () => {
    filesDir = mkdtempSync(path.join(tmpdir(), 'biblioteca-upload-'));
    portal = await startPortal({ FILES_DIR: filesDir });
    ({ token, id: autorId } = await manager(portal));
  });
  afterAll(async () => {
    await portal?.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it("records a manager's file with its size, SHA-256 and the type its bytes show, and answers its id", async () => {
    const response = await post(portal, form({ info: INFO, file: [PDF, 'Relatório anual.txt'] }), token);
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { id: string; nome: string; tamanho: number; tipoMime: string };
    expect(answer).toEqual({
      id: expect.stringMatching(/^\d+$/),
      nome: 'Relatório anual.txt',
      tamanho: PDF.length,
      tipoMime: 'application/pdf',
    });
    const [row] = await portal.database.db
      .select()
      .from(s.arquivos)
      .where(eq(s.arquivos.id, Number(answer.id)));
    expect(row).toMatchObject({
      nome: 'Relatório anual.txt',
      tipoMime: 'application/pdf',
      tamanho: PDF.length,
      sha256: sha256(PDF),
      autorId,
    });
    expect(row.chave).toMatch(/^biblioteca\/[0-9a-f-]{36}$/);
    expect((await content(portal.app.files, row.chave)).equals(PDF)).toBe(true);
  });

  it('takes info after the file, or as a JSON part, and reads each type from the bytes', async () => {
    const texto = Buffer.from('Relatório de vendas\r\nsegunda linha\tcom tab\n');
    const binario = Buffer.concat([Buffer.from([0, 1, 2, 3]), randomBytes(64)]);
    const cases: [Buffer, string, string][] = [
      [PNG, 'foto.pdf', 'image/png'],
      [texto, 'notas.bin', 'text/plain'],
      [binario, 'dados.txt', 'application/octet-stream'],
    ];
    for (const [bytes, nome, tipo] of cases) {
      const afterFile = await post(portal, form({ info: INFO, file: [bytes, nome], infoFirst: false }), token);
      expect(afterFile.status).toBe(201);
      expect(((await afterFile.json()) as { tipoMime: string }).tipoMime).toBe(tipo);
    }
    const asJson = await post(
      portal,
      form({ info: new Blob([INFO], { type: 'application/json' }), file: [PDF, 'x.pdf'] }),
      token,
    );
    expect(asJson.status).toBe(201);
  });

  it('refuses the anonymous and whoever may not manage the library, keeping nothing', async () => {
    const before = await bibliotecaRows(portal);
    const keys = await storedKeys(portal.app.files);
    const anonymous = await post(portal, form({ info: INFO, file: [PDF, 'a.pdf'] }));
    expect(anonymous.status).toBe(401);
    const reader = await manager(portal, []);
    const refused = await post(portal, form({ info: INFO, file: [PDF, 'a.pdf'] }), reader.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ code: 'FORBIDDEN', message: 'You are not allowed to perform this action.' });
    await nothingLeft(before.length, keys);
  });

  it('refuses a form without the library info, without a file, with two files, or not multipart, keeping nothing', async () => {
    const before = await bibliotecaRows(portal);
    const keys = await storedKeys(portal.app.files);
    const infoInvalida = {
      code: 'BAD_USER_INPUT',
      message: 'Invalid upload information: the info field must be {"fileType": "LIBRARY"}',
    };
    for (const info of [undefined, '{"fileType":"AVATAR"}', 'not json', '{}']) {
      const response = await post(portal, form({ info, file: [PDF, 'a.pdf'] }), token);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(infoInvalida);
    }
    const noFile = await post(portal, form({ info: INFO }), token);
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toEqual({ code: 'BAD_USER_INPUT', message: 'No file was sent' });
    const twoFiles = await post(portal, form({ info: INFO, file: [PDF, 'a.pdf'], extra: [PNG, 'b.png'] }), token);
    expect(twoFiles.status).toBe(400);
    expect(await twoFiles.json()).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'Send a single file (field file) and the upload information (field info)',
    });
    const json = await post(portal, INFO, token, { 'content-type': 'application/json' });
    expect(json.status).toBe(400);
    await nothingLeft(before.length, keys);
  });

  // 900 MB through the portal's parser and onto the disk: about 18 s alone, more on a loaded machine.
  it(
    'refuses a file past 900,000,000 bytes while it streams, translated, and removes what it had written',
    {
      timeout: 120_000,
    },
    async () => {
      const before = await bibliotecaRows(portal);
      const keys = await storedKeys(portal.app.files);
      const boundary = `----biblioteca${randomBytes(8).toString('hex')}`;
      const total = UPLOAD_MAX_BYTES + 1;
      const mebibyte = Buffer.alloc(1024 * 1024);
      async function* body() {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="info"\r\n\r\n${INFO}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="grande.bin"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        );
        for (let sent = 0; sent < total; sent += mebibyte.length) {
          yield sent + mebibyte.length <= total ? mebibyte : mebibyte.subarray(0, total - sent);
        }
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      }
      const response = await fetch(`${portal.url}/api/upload`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'accept-language': 'en',
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body: Readable.toWeb(Readable.from(body())),
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'File too large: the maximum is 900 MB',
      });
      await nothingLeft(before.length, keys);
    },
  );

  it('leaves nothing behind when the client goes away midway', async () => {
    const before = await bibliotecaRows(portal);
    const keys = await storedKeys(portal.app.files);
    const boundary = 'interrompido';
    const url = new URL(`${portal.url}/api/upload`);
    await new Promise<void>((resolve) => {
      const req = request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(50 * 1024 * 1024),
        },
      });
      req.on('error', () => resolve());
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="info"\r\n\r\n${INFO}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="metade.bin"\r\n\r\n`,
      );
      req.write(Buffer.alloc(3 * 1024 * 1024, 7), async () => {
        // Hang up once the server is writing the file (its partial file is there).
        for (let i = 0; i < 100 && !partials().length; i++) await new Promise((r) => setTimeout(r, 50));
        expect(partials()).toHaveLength(1);
        req.destroy();
        resolve();
      });
    });
    // The server notices the hang-up and removes the partial file.
    for (let i = 0; i < 50 && partials().length; i++) await new Promise((r) => setTimeout(r, 100));
    await nothingLeft(before.length, keys);
  });
});

describe('POST /api/upload on the object store', () => {
  let s3: TestS3;
  let portal: TestPortal;
  let filesDir: string;
  let token: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    filesDir = mkdtempSync(path.join(tmpdir(), 'biblioteca-upload-s3-'));
    portal = await startPortal({ ...s3.env, FILES_DIR: filesDir });
    ({ token } = await manager(portal));
  });
  afterAll(async () => {
    await portal?.close();
    await s3?.stop();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('stores the file as an object, records it, and keeps nothing of a refused one', async () => {
    expect(portal.app.files.kind).toBe('s3');
    // Past one part of the multipart upload (5 MiB here).
    const grande = randomBytes(6 * 1024 * 1024);
    const response = await post(portal, form({ info: INFO, file: [grande, 'video.bin'] }), token);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [row] = await portal.database.db
      .select()
      .from(s.arquivos)
      .where(eq(s.arquivos.id, Number(id)));
    expect(row).toMatchObject({ tamanho: grande.length, sha256: sha256(grande) });
    expect(await portal.app.files.stat(row.chave)).toMatchObject({ size: grande.length });
    expect(sha256(await content(portal.app.files, row.chave))).toBe(sha256(grande));

    const refused = await post(portal, form({ info: '{"fileType":"X"}', file: [grande, 'video.bin'] }), token);
    expect(refused.status).toBe(400);
    expect(await storedKeys(portal.app.files)).toEqual([row.chave]);
    expect(s3.openUploads('biblioteca/')).toEqual([]);
  });

  it('is swept: a file never placed goes after the grace period, and so do an orphan object and an upload left open', async () => {
    const { db } = portal.database;
    const files = portal.app.files;
    const upload = async () => {
      const response = await post(portal, form({ info: INFO, file: [PDF, 'a.pdf'] }), token);
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      return (
        await db
          .select()
          .from(s.arquivos)
          .where(eq(s.arquivos.id, Number(id)))
      )[0];
    };
    const antigo = await upload();
    const novo = await upload();
    await db
      .update(s.arquivos)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(s.arquivos.id, antigo.id));
    // An object whose row was never written (the process stopped in between), and a multipart
    // upload a stopped process left open a day and a half ago.
    const orfao = await files.write('biblioteca', Readable.from([PDF]));
    const client = new S3Client({ ...s3.options, requestChecksumCalculation: 'WHEN_REQUIRED' });
    await client.send(
      new CreateMultipartUploadCommand({ Bucket: s3.options.bucket, Key: `biblioteca/${crypto.randomUUID()}` }),
    );
    s3.age(36);
    client.destroy();
    const before = (await storedKeys(files)).length;

    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const first = await sweepFiles(db, { files, graceHours: 24 }, [bibliotecaArea], log);
    expect(first).toEqual({
      registrosRemovidos: 1,
      arquivosRemovidos: 2,
      bytesLiberados: PDF.length,
      falhasRemocao: 0,
    });
    expect(await files.stat(antigo.chave)).toBeNull();
    expect(await bibliotecaRows(portal)).not.toContainEqual(expect.objectContaining({ id: antigo.id }));
    expect(s3.openUploads('biblioteca/')).toEqual([]);
    // The orphan object is younger than the grace period: it stays until then.
    expect(await storedKeys(files)).toHaveLength(before - 1);
    expect(await files.stat(orfao.key)).not.toBeNull();

    // With no grace period (and no library item yet to keep them), every file of the area goes.
    const rows = (await bibliotecaRows(portal)).length;
    const second = await sweepFiles(db, { files, graceHours: 0 }, [bibliotecaArea], log);
    expect(second).toMatchObject({ registrosRemovidos: rows, arquivosRemovidos: before - 1, falhasRemocao: 0 });
    expect(await files.stat(orfao.key)).toBeNull();
    expect(await files.stat(novo.chave)).toBeNull();
    expect(await storedKeys(files)).toEqual([]);
    expect(await bibliotecaRows(portal)).toEqual([]);
  });
});
