import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOG_BUFFER_FLUSH_MS,
  LOG_BUFFER_MAX_ENTRIES,
  LOG_MESSAGE_MAX_LENGTH,
  LOG_REQUEST_MAX_BYTES,
  LOG_STACK_MAX_LENGTH,
  USER_AGENT_MAX_LENGTH,
} from '../domain/limits';
import { browserName, createLogger, logStreamName, type LogEntry } from './logger';

interface Call {
  url: string;
  headers: Record<string, string>;
  body: { logGroupName: string; logStreamName: string; logs?: LogEntry[]; tags?: Record<string, string> };
  bytes: number;
}

function fakeFetch() {
  const calls: Call[] = [];
  let failSendLogs = false;
  let sendLogsStatus = 503;
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({
      url,
      headers: init?.headers as Record<string, string>,
      body: JSON.parse(String(init?.body)),
      bytes: new TextEncoder().encode(String(init?.body)).length,
    });
    if (failSendLogs && url.endsWith('/sendLogs')) return new Response('down', { status: sendLogsStatus });
    return new Response(null, { status: 200 });
  });
  return {
    fn: fn as unknown as typeof fetch,
    calls,
    sent: () => calls.filter((c) => c.url.endsWith('/sendLogs')),
    setFailing: (value: boolean, status = 503) => {
      failSendLogs = value;
      sendLogsStatus = status;
    },
  };
}

const NOW = new Date('2026-03-04T12:00:00Z');

function makeLogger(fetch: typeof globalThis.fetch, getAccessToken = async (): Promise<string | null> => 'token-1') {
  return createLogger({
    logGroupName: 'portal-rede-logs-prod',
    environment: 'prod',
    appVersion: '2.15.1',
    getAccessToken,
    baseUrl: 'http://localhost:3000',
    fetch,
    now: () => NOW,
  });
}

