import { describe, expect, it } from 'vitest';
import { issuedBeforeSessionsEnded, SESSIONS_ENDED_CLAIM } from './session';

describe('tokens issued before the sessions ended', () => {
  const ended = new Date('2026-11-26T12:00:00.250Z');

  it('accepts every token of a user who never ended them', () => {
    expect(issuedBeforeSessionsEnded({ iat: 1, [SESSIONS_ENDED_CLAIM]: 0 }, null)).toBe(false);
  });

  it('judges the embedded provider’s tokens by the mark they were issued under, to the millisecond', () => {
    const iat = Math.floor(ended.getTime() / 1000);
    expect(issuedBeforeSessionsEnded({ iat, [SESSIONS_ENDED_CLAIM]: 0 }, ended)).toBe(true);
    expect(issuedBeforeSessionsEnded({ iat, [SESSIONS_ENDED_CLAIM]: ended.getTime() - 1 }, ended)).toBe(true);
    // Issued in the same second, after the end: it carries the new mark.
    expect(issuedBeforeSessionsEnded({ iat, [SESSIONS_ENDED_CLAIM]: ended.getTime() }, ended)).toBe(false);
  });

  it('judges another issuer’s tokens by iat, counting the second of the end as before it', () => {
    const second = Math.floor(ended.getTime() / 1000);
    expect(issuedBeforeSessionsEnded({ iat: second - 1 }, ended)).toBe(true);
    expect(issuedBeforeSessionsEnded({ iat: second }, ended)).toBe(true);
    expect(issuedBeforeSessionsEnded({ iat: second + 1 }, ended)).toBe(false);
    expect(issuedBeforeSessionsEnded({}, ended)).toBe(true);
  });

  it('judges them by auth_time when they carry it: a token refreshed after the end from an older session is refused', () => {
    const second = Math.floor(ended.getTime() / 1000);
    expect(issuedBeforeSessionsEnded({ iat: second + 60, auth_time: second - 600 }, ended)).toBe(true);
    expect(issuedBeforeSessionsEnded({ iat: second + 60, auth_time: second + 30 }, ended)).toBe(false);
  });
});
