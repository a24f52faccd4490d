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
  body: { id?: number | string; nome?: string; message?: string };
}

/**
 * POSTs one file as multipart/form-data to a REST route with the bearer token, reporting progress
 * (0 to 100), in the multipart field `field` (`file` for POST /import/users). fetch cannot report an
 * upload's progress, so this one uses XMLHttpRequest.
 */
export async function uploadFile(
  path: string,
  file: File,
  onProgress: (percent: number) => void,
  { field = 'arquivo' }: { field?: string } = {},
): Promise<UploadResult> {
  const headers = await authHeaders();
  const form = new FormData();
  form.append(field, file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', new URL(path, window.location.origin).href);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: UploadResult['body'] = {};
      try {
        body = JSON.parse(xhr.responseText) as UploadResult['body'];
      } catch {
        // A proxy's page: the status tells.
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error('upload failed'));
    xhr.send(form);
  });
}
