import { authHeaders, authorizedFetch } from './dataProvider/graphqlRequest';

/**
 * The API's file routes (REST, beside GraphQL), with the bearer token: the one way the views
 * download, upload and remove files.
 */

/** A file route's refusal: its status and, when it gave one, its translated `message`. */
export class FileRouteError extends Error {
  constructor(
    readonly status: number,
    readonly apiMessage?: string,
  ) {
    super(apiMessage ?? `HTTP ${status}`);
    this.name = 'FileRouteError';
  }
}

const messageOf = async (response: Response) =>
  ((await response.json().catch(() => ({}))) as { message?: string } | null)?.message;

const fileNameOf = (response: Response, fallback: string) => {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(header)?.[1];
  return encoded ? decodeURIComponent(encoded) : fallback;
};

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * GETs a file of the API (an export, a report, a document) and saves it under the name its
 * content-disposition gives, or `fallbackName`. A refusal throws a FileRouteError carrying the
 * API's translated message when there is one; a network failure throws as fetch does.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await authorizedFetch(path);
  if (!response.ok) throw new FileRouteError(response.status, await messageOf(response));
  saveBlob(await response.blob(), fileNameOf(response, fallbackName));
}

/** DELETEs a file of the API (e.g. the user's avatar); a refusal throws a FileRouteError. */
export async function removeFile(path: string): Promise<void> {
  const response = await authorizedFetch(path, { method: 'DELETE' });
  if (!response.ok) throw new FileRouteError(response.status, await messageOf(response));
}

/** What an upload route answered: its status and JSON body (`message` holds a translated refusal). */
export interface UploadResult {
  status: number;
  /** `imagemLink`: where an uploaded image is shown (the announcements' upload route answers it). */
  body: { id?: number | string; nome?: string; message?: string; imagemLink?: string | null };
}

/** Thrown by uploadFile when its `signal` aborts the upload (the user cancelled it). */
export class UploadAbortedError extends Error {
  constructor() {
    super('upload cancelled');
    this.name = 'AbortError';
  }
}

/**
 * POSTs one file as multipart/form-data to a REST route with the bearer token, reporting progress
 * (0 to 100), in the multipart field `field` (`file` for POST /import/users). `fields` go before
 * the file (a streaming route reads them before the bytes, e.g. POST /api/upload's `info`);
 * `signal` cancels the upload (rejecting with UploadAbortedError). fetch cannot report an upload's
 * progress, so this one uses XMLHttpRequest.
 */
export async function uploadFile(
  path: string,
  file: File,
  onProgress: (percent: number) => void,
  {
    field = 'arquivo',
    fields = {},
    signal,
  }: { field?: string; fields?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<UploadResult> {
  if (signal?.aborted) throw new UploadAbortedError();
  const headers = await authHeaders();
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(field, file, file.name);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadAbortedError());
      return;
    }
    const xhr = new XMLHttpRequest();
    // Settled once: by the answer, a network error, or the signal (rejecting at once, whether or
    // not the XMLHttpRequest then reports its abort).
    const finish = (settle: () => void) => {
      signal?.removeEventListener('abort', abort);
      xhr.onload = xhr.onerror = xhr.onabort = null;
      settle();
    };
    const abort = () => {
      finish(() => reject(new UploadAbortedError()));
      xhr.abort();
    };
    signal?.addEventListener('abort', abort, { once: true });
    xhr.open('POST', new URL(path, window.location.origin).href);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () =>
      finish(() => {
        let body: UploadResult['body'] = {};
        try {
          body = JSON.parse(xhr.responseText) as UploadResult['body'];
        } catch {
          // A proxy's page: the status tells.
        }
        resolve({ status: xhr.status, body });
      });
    xhr.onerror = () => finish(() => reject(new Error('upload failed')));
    xhr.onabort = () => finish(() => reject(new UploadAbortedError()));
    xhr.send(form);
  });
}

/**
 * Hands a signed link of the API to the browser as a download (the link's response names the
 * file): an <a download> clicked, so no window opens and no popup blocker steps in.
 */
export function downloadLink(url: string): void {
  const link = Object.assign(document.createElement('a'), { href: url, download: '', rel: 'noopener' });
  document.body.append(link);
  link.click();
  link.remove();
}
