import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline as pipe, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { removeStalePartials, scratchPath } from './disk';
import { checkKey, FileNotFoundError, FileTooLargeError, measure, newKey, UUID, type FileStore } from './store';

/** An S3-compatible object store (AWS S3, MinIO, Ceph, R2...): FILE_STORE=s3 and the S3_* settings. */
export interface S3Options {
  bucket: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint?: string;
  region: string;
  /** Unset: the AWS SDK's default credential chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path (`host/bucket/key`) rather than the host name: most self-hosted stores need it. */
  forcePathStyle: boolean;
  /** Bytes per part of a multipart upload (at least 5 MiB, S3's minimum). */
  partSize: number;
}

/**
 * Parts in flight per upload: an upload holds about (this + 1) parts in memory, so a 900 MB file
 * costs a few parts of memory, never the file.
 */
const QUEUE_SIZE = 2;

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);
const missing = (error: unknown) =>
  statusOf(error) === 404 || (error instanceof S3ServiceException && ['NoSuchKey', 'NotFound'].includes(error.name));

/**
 * Objects named by the store's keys in one bucket. Writes stream through @aws-sdk/lib-storage's
 * multipart upload (a part at a time, never the whole file), so an object appears only once
 * complete; a failed write aborts its upload, and one a stopped process left open is aborted by the
 * sweep (removeUnfinished, ListMultipartUploads). Files that libraries must write to or read from a
 * path pass through scratch files under `localDir` (FILES_DIR), swept like the disk store's.
 */
export function s3Store(options: S3Options, localDir: string): FileStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // The SDK's default CRC checksums on every upload are refused by several S3-compatible stores;
    // the store hashes every file itself (SHA-256) anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  const store: FileStore = {
    kind: 's3',
    async write(area, content, { maxBytes } = {}) {
      const key = newKey(area);
      const measured = measure(maxBytes);
      // Errors of `content` reach the upload through the body, which fails (and aborts) it.
      const Body = pipe(content, measured.stream, () => undefined);
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body },
        partSize: options.partSize,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        Body.destroy();
        if (measured.tooLarge()) throw new FileTooLargeError(maxBytes!);
        throw error;
      }
      return measured.result(key);
    },
    async writeVia(area, fill) {
      const partial = await scratchPath(localDir, area);
      try {
        await fill(partial);
        return await store.write(area, createReadStream(partial));
      } finally {
        await rm(partial, { force: true });
      }
    },
    async read(key, range) {
      try {
        const { Body } = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: checkKey(key),
            Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
          }),
        );
        return Body as Readable;
      } catch (error) {
        if (missing(error)) throw new FileNotFoundError(key);
        throw error;
      }
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async withLocalCopy(key, use) {
      const area = checkKey(key).split('/')[0];
      const copy = await scratchPath(localDir, area);
      try {
        await pipeline(await store.read(key), createWriteStream(copy));
        return await use(copy);
      } finally {
        await rm(copy, { force: true });
      }
    },
    scratch: (area) => scratchPath(localDir, area),
    async *list(area) {
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: `${area}/` })) {
        for (const object of page.Contents ?? []) {
          const key = object.Key ?? '';
          if (!UUID.test(key.slice(area.length + 1))) continue;
          yield { key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
      }
    },
    async removeUnfinished(area, before) {
      const removed = await removeStalePartials(localDir, area, before);
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListMultipartUploadsCommand({ Bucket, Prefix: `${area}/`, KeyMarker, UploadIdMarker }),
        );
        for (const upload of page.Uploads ?? []) {
          if (!upload.Initiated || upload.Initiated >= before) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }));
          removed.removidos++;
        }
        if (!page.IsTruncated) break;
        KeyMarker = page.NextKeyMarker;
        UploadIdMarker = page.NextUploadIdMarker;
      }
      return removed;
    },
    async close() {
      client.destroy();
    },
  };
  return store;
}
