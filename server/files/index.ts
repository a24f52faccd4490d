import type { Config } from '../config';
import { fileStore } from './disk';
import { s3Store } from './s3';
import type { FileStore } from './store';

export * from './store';
export { fileStore, type DiskFileStore } from './disk';
export { s3Store, type S3Options } from './s3';

/** The store configuration chooses (FILE_STORE): the disk under FILES_DIR, or the object store. */
export function fileStoreOf(config: Pick<Config, 'filesDir' | 'storage'>): FileStore {
  return config.storage.s3 ? s3Store(config.storage.s3, config.filesDir) : fileStore(config.filesDir);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The one file store of the app (buildApp), for routes that send stored files. */
    files: FileStore;
  }
}
