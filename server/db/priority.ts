import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Requests before background work on the database (issue #25). The job runner runs every job (and
 * pg-boss's own bookkeeping) inside `inBackground`; anything else (an API request, a sign-in) is
 * interactive. Every statement and transaction passes through the database's PriorityGate:
 * - background work waits while interactive work waits, while an API request is in flight (so it
 *   does not slip between the statements of one request) and for `graceMs` after one ended (a page
 *   sends its requests in bursts, and the next one, arriving a moment later, would wait for a whole
 *   background transaction), for at most `maxDeferMs` at a time;
 * - on the embedded database (one connection) the gate is also exclusive: one statement or one
 *   transaction at a time, a waiting interactive one first. A transaction holds the connection until
 *   it ends, so background work runs in short transactions.
 */

const background = new AsyncLocalStorage<true>();

/** Runs `fn` (and everything it starts) as background work: its statements yield to requests. */
export function inBackground<T>(fn: () => T): T {
  return background.run(true, fn);
}

/** Whether the caller runs inside `inBackground`. */
export const isBackground = () => background.getStore() === true;

/** Figures of a gate (the bench prints them): how long background work held the database. */
export interface GateStats {
  interactive: number;
  background: number;
  /** Background statements let in while a request was in flight, after waiting maxDeferMs. */
  backgroundForced: number;
  /** The longest single statement or transaction of background work, in ms. */
  longestBackgroundMs: number;
  /** Background holds of at least this many ms. */
  backgroundOver: Record<number, number>;
}

const OVER = [5, 10, 25, 50];

interface Waiter {
  grant: () => void;
  since: number;
}

export interface GateOptions {
  /** One holder at a time (the embedded database's single connection). */
  exclusive: boolean;
  /** Longest a background statement waits for requests in flight before it goes anyway (starvation bound). */
  maxDeferMs?: number;
  /** How long after a request ended background work still waits for the next one. */
  graceMs?: number;
}

export class PriorityGate {
  private busy = false;
  private inFlight = 0;
  private lastRequestEnded = -Infinity;
  private requestsStarted = 0;
  private readonly interactive: Waiter[] = [];
  private readonly deferred: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;
  private wakeAt = 0;
  private readonly exclusive: boolean;
  private readonly maxDeferMs: number;
  private readonly graceMs: number;
  readonly stats: GateStats = {
    interactive: 0,
    background: 0,
    backgroundForced: 0,
    longestBackgroundMs: 0,
    backgroundOver: Object.fromEntries(OVER.map((ms) => [ms, 0])),
  };

  constructor({ exclusive, maxDeferMs = 500, graceMs = 10 }: GateOptions) {
    this.exclusive = exclusive;
    this.maxDeferMs = maxDeferMs;
    this.graceMs = graceMs;
  }

  /**
   * A probe for a job: whether a request is in flight or started since the probe's previous call (or
   * since the probe was made). Requests are not seen while the embedded database runs a statement
   * (it blocks the event loop), so a time window would miss those that waited for the job.
   */
  requestProbe(): () => boolean {
    let seen = this.requestsStarted;
    return () => {
      const came = this.inFlight > 0 || this.requestsStarted !== seen;
      seen = this.requestsStarted;
      return came;
    };
  }

  /** An API request begins: background work waits until it ends (call the returned function, once or more). */
  requestStarted(): () => void {
    this.inFlight++;
    this.requestsStarted++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight--;
      this.lastRequestEnded = performance.now();
      this.pump();
    };
  }

  /** Runs `fn` through the gate: background when the caller's context says so, unless told. */
  async run<T>(fn: () => Promise<T>, low = isBackground()): Promise<T> {
    const holds = this.exclusive || low;
    // First a turn of the event loop: PGlite runs in this thread and a job's statements could
    // follow each other in microtasks alone, so a request that arrived meanwhile would not even be
    // read (and counted in flight) before the job's work ended.
    if (low) await new Promise<void>((resolve) => setImmediate(resolve));
    if (holds) await this.acquire(low);
    const started = performance.now();
    try {
      return await fn();
    } finally {
      if (low) this.record(performance.now() - started);
      else this.stats.interactive++;
      if (this.exclusive) this.busy = false;
      if (holds) this.pump();
    }
  }

  /** Waiting work: interactive and background. */
  get waiting() {
    return { interactive: this.interactive.length, background: this.deferred.length };
  }

  private acquire(low: boolean): Promise<void> {
    return new Promise<void>((grant) => {
      (low ? this.deferred : this.interactive).push({ grant, since: performance.now() });
      this.pump();
    });
  }

  /** Grants what may go now: interactive work first; background work when nothing interactive waits or runs. */
  private pump() {
    for (;;) {
      if (this.exclusive && this.busy) return;
      const first = this.interactive.shift();
      if (first) {
        if (this.exclusive) this.busy = true;
        first.grant();
        continue;
      }
      const next = this.deferred[0];
      if (!next) return;
      const now = performance.now();
      const waited = now - next.since;
      const quiet = now - this.lastRequestEnded;
      const requests = this.inFlight > 0 || quiet < this.graceMs;
      if (requests && waited < this.maxDeferMs) {
        // Again when the grace after the last request is over, when the oldest background statement
        // has waited long enough, or when a request ends.
        const untilForced = this.maxDeferMs - waited;
        this.wakeIn(this.inFlight > 0 ? untilForced : Math.min(untilForced, this.graceMs - quiet));
        return;
      }
      if (requests) this.stats.backgroundForced++;
      this.deferred.shift();
      if (this.exclusive) this.busy = true;
      next.grant();
    }
  }

  private wakeIn(ms: number) {
    if (this.timer) {
      if (this.wakeAt <= performance.now() + ms) return;
      clearTimeout(this.timer);
    }
    this.wakeAt = performance.now() + ms;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pump();
    }, ms);
    this.timer.unref();
  }

  private record(ms: number) {
    const { stats } = this;
    stats.background++;
    if (ms > stats.longestBackgroundMs) stats.longestBackgroundMs = ms;
    for (const over of OVER) if (ms >= over) stats.backgroundOver[over]++;
  }
}