/** Lets pending promise callbacks (the fake fetch) run. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('client logger', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  it("creates the log stream once on start, with the app version tag and the user's bearer token", async () => {
    const fetch = fakeFetch();
    const logger = makeLogger(fetch.fn);
    await logger.start();
    await logger.start();
    logger.stop();
    const created = fetch.calls.filter((c) => c.url.endsWith('/createGroupAndLogStream'));
    expect(created).toHaveLength(1);
    expect(created[0].url).toBe('http://localhost:3000/createGroupAndLogStream');
    expect(created[0].headers.authorization).toBe('Bearer token-1');
    expect(created[0].headers).not.toHaveProperty('api-key');
    expect(created[0].body).toEqual({
      logGroupName: 'portal-rede-logs-prod',
      logStreamName: 'prod-2026-03-04',
      tags: { appVersion: '2.15.1' },
    });
  });

  it(`sends the buffer as soon as ${LOG_BUFFER_MAX_ENTRIES} entries wait`, async () => {
    window.history.replaceState(null, '', '/esqueci-senha?token=secret');
    const fetch = fakeFetch();
    const logger = makeLogger(fetch.fn);
    for (let i = 1; i < LOG_BUFFER_MAX_ENTRIES; i++) logger.info(`entry ${i}`);
    await settle();
    expect(fetch.sent()).toHaveLength(0);
    logger.error('boom', new Error('kaput'));
    await settle();
    expect(fetch.sent()).toHaveLength(1);
    const { body, headers } = fetch.sent()[0];
    expect(headers.authorization).toBe('Bearer token-1');
    expect(headers).not.toHaveProperty('api-key');
    expect(body.logGroupName).toBe('portal-rede-logs-prod');
    expect(body.logStreamName).toBe('prod-2026-03-04');
    expect(body.logs).toHaveLength(LOG_BUFFER_MAX_ENTRIES);
    expect(body.logs?.[0]).toMatchObject({ type: 'info', message: 'entry 1', timestamp: NOW.getTime() });
    const last = body.logs?.[LOG_BUFFER_MAX_ENTRIES - 1];
    expect(last).toMatchObject({ type: 'error', message: 'boom: kaput' });
    expect(last?.stack).toContain('kaput');
    expect(last?.metadata).toMatchObject({ appVersion: '2.15.1', endpoint: 'http://localhost:3000/esqueci-senha' });
    expect(last?.metadata.deviceModel.length).toBeLessThanOrEqual(USER_AGENT_MAX_LENGTH);
    expect(logger.pending()).toHaveLength(0);
  });

  it(`sends fewer entries every ${LOG_BUFFER_FLUSH_MS / 1000} s, and nothing when empty`, async () => {
    const fetch = fakeFetch();
    const logger = makeLogger(fetch.fn);
    await logger.start();
    await vi.advanceTimersByTimeAsync(LOG_BUFFER_FLUSH_MS);
    expect(fetch.sent()).toHaveLength(0);
    logger.warn('slow answer');
    await vi.advanceTimersByTimeAsync(LOG_BUFFER_FLUSH_MS - 1);
    expect(fetch.sent()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch.sent()).toHaveLength(1);
    expect(fetch.sent()[0].body.logs?.map((l) => l.message)).toEqual(['slow answer']);
    logger.stop();
  });

  it('keeps the entries after a failed send and sends them with the next flush', async () => {
    const fetch = fakeFetch();
    const logger = makeLogger(fetch.fn);
    await logger.start();
    fetch.setFailing(true);
    logger.error('first');
    await vi.advanceTimersByTimeAsync(LOG_BUFFER_FLUSH_MS);
    expect(fetch.sent()).toHaveLength(1);
    expect(logger.pending().map((e) => e.message)).toEqual(['first']);

    logger.error('second');
    fetch.setFailing(false);
    await vi.advanceTimersByTimeAsync(LOG_BUFFER_FLUSH_MS);
    expect(fetch.sent()).toHaveLength(2);
    expect(fetch.sent()[1].body.logs?.map((l) => l.message)).toEqual(['first', 'second']);
    expect(logger.pending()).toHaveLength(0);
    logger.stop();
  });

  it('bounds what it keeps while the log service is down', async () => {
    const fetch = fakeFetch();
    fetch.setFailing(true);
    const logger = createLogger({
      logGroupName: 'g',
      environment: 'prod',
      appVersion: '1',
      getAccessToken: async () => 't',
      fetch: fetch.fn,
      maxBuffered: 20,
    });
    for (let i = 0; i < 50; i++) logger.info(`entry ${i}`);
    await logger.flush();
    expect(logger.pending()).toHaveLength(20);
    expect(logger.pending()[19].message).toBe('entry 49');
  });

  it('keeps entries logged before sign-in and sends them once a token exists', async () => {
    const fetch = fakeFetch();
    let token: string | null = null;
    const logger = makeLogger(fetch.fn, async () => token);
    await logger.start();
    logger.error('before sign-in');
    await vi.advanceTimersByTimeAsync(LOG_BUFFER_FLUSH_MS);
    expect(fetch.calls).toHaveLength(0);
    expect(logger.pending().map((e) => e.message)).toEqual(['before sign-in']);

    token = 'token-2';
    logger.info('signed in');
    await vi.advanceTimersByTimeAsync(LOG_BUFFER_FLUSH_MS);
    expect(fetch.calls.map((c) => [c.url.split('/').pop(), c.headers.authorization])).toEqual([
      ['createGroupAndLogStream', 'Bearer token-2'],
      ['sendLogs', 'Bearer token-2'],
    ]);
    expect(fetch.sent()[0].body.logs?.map((l) => l.message)).toEqual(['before sign-in', 'signed in']);
    expect(logger.pending()).toHaveLength(0);
    logger.stop();
  });

  it("splits what waits into calls under the server's body limit and cuts long texts", async () => {
    const fetch = fakeFetch();
    const logger = makeLogger(fetch.fn);
    const error = new Error('x'.repeat(LOG_MESSAGE_MAX_LENGTH * 2));
    error.stack = 's'.repeat(LOG_STACK_MAX_LENGTH * 2);
    fetch.setFailing(true);
    for (let i = 0; i < 12; i++) logger.error(`big ${i}`, error);
    await logger.flush();
    fetch.setFailing(false);
    await logger.flush();
    const sent = fetch.sent().slice(1);
    expect(sent.length).toBeGreaterThan(1);
    for (const call of sent) expect(call.bytes).toBeLessThanOrEqual(LOG_REQUEST_MAX_BYTES);
    const logs = sent.flatMap((c) => c.body.logs ?? []);
    expect(logs.map((l) => l.message.split(':')[0])).toEqual(Array.from({ length: 12 }, (_, i) => `big ${i}`));
    expect(logs[0].message).toHaveLength(LOG_MESSAGE_MAX_LENGTH);
    expect(logs[0].stack).toHaveLength(LOG_STACK_MAX_LENGTH);
    expect(logger.pending()).toHaveLength(0);
  });

  it('drops a batch the server refuses as too large instead of retrying it for ever', async () => {
    const fetch = fakeFetch();
    const logger = makeLogger(fetch.fn);
    await logger.start();
    fetch.setFailing(true, 413);
    logger.error('refused');
    await logger.flush();
    expect(logger.pending()).toHaveLength(0);
    fetch.setFailing(false);
    logger.error('next');
    await logger.flush();
    expect(fetch.sent().map((c) => c.body.logs?.map((l) => l.message))).toEqual([['refused'], ['next']]);
    logger.stop();
  });

  it('records uncaught errors and unhandled rejections', async () => {
    const fetch = fakeFetch();
    const logger = makeLogger(fetch.fn);
    const uninstall = logger.installGlobalHandlers(window);
    window.dispatchEvent(new ErrorEvent('error', { message: 'x is undefined', error: new Error('x is undefined') }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('fetch failed') });
    window.dispatchEvent(rejection);
    uninstall();
    window.dispatchEvent(new ErrorEvent('error', { message: 'after uninstall' }));
    expect(logger.pending().map((e) => [e.type, e.message])).toEqual([
      ['error', 'x is undefined'],
      ['error', 'Unhandled promise rejection: fetch failed'],
    ]);
  });
});

describe('logger helpers', () => {
  it('names the stream after the environment and the date', () => {
    expect(logStreamName('prod', new Date('2026-12-31T23:59:59Z'))).toBe('prod-2026-12-31');
  });

  it('recognises the common browsers', () => {
    expect(browserName('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0')).toBe(
      'Edge',
    );
    expect(browserName('Mozilla/5.0 (X11; Linux) Gecko/20100101 Firefox/125.0')).toBe('Firefox');
    expect(browserName('Mozilla/5.0 (Macintosh) AppleWebKit/605 Version/17.4 Safari/605.1.15')).toBe('Safari');
    expect(browserName('Mozilla/5.0 (Linux) AppleWebKit/537.36 Chrome/124.0 Safari/537.36')).toBe('Chrome');
  });
});
