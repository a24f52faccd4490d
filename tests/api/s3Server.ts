import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { buildApp } from 'fauxqs';
import { fileStore, s3Store, type S3Options } from '../../server/files';

/**
 * A local S3-compatible server for the tests (fauxqs, an npm package: SQS/SNS/S3 in one Fastify
 * app, objects in memory), on a free port of 127.0.0.1, with one bucket.
 *
 * fauxqs does not answer ListMultipartUploads yet (kibertoad/fauxqs#269), which the file sweep
 * uses to find uploads a stopped process left open. This helper answers it from what it saw pass:
 * every CreateMultipartUpload fauxqs accepted, until a Complete or Abort of it succeeded. That is
 * the same record S3 keeps, observed at the HTTP boundary; `age` backdates their start.
 */
export interface TestS3 {
  options: S3Options;
  /** Environment of a portal storing its files here. */
  env: Record<string, string>;
  /** Multipart uploads started and neither completed nor aborted, under `prefix`. */
  openUploads(prefix?: string): { key: string; uploadId: string; initiated: Date }[];
  /** Moves the start of every open multipart upload `hours` back. */
  age(hours: number): void;
  stop(): Promise<void>;
}

interface OpenUpload {
  bucket: string;
  key: string;
  uploadId: string;
  initiated: Date;
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startS3Server(): Promise<TestS3> {
  const app = buildApp({ logger: false });
  const uploads = new Map<string, OpenUpload>();
  const bucket = `portal-${randomBytes(4).toString('hex')}`;

  const target = (url: string) => {
    const parsed = new URL(url, 'http://x');
    const [, bucketName = '', ...rest] = parsed.pathname.split('/');
    return { bucket: bucketName, key: decodeURIComponent(rest.join('/')), query: parsed.searchParams };
  };

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const { bucket: name, key, query } = target(req.url);
    if (req.method !== 'GET' || key || !query.has('uploads')) return;
    const prefix = query.get('prefix') ?? '';
    const listed = [...uploads.values()]
      .filter((u) => u.bucket === name && u.key.startsWith(prefix))
      .map(
        (u) =>
          `<Upload><Key>${xml(u.key)}</Key><UploadId>${xml(u.uploadId)}</UploadId>` +
          `<Initiated>${u.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
      );
    reply.header('content-type', 'application/xml');
    return reply.send(
      '<?xml version="1.0" encoding="UTF-8"?>' +
        '<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
        `<Bucket>${xml(name)}</Bucket><Prefix>${xml(prefix)}</Prefix><MaxUploads>1000</MaxUploads>` +
        `<IsTruncated>false</IsTruncated>${listed.join('')}</ListMultipartUploadsResult>`,
    );
  });

  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const { bucket: name, key, query } = target(req.url);
    if (!key || reply.statusCode >= 300) return payload;
    const uploadId = query.get('uploadId');
    if (req.method === 'POST' && query.has('uploads') && typeof payload === 'string') {
      const id = /<UploadId>([^<]+)<\/UploadId>/.exec(payload)?.[1];
      if (id) uploads.set(id, { bucket: name, key, uploadId: id, initiated: new Date() });
    } else if (uploadId && (req.method === 'DELETE' || (req.method === 'POST' && !query.has('partNumber')))) {
      uploads.delete(uploadId);
    }
    return payload;
  });

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const options: S3Options = {
    bucket,
    endpoint: address,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    forcePathStyle: true,
    partSize: 5 * 1024 * 1024,
  };
  const created = await fetch(`${address}/${bucket}`, { method: 'PUT' });
  if (!created.ok) throw new Error(`the test S3 server did not create its bucket: ${created.status}`);
  return {
    options,
    env: {
      FILE_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: address,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PART_SIZE_MB: '5',
    },
    openUploads: (prefix = '') =>
      [...uploads.values()]
        .filter((u) => u.bucket === bucket && u.key.startsWith(prefix))
        .map(({ key, uploadId, initiated }) => ({ key, uploadId, initiated })),
    age(hours) {
      for (const upload of uploads.values())
        upload.initiated = new Date(upload.initiated.getTime() - hours * 3_600_000);
    },
    stop: () => app.close(),
  };
}

/** The file store on both implementations for a test file: a temporary directory, and a test S3 server. */
export async function startTestStores() {
  const s3 = await startS3Server();
  const diskDir = mkdtempSync(path.join(tmpdir(), 'files-'));
  const s3Dir = mkdtempSync(path.join(tmpdir(), 'files-s3-'));
  const stores = { disco: fileStore(diskDir), s3: s3Store(s3.options, s3Dir) };
  return {
    stores,
    s3,
    /** Local directory of each store (the disk store's files; the object store's scratch files). */
    localDirs: { disco: diskDir, s3: s3Dir },
    async close() {
      await stores.disco.close();
      await stores.s3.close();
      await s3.stop();
      for (const dir of [diskDir, s3Dir]) rmSync(dir, { recursive: true, force: true });
    },
  };
}
