import { vi } from 'vitest';

export interface Download {
  name: string;
  blob: Blob;
}

/**
 * Records the files a test saves instead of navigating: a download (providers/files.ts) is an
 * <a download> clicked on a blob URL. Call in `beforeEach` (`vi.restoreAllMocks` undoes it); the
 * array fills as files are saved.
 */
export function captureDownloads(downloads: Download[]): void {
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:${window.location.origin}/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: blobs.get(this.href)! });
  });
}
