import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logEventos, logGrupos, logStreams } from '../../server/db/schema';
import { startPortal, type TestPortal } from './portal';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startPortal({ LOG_API_KEY: 'test-key' });
});
afterAll(() => portal?.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${portal.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('GET /portalProperties', () => {
  it('returns favicon, name, realm and the user-type settings without sign-in', async () => {
    const response = await fetch(`${portal.url}/portalProperties`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      favicon: null,
      name: 'Portal Rede',
      realm: 'portal',
      tiposUsuarioDocumentoObrigatorio: ['DEALER_GRUPO', 'MONTADORA'],
      informarDepartamentoCargo: true,
    });
  });
});

describe('GET /config.json', () => {
  it('tells the single-page app its identity server and log settings, without the log API key', async () => {
    const config = await (await fetch(`${portal.url}/config.json`)).json();
    expect(config.identityServer).toEqual({
      authority: `${portal.config.publicUrl}/oidc`,
      clientId: 'portal',
      scope: 'openid profile email offline_access',
    });
    expect(config.properties).toEqual({
      appVersion: '2.15.1',
      environment: 'prod',
      logGroupName: 'portal-logs-prod',
    });
  });
});

describe('client logs', () => {
  const stream = { logGroupName: 'portal-logs-prod', logStreamName: 'prod-2026-11-22' };

  it('refuses both calls without the right api-key, in the caller language, storing nothing', async () => {
    const missing = await post('/createGroupAndLogStream', { ...stream, tags: {} });
    expect(missing.status).toBe(401);
    const wrong = await post(
      '/sendLogs',
      { ...stream, logs: [{ type: 'info', message: 'x' }] },
      {
        'api-key': 'nope',
        'accept-language': 'en',
      },
    );
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe('Invalid API key');
    expect(await portal.database.db.select().from(logEventos)).toHaveLength(0);
  });

  it('creates the group and stream, then stores the events', async () => {
    const created = await post(
      '/createGroupAndLogStream',
      { ...stream, tags: { appVersion: '2.15.1' } },
      { 'api-key': 'test-key' },
    );
    expect(created.status).toBe(201);
    const sent = await post(
      '/sendLogs',
      {
        ...stream,
        logs: [
          {
            timestamp: Date.now(),
            type: 'error',
            message: 'boom',
            stack: 'Error: boom',
            metadata: { browserName: 'Chromium' },
          },
          { type: 'info', message: 'hello' },
        ],
      },
      { 'api-key': 'test-key' },
    );
    expect(sent.status).toBe(202);
    const events = await portal.database.db.select().from(logEventos).where(eq(logEventos.grupo, stream.logGroupName));
    expect(events.map((e) => [e.tipo, e.mensagem])).toEqual([
      ['error', 'boom'],
      ['info', 'hello'],
    ]);
    expect(events[0].metadata).toEqual({ browserName: 'Chromium' });
    const [grupo] = await portal.database.db.select().from(logGrupos).where(eq(logGrupos.nome, stream.logGroupName));
    expect(grupo.tags).toEqual({ appVersion: '2.15.1' });
  });

  it('creates a missing stream on send, so no entry is lost', async () => {
    const sent = await post(
      '/sendLogs',
      { logGroupName: 'other-group', logStreamName: 'other-stream', logs: [{ type: 'warn', message: 'w' }] },
      { 'api-key': 'test-key' },
    );
    expect(sent.status).toBe(202);
    const streams = await portal.database.db.select().from(logStreams).where(eq(logStreams.grupo, 'other-group'));
    expect(streams).toHaveLength(1);
  });

  it('refuses malformed logs with field errors and stores none of them', async () => {
    const before = (await portal.database.db.select().from(logEventos)).length;
    const response = await post(
      '/sendLogs',
      {
        ...stream,
        logs: [
          { type: 'info', message: 'ok' },
          { type: 'fatal', message: 'bad' },
        ],
      },
      { 'api-key': 'test-key', 'accept-language': 'pt-BR' },
    );
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ 'logs.1.type': 'Opção inválida' });
    expect(await portal.database.db.select().from(logEventos)).toHaveLength(before);
  });
});

describe('user import routes', () => {
  it('refuse the upload and the error report without a token, and serve the template without one', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04])]), 'usuarios.xlsx');
    const upload = await fetch(`${portal.url}/import/users`, {
      method: 'POST',
      body: form,
      headers: { 'accept-language': 'en' },
    });
    expect(upload.status).toBe(401);
    expect((await upload.json()).code).toBe('UNAUTHENTICATED');
    const report = await fetch(`${portal.url}/import/users/1/erros`);
    expect(report.status).toBe(401);
    const template = await fetch(`${portal.url}/ModeloImportacaoUsuarios.xlsx`);
    expect(template.status).toBe(200);
  });
});
