import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assinarLink, definirSegredoLinks, verificarLink } from './links';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';

beforeEach(() => definirSegredoLinks(SECRET));
afterEach(() => vi.useRealTimers());

/** The token with its payload replaced by `payload` (base64url JSON) and the signature kept. */
function withPayload(token: string, payload: unknown) {
  return `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${token.split('.')[1]}`;
}

describe('signed download links', () => {
  it('answer the user and target they were signed for until they expire', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z') });
    const token = assinarLink({ usuarioId: 42, alvo: 'item:7' }, 60);
    expect(verificarLink(token)).toEqual({
      usuarioId: 42,
      alvo: 'item:7',
      emitidoEm: Date.parse('2026-11-27T10:00:00Z'),
    });
    vi.setSystemTime(new Date('2026-11-27T10:00:59.999Z'));
    expect(verificarLink(token)).toEqual({
      usuarioId: 42,
      alvo: 'item:7',
      emitidoEm: Date.parse('2026-11-27T10:00:00Z'),
    });
    vi.setSystemTime(new Date('2026-11-27T10:01:00Z'));
    expect(verificarLink(token)).toBeNull();
  });

  it('carry no storage path, only what they were given', () => {
    const token = assinarLink({ usuarioId: 3, alvo: 'arquivo:9' }, 30);
    const payload = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8')) as object;
    expect(Object.keys(payload).sort()).toEqual(['a', 'e', 'i', 'u']);
    expect(payload).toMatchObject({ u: 3, a: 'arquivo:9' });
  });

  it('refuse a payload altered after signing: another user, another target, a later expiry', () => {
    const token = assinarLink({ usuarioId: 42, alvo: 'item:7' }, 60);
    const payload = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8')) as {
      u: number;
      a: string;
      e: number;
    };
    expect(verificarLink(withPayload(token, { ...payload, u: 43 }))).toBeNull();
    expect(verificarLink(withPayload(token, { ...payload, a: 'item:8' }))).toBeNull();
    expect(verificarLink(withPayload(token, { ...payload, e: payload.e + 3_600_000 }))).toBeNull();
  });

  it('refuse a signature made with another secret, or altered', () => {
    const token = assinarLink({ usuarioId: 1, alvo: 'item:1' }, 60);
    definirSegredoLinks('another-secret-of-at-least-thirty-two-characters');
    expect(verificarLink(token)).toBeNull();
    definirSegredoLinks(SECRET);
    expect(verificarLink(token)).not.toBeNull();
    const [corpo, sig] = token.split('.');
    const flipped = `${corpo}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    expect(verificarLink(flipped)).toBeNull();
    // A shorter or longer signature is refused without comparing (timingSafeEqual needs equal lengths).
    expect(verificarLink(`${corpo}.${sig.slice(0, -2)}`)).toBeNull();
    expect(verificarLink(`${corpo}.${sig}AA`)).toBeNull();
  });

  it('refuse anything that is not a token', () => {
    for (const junk of ['', '.', 'abc', 'a.b.c', 'é.ü', `${'a'.repeat(5000)}.b`, 'eyJ1IjoxfQ.']) {
      expect(verificarLink(junk)).toBeNull();
    }
    expect(verificarLink(undefined as unknown as string)).toBeNull();
  });

  it('are not made without a positive lifetime or a user id', () => {
    expect(() => assinarLink({ usuarioId: 1, alvo: 'x' }, 0)).toThrow();
    expect(() => assinarLink({ usuarioId: 1, alvo: 'x' }, -5)).toThrow();
    expect(() => assinarLink({ usuarioId: 1, alvo: 'x' }, Infinity)).toThrow();
    expect(() => assinarLink({ usuarioId: 1.5, alvo: 'x' }, 10)).toThrow();
  });
});
