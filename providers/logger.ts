import type { LogType } from '../domain/enums';
import { LOG_BUFFER_FLUSH_MS, LOG_BUFFER_MAX_ENTRIES, USER_AGENT_MAX_LENGTH } from '../domain/limits';

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
  /** Sent as the `api-key` header. */
  apiKey: string;
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
  const headers = { 'content-type': 'application/json', 'api-key': options.apiKey };

  let buffer: LogEntry[] = [];
  let sending: Promise<void> | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  // After a failed send, wait for the timer rather than retrying on every new entry.
  let backingOff = false;
  const streams = new Map<string, Promise<void>>();

  const post = async (path: string, body: unknown) => {
    const response = await doFetch(new URL(path, base).href, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      keepalive: true,
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  };

  const ensureStream = (name: string): Promise<void> => {
    let created = streams.get(name);
    if (!created) {
      created = post('/createGroupAndLogStream', {
        logGroupName: options.logGroupName,
        logStreamName: name,
        tags: { appVersion: options.appVersion },
      });
      // Try again at the next flush if it failed.
      created.catch(() => streams.delete(name));
      streams.set(name, created);
    }
    return created;
  };

  const sendOnce = async () => {
    if (buffer.length === 0) return;
    const batch = buffer;
    buffer = [];
    try {
      const stream = logStreamName(options.environment, now());
      await ensureStream(stream);
      await post('/sendLogs', { logGroupName: options.logGroupName, logStreamName: stream, logs: batch });
      backingOff = false;
    } catch {
      backingOff = true;
      // Keep the batch (before anything logged meanwhile) for the next flush, within bounds.
      buffer = [...batch, ...buffer].slice(-maxKept);
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
      message: text,
      ...(details.stack ? { stack: details.stack } : {}),
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
      await ensureStream(logStreamName(options.environment, now())).catch(() => undefined);
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
