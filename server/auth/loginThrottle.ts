/** The form of an e-mail that limits and look-ups use: ' Ana@X.com ' and 'ana@x.com' are one account. */
export const normalizeEmail = (email: unknown) =>
  String(email ?? '')
    .trim()
    .toLowerCase();

export interface LoginThrottleOptions {
  /** Attempts of one e-mail, from any address, before it has to wait. */
  failures: number;
  /** First wait in seconds; each further attempt doubles it, up to `backoffMaxSeconds`. */
  backoffSeconds: number;
  backoffMaxSeconds: number;
  /** An e-mail with no attempt for this long starts afresh. */
  forgetSeconds?: number;
  /** Entries kept at most (spraying many e-mails must not grow memory without bound). */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  attempts: number;
  until: number;
  last: number;
}

/**
 * Per-account sign-in limit with exponential backoff, in this process's memory. Every attempt
 * counts when it starts (so a burst of parallel guesses cannot all slip in before the first one
 * fails), a successful sign-in forgets the e-mail, and after `failures` attempts the e-mail must
 * wait `backoffSeconds`, then twice as long after each further attempt. Unknown e-mails are
 * counted exactly like known ones, so the answer does not tell whether an account exists.
 */
export function createLoginThrottle(options: LoginThrottleOptions) {
  const now = options.now ?? Date.now;
  const forgetMs = (options.forgetSeconds ?? Math.max(3600, options.backoffMaxSeconds * 2)) * 1000;
  const maxEntries = options.maxEntries ?? 100_000;
  const entries = new Map<string, Entry>();

  return {
    /** Counts an attempt of this e-mail; answers how many seconds it must still wait (0: go on). */
    attempt(email: string): number {
      const t = now();
      let entry = entries.get(email);
      if (entry && t - entry.last > forgetMs && entry.until <= t) entry = undefined;
      if (entry && entry.until > t) return Math.ceil((entry.until - t) / 1000);
      entry ??= { attempts: 0, until: 0, last: t };
      entry.attempts++;
      entry.last = t;
      const over = entry.attempts - options.failures;
      if (over >= 0) {
        entry.until = t + Math.min(options.backoffSeconds * 2 ** over, options.backoffMaxSeconds) * 1000;
      }
      // Re-insert so the map's order is least recently attempted first, then trim the oldest.
      entries.delete(email);
      entries.set(email, entry);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return 0;
    },
    /** The right password: the e-mail starts afresh. */
    succeeded(email: string) {
      entries.delete(email);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
