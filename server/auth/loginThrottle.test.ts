import { describe, expect, it } from 'vitest';
import { createLoginThrottle, normalizeEmail } from './loginThrottle';

describe('per-account sign-in throttle', () => {
  it('lets N attempts through, then doubles the wait after each further attempt, up to the max', () => {
    let now = 0;
    const throttle = createLoginThrottle({ failures: 3, backoffSeconds: 30, backoffMaxSeconds: 100, now: () => now });
    expect([1, 2, 3].map(() => throttle.attempt('a@x'))).toEqual([0, 0, 0]);
    expect(throttle.attempt('a@x')).toBe(30);
    now += 10_000;
    expect(throttle.attempt('a@x')).toBe(20);
    now += 20_000;
    expect(throttle.attempt('a@x')).toBe(0);
    expect(throttle.attempt('a@x')).toBe(60);
    now += 60_000;
    expect(throttle.attempt('a@x')).toBe(0);
    expect(throttle.attempt('a@x')).toBe(100);
    expect(throttle.attempt('b@x')).toBe(0);
  });

  it('forgets an account after a success, or after a long quiet time', () => {
    let now = 0;
    const throttle = createLoginThrottle({
      failures: 2,
      backoffSeconds: 30,
      backoffMaxSeconds: 60,
      forgetSeconds: 600,
      now: () => now,
    });
    throttle.attempt('a@x');
    throttle.succeeded('a@x');
    expect([throttle.attempt('a@x'), throttle.attempt('a@x'), throttle.attempt('a@x')]).toEqual([0, 0, 30]);
    now += 601_000;
    expect([throttle.attempt('a@x'), throttle.attempt('a@x'), throttle.attempt('a@x')]).toEqual([0, 0, 30]);
  });

  it('keeps at most maxEntries accounts, dropping the least recently attempted', () => {
    const throttle = createLoginThrottle({ failures: 1, backoffSeconds: 30, backoffMaxSeconds: 60, maxEntries: 2 });
    throttle.attempt('a@x');
    throttle.attempt('b@x');
    throttle.attempt('c@x');
    expect(throttle.attempt('a@x')).toBe(0);
    expect(throttle.attempt('c@x')).toBe(30);
  });

  it('normalises e-mails by trimming and lower-casing', () => {
    expect(normalizeEmail('  Ana@Portal.TEST ')).toBe('ana@portal.test');
    expect(normalizeEmail(undefined)).toBe('');
  });
});
