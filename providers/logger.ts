import type { LogType } from '../domain/enums';
import {
  LOG_BATCH_MAX_ENTRIES,
  LOG_BUFFER_FLUSH_MS,
  LOG_BUFFER_MAX_ENTRIES,
  LOG_MESSAGE_MAX_LENGTH,
  LOG_REQUEST_MAX_BYTES,
  LOG_STACK_MAX_LENGTH,
  USER_AGENT_MAX_LENGTH,
} from '../domain/limits';

/** One entry of the client log (spec sections 3 and 9). */
export interface LogEntry {
  /** Milliseconds since the epoch. */
  timestamp: number;
  type: LogType;
  message: string;
  stack?: string;
  metadata: { browserName: string; endpoint: string; appVersion: string; deviceModel: string };
}

export interface LoggerOptions {
  logGroupName: string;
  environment: string;
  appVersion: string;
  /**
   * The signed-in user's access token, sent as `Authorization: Bearer` (the server's log key never
   * reaches the browser). Null before sign-in: entries wait in the buffer (bounded by maxBuffered)
   * and go with the first flush that has a token, so start-up and sign-in errors are not lost; a
   * visitor who never signs in (e.g. the forgot-password page) never sends any.
   */
  getAccessToken: () => Promise<string | null>;
  /** Origin of /sendLogs and /createGroupAndLogStream (default: this page's origin). */
  baseUrl?: string;
  /** Entries kept while the log service cannot be reached; the oldest are dropped beyond it. */
  maxBuffered?: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

export interface Logger {
  error(message: string, error?: unknown): void;
  warn(message: string, error?: unknown): void;
  info(message: string): void;
  /** Sends the buffered entries now (resolves when done, never rejects). */
  flush(): Promise<void>;
  /** Creates the day's log stream and starts the periodic flush. */
  start(): Promise<void>;
  stop(): void;
  /** Captures `window.onerror` and unhandled promise rejections; returns the uninstaller. */
  installGlobalHandlers(target?: Window): () => void;
  /** Entries waiting to be sent (for tests and diagnostics). */
  pending(): readonly LogEntry[];
}

export const LOG_BUFFER_MAX_KEPT = 200;

export function browserName(userAgent: string): string {
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return 'Edge';
  if (/OPR\/|Opera/.test(userAgent)) return 'Opera';
  if (/SamsungBrowser\//.test(userAgent)) return 'Samsung Internet';
  if (/Firefox\/|FxiOS\//.test(userAgent)) return 'Firefox';
  if (/Chrome\/|CriOS\/|Chromium\//.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return 'Unknown';
}

/** `<environment>-<yyyy-mm-dd>` (UTC date). */
export function logStreamName(environment: string, date: Date): string {
  return `${environment}-${date.toISOString().slice(0, 10)}`;
}

function describe(error: unknown): { message?: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  if (error === undefined) return {};
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) };
  } catch {
    return { message: String(error) };
  }
}

/** Answers after which a batch is dropped rather than kept for the next flush. */
const REFUSED_FOR_GOOD = [400, 413];

/** Room for the call's other fields (group and stream names up to 512 characters each). */
const ENVELOPE_BYTES = 2_048;

/** Splits entries into calls under the server's body limit and entry count. */
function chunksOf(entries: LogEntry[]): LogEntry[][] {
  const encoder = new TextEncoder();
  const chunks: LogEntry[][] = [];
  let chunk: LogEntry[] = [];
  let bytes = ENVELOPE_BYTES;
  for (const entry of entries) {
    const size = encoder.encode(JSON.stringify(entry)).length + 1;
    if (chunk.length > 0 && (bytes + size > LOG_REQUEST_MAX_BYTES || chunk.length >= LOG_BATCH_MAX_ENTRIES)) {
      chunks.push(chunk);
      chunk = [];
      bytes = ENVELOPE_BYTES;
    }
    chunk.push(entry);
    bytes += size;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/**
 * The client log of spec section 9: entries are buffered and sent with `POST /sendLogs` when
 * LOG_BUFFER_MAX_ENTRIES are waiting or every LOG_BUFFER_FLUSH_MS; a failed send keeps them for the
 * next attempt. The stream (`<environment>-<date>`) is created once per day name.
 */
export function createLogger(options: LoggerOptions): Logger {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const now = options.now ?? (() => new Date());
  const maxKept = options.maxBuffered ?? LOG_BUFFER_MAX_KEPT;
  const base = options.baseUrl ?? window.location.origin;
  const userAgent = (typeof navigator !== 'undefined' ? navigator.userAgent : '').slice(0, USER_AGENT_MAX_LENGTH);

  let buffer: LogEntry[] = [];
  let sending: Promise<void> | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  // After a failed send, wait for the timer rather than retrying on every new entry.
  let backingOff = false;
  const streams = new Map<string, Promise<void>>();

  const post = async (path: string, body: unknown, token: string) => {
    const response = await doFetch(new URL(path, base).href, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      keepalive: true,
    });
    if (!response.ok)
      throw Object.assign(new Error(`${path} answered ${response.status}`), { status: response.status });
  };

  const ensureStream = (name: string, token: string): Promise<void> => {
    let created = streams.get(name);
    if (!created) {
      created = post(
        '/createGroupAndLogStream',
        { logGroupName: options.logGroupName, logStreamName: name, tags: { appVersion: options.appVersion } },
        token,
      );
      // Try again at the next flush if it failed.
      created.catch(() => streams.delete(name));
      streams.set(name, created);
    }
    return created;
  };

  const sendOnce = async () => {
    if (buffer.length === 0) return;
    // Not signed in (yet): keep the entries for a later flush.
    const token = await options.getAccessToken().catch(() => null);
    if (!token || buffer.length === 0) return;
    const batch = buffer;
    buffer = [];
    let sent = 0;
    try {
      const stream = logStreamName(options.environment, now());
      await ensureStream(stream, token);
      // Several calls when the batch would pass the server's body limit.
      for (const chunk of chunksOf(batch)) {
        try {
          await post('/sendLogs', { logGroupName: options.logGroupName, logStreamName: stream, logs: chunk }, token);
        } catch (error) {
          // Refused as too large or malformed: sending it again would fail again and hold back the rest.
          if (!REFUSED_FOR_GOOD.includes((error as { status?: number }).status ?? 0)) throw error;
        }
        sent += chunk.length;
      }
      backingOff = false;
    } catch {
      backingOff = true;
      // Keep what was not sent (before anything logged meanwhile) for the next flush, within bounds.
      buffer = [...batch.slice(sent), ...buffer].slice(-maxKept);
      throw new Error('send failed');
    }
  };

  const flush = (): Promise<void> => {
    if (sending) return sending;
    sending = (async () => {
      try {
        await sendOnce();
        // Entries that arrived during the send and already fill a batch go right away.
        while (buffer.length >= LOG_BUFFER_MAX_ENTRIES) await sendOnce();
      } catch {
        // Never let logging break the app; the entries stay buffered.
      } finally {
        sending = null;
      }
    })();
    return sending;
  };

  const add = (type: LogType, message: string, error?: unknown) => {
    const details = describe(error);
    const text = details.message && details.message !== message ? `${message}: ${details.message}` : message;
    buffer.push({
      timestamp: now().getTime(),
      type,
      message: text.slice(0, LOG_MESSAGE_MAX_LENGTH),
      ...(details.stack ? { stack: details.stack.slice(0, LOG_STACK_MAX_LENGTH) } : {}),
      metadata: {
        browserName: browserName(userAgent),
        // Without the query string: it may hold a password-reset token or a sign-in code.
        endpoint: typeof window !== 'undefined' ? window.location.origin + window.location.pathname : '',
        appVersion: options.appVersion,
        deviceModel: userAgent,
      },
    });
    if (buffer.length > maxKept) buffer = buffer.slice(-maxKept);
    if (buffer.length >= LOG_BUFFER_MAX_ENTRIES && !sending && !backingOff) void flush();
  };

  return {
    error: (message, error) => add('error', message, error),
    warn: (message, error) => add('warn', message, error),
    info: (message) => add('info', message),
    flush,
    async start() {
      if (!timer) {
        timer = setInterval(() => {
          if (buffer.length > 0) void flush();
        }, LOG_BUFFER_FLUSH_MS);
      }
      const token = await options.getAccessToken().catch(() => null);
      if (token) await ensureStream(logStreamName(options.environment, now()), token).catch(() => undefined);
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
    installGlobalHandlers(target: Window = window) {
      const onError = (event: ErrorEvent) =>
        add('error', event.message || 'Uncaught error', event.error ?? `${event.filename}:${event.lineno}`);
      const onRejection = (event: PromiseRejectionEvent) => add('error', 'Unhandled promise rejection', event.reason);
      const onHide = () => {
        if (target.document.visibilityState === 'hidden') void flush();
      };
      target.addEventListener('error', onError);
      target.addEventListener('unhandledrejection', onRejection);
      target.document.addEventListener('visibilitychange', onHide);
      return () => {
        target.removeEventListener('error', onError);
        target.removeEventListener('unhandledrejection', onRejection);
        target.document.removeEventListener('visibilitychange', onHide);
      };
    },
    pending: () => [...buffer],
  };
}

let current: Logger | undefined;

/** Sets the app's logger (at start-up, once the configuration is known). */
export function setLogger(logger: Logger | undefined): void {
  current = logger;
}

/** The app's logger; before start-up (or in tests) it writes to the console only. */
export const log = {
  error(message: string, error?: unknown) {
    console.error(message, error ?? '');
    current?.error(message, error);
  },
  warn(message: string, error?: unknown) {
    console.warn(message, error ?? '');
    current?.warn(message, error);
  },
  info(message: string) {
    current?.info(message);
  },
};
