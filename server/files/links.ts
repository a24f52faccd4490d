import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { keepSecret } from '../auth/secrets';
import type { Config } from '../config';
import type { Db } from '../db/client';

/**
 * Short-lived signed download links: `<payload>.<signature>`, both base64url, the payload
 * `{ u: usuarioId, a: alvo, i: issued at, e: expiry, both in ms }` signed with HMAC-SHA-256. The payload is readable
 * (signed, not encrypted): `alvo` names what the link downloads by id (e.g. `item:42`), never a
 * storage key or path. Whoever serves the link checks that the caller is `usuarioId` and may still
 * reach `alvo`, and that the user has not ended their sessions since `i` (a link dies with the
 * sessions it was given to). The key comes from DOWNLOAD_LINK_SECRET, or from a secret generated once and kept
 * in the database (every process of a deployment signs and checks alike).
 */
export interface LinkPayload {
  usuarioId: number;
  alvo: string;
}

/** A verified link: its payload and when it was issued (ms since the epoch). */
export interface LinkVerificado extends LinkPayload {
  emitidoEm: number;
}

let chave: Buffer | null = null;

/** Derives the signing key from `secret`; buildApp calls it (carregarSegredoLinks), tests may too. */
export function definirSegredoLinks(secret: string) {
  chave = Buffer.from(hkdfSync('sha256', secret, '', 'portal download links', 32));
}

/** The links' secret of this deployment: configured, or generated once and kept in the database. */
export async function carregarSegredoLinks(db: Db, config: Pick<Config, 'downloadLinkSecret'>) {
  definirSegredoLinks(
    config.downloadLinkSecret ??
      (await keepSecret(db, 'arquivos.links', async () => randomBytes(32).toString('base64url'))),
  );
}

function assinatura(corpo: string): Buffer {
  if (!chave) throw new Error('download links have no secret yet (carregarSegredoLinks)');
  return createHmac('sha256', chave).update(corpo).digest();
}

/** A link token for `payload`, valid for `ttlSeconds`. */
export function assinarLink(payload: LinkPayload, ttlSeconds: number): string {
  if (!Number.isSafeInteger(payload.usuarioId) || typeof payload.alvo !== 'string') {
    throw new Error('a link names a user id and a target');
  }
  if (!(ttlSeconds > 0) || !Number.isFinite(ttlSeconds)) throw new Error('a link lives a positive number of seconds');
  const agora = Date.now();
  const corpo = Buffer.from(
    JSON.stringify({ u: payload.usuarioId, a: payload.alvo, i: agora, e: agora + Math.round(ttlSeconds * 1000) }),
  ).toString('base64url');
  return `${corpo}.${assinatura(corpo).toString('base64url')}`;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** What a valid, unexpired token was signed for; null for anything forged, altered, expired or malformed. */
export function verificarLink(token: string): LinkVerificado | null {
  if (typeof token !== 'string' || token.length > 4096) return null;
  const partes = token.split('.');
  if (partes.length !== 2 || !BASE64URL.test(partes[0]) || !BASE64URL.test(partes[1])) return null;
  const [corpo, dada] = partes;
  const esperada = assinatura(corpo);
  const recebida = Buffer.from(dada, 'base64url');
  if (recebida.length !== esperada.length || !timingSafeEqual(recebida, esperada)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(corpo, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const { u, a, i, e } = (payload ?? {}) as { u?: unknown; a?: unknown; i?: unknown; e?: unknown };
  if (!Number.isSafeInteger(u) || typeof a !== 'string' || typeof i !== 'number' || typeof e !== 'number') return null;
  if (Date.now() >= e) return null;
  return { usuarioId: u as number, alvo: a, emitidoEm: i };
}
