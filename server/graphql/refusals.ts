/**
 * Refused GraphQL requests (over a limit, or a body too large) per client address and minute. Past
 * `perMinute` of them, the address's next /graphql requests are answered 429 before their body is
 * read, so a client sending refused queries in a loop costs the server almost nothing and does not
 * slow anyone else. Kept in this process's memory, like the other rate limits.
 */
export interface RefusalBudget {
  note(address: string): void;
  /** Seconds until the address may send again; 0 when it may now. */
  waitFor(address: string): number;
}

const WINDOW_MS = 60_000;
const MAX_ADDRESSES = 100_000;

export function refusalBudget(perMinute: number, now: () => number = Date.now): RefusalBudget {
  const windows = new Map<string, { count: number; until: number }>();
  return {
    note(address) {
      const time = now();
      const window = windows.get(address);
      if (window && window.until > time) {
        window.count++;
        return;
      }
      windows.delete(address);
      windows.set(address, { count: 1, until: time + WINDOW_MS });
      if (windows.size > MAX_ADDRESSES) windows.delete(windows.keys().next().value!);
    },
    waitFor(address) {
      const window = windows.get(address);
      const time = now();
      if (!window || window.until <= time || window.count < perMinute) return 0;
      return Math.ceil((window.until - time) / 1000);
    },
  };
}
