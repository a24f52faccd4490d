import sharp from 'sharp';
import type { FileStore } from './store';

// Image variants made by jobs (issue #29's library thumbnails, issue #30's small-screen slides and
// adverts): one stored image read as a stream, resized by sharp and written back as WebP.

/** Decoding a huge image could take gigabytes (a decompression bomb): refuse more pixels than this. */
export const VARIANTE_MAX_PIXELS = 100_000_000;

export interface Variante {
  /** Box the image is fitted into, in px (`inside`: whole image, ratio kept). */
  largura: number;
  altura?: number;
  /** WebP quality, 1 to 100. */
  qualidade?: number;
}

/**
 * Writes a WebP variant of the stored image `chave` into `area`, as the camera held it (EXIF
 * orientation), never enlarged; answers its key. Rejects when the image cannot be decoded.
 */
export async function gravarVariante(store: FileStore, chave: string, area: string, v: Variante): Promise<string> {
  const resize = sharp({ failOn: 'error', limitInputPixels: VARIANTE_MAX_PIXELS })
    .rotate()
    .resize(v.largura, v.altura ?? v.largura, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: v.qualidade ?? 75 });
  const origem = await store.read(chave);
  origem.on('error', (error) => resize.destroy(error));
  origem.pipe(resize);
  const stored = await store.write(area, resize);
  return stored.key;
}
