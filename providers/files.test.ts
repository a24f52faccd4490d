import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenGetter } from './dataProvider';
import { captureDownloads, type Download } from '../src/testing/downloads';
import { downloadFile, downloadLink, FileRouteError, removeFile, UploadAbortedError, uploadFile } from './files';
import { mockApiServer } from '../src/testing/mockApi';

const origin = window.location.origin;
const requests: { method: string; path: string; authorization: string | null; language: string | null }[] = [];
const record = (request: Request) => {
  const url = new URL(request.url);
  requests.push({
    method: request.method,
    path: url.pathname + url.search,
    authorization: request.headers.get('authorization'),
    language: request.headers.get('accept-language'),
  });
};
const server = mockApiServer(
  http.get(`${origin}/api/relatorio`, ({ request }) => {
    record(request);
    return new HttpResponse('linha,erro\n2,CPF inválido\n', {
      headers: {
        'content-type': 'text/csv',
        'content-disposition': "attachment; filename*=UTF-8''relat%C3%B3rio%20final.csv",
      },
    });
  }),
  http.get(`${origin}/api/sem-nome`, ({ request }) => {
    record(request);
    return new HttpResponse('x', { headers: { 'content-type': 'application/octet-stream' } });
  }),
  http.get(`${origin}/api/expirado`, () =>
    HttpResponse.json({ message: 'O documento não está mais disponível' }, { status: 410 }),
  ),
  http.get(`${origin}/api/proxy`, () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })),
  http.delete(`${origin}/api/avatar`, ({ request }) => {
    record(request);
    return new HttpResponse(null, { status: 204 });
  }),
  http.delete(`${origin}/api/avatar-recusado`, () => HttpResponse.json({ message: 'Sem avatar' }, { status: 404 })),
);

let downloads: Download[] = [];
beforeEach(() => {
  setAccessTokenGetter(async () => 'token-7');
  downloads = [];
  captureDownloads(downloads);
});
afterEach(() => {
  vi.restoreAllMocks();
  requests.length = 0;
});

describe('downloadFile', () => {
  it('GETs the file with the bearer token and saves it under the name the API gives', async () => {
    await downloadFile('/api/relatorio?id=3', 'relatorio.csv');
    expect(downloads).toHaveLength(1);
    expect(downloads[0].name).toBe('relatório final.csv');
    expect(await downloads[0].blob.text()).toBe('linha,erro\n2,CPF inválido\n');
    expect(requests).toEqual([
      { method: 'GET', path: '/api/relatorio?id=3', authorization: 'Bearer token-7', language: 'pt-BR' },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('saves under the fallback name when the API gives none', async () => {
    await downloadFile('/api/sem-nome', 'usuarios.xlsx');
    expect(downloads.map((d) => d.name)).toEqual(['usuarios.xlsx']);
  });

  it('throws the API’s translated refusal, and saves nothing', async () => {
    const error = await downloadFile('/api/expirado', 'doc.pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileRouteError);
    expect(error).toMatchObject({ status: 410, apiMessage: 'O documento não está mais disponível' });
    expect(downloads).toEqual([]);
  });

  it('throws without a message when the refusal is not the API’s (a proxy page)', async () => {
    const error = await downloadFile('/api/proxy', 'doc.pdf').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, apiMessage: undefined });
  });
});

describe('removeFile', () => {
  it('DELETEs with the bearer token, and throws the API’s refusal', async () => {
    await removeFile('/api/avatar');
    expect(requests).toEqual([
      { method: 'DELETE', path: '/api/avatar', authorization: 'Bearer token-7', language: 'pt-BR' },
    ]);
    await expect(removeFile('/api/avatar-recusado')).rejects.toMatchObject({ status: 404, apiMessage: 'Sem avatar' });
  });
});

describe('uploadFile', () => {
  it('sends the extra fields before the file, in the field asked for, with the bearer token', async () => {
    const partes: { nomes: string[]; info: unknown; arquivo: string | undefined; authorization: string | null }[] = [];
    server.use(
      http.post(`${origin}/api/upload`, async ({ request }) => {
        const form = await request.formData();
        const file = form.get('file');
        partes.push({
          nomes: [...form.keys()],
          info: JSON.parse(String(form.get('info'))),
          arquivo: file instanceof File ? file.name : undefined,
          authorization: request.headers.get('authorization'),
        });
        return HttpResponse.json({ id: 91 }, { status: 201 });
      }),
    );
    const file = new File(['%PDF-1.7'], 'manual.pdf', { type: 'application/pdf' });
    const resultado = await uploadFile('/api/upload', file, () => undefined, {
      field: 'file',
      fields: { info: JSON.stringify({ fileType: 'LIBRARY' }) },
    });
    expect(resultado).toEqual({ status: 201, body: { id: 91 } });
    expect(partes).toEqual([
      {
        nomes: ['info', 'file'],
        info: { fileType: 'LIBRARY' },
        arquivo: 'manual.pdf',
        authorization: 'Bearer token-7',
      },
    ]);
  });

  it('stops the upload when its signal aborts, rejecting with UploadAbortedError', async () => {
    let recebidos = 0;
    server.use(
      http.post(`${origin}/api/upload`, async () => {
        recebidos += 1;
        await delay('infinite');
        return HttpResponse.json({ id: 1 });
      }),
    );
    const controle = new AbortController();
    const envio = uploadFile('/api/upload', new File(['x'], 'a.txt'), () => undefined, { signal: controle.signal });
    await vi.waitFor(() => expect(recebidos).toBe(1));
    controle.abort();
    await expect(envio).rejects.toBeInstanceOf(UploadAbortedError);
    // Already aborted: nothing is sent.
    await expect(
      uploadFile('/api/upload', new File(['x'], 'b.txt'), () => undefined, { signal: controle.signal }),
    ).rejects.toBeInstanceOf(UploadAbortedError);
    expect(recebidos).toBe(1);
  });
});

describe('downloadLink', () => {
  it('clicks a download link to the signed address and leaves nothing on the page', () => {
    const clicados: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicados.push({ href: this.href, download: this.download });
    });
    downloadLink(`${origin}/api/biblioteca/download?token=abc`);
    expect(clicados).toEqual([{ href: `${origin}/api/biblioteca/download?token=abc`, download: '' }]);
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
