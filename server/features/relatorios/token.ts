import { SignJWT } from 'jose';
import type { Session } from '../../authz';
import type { Config } from '../../config';

/** How long the token an embedded report receives stays valid: long enough to load the frame. */
export const TOKEN_RELATORIO_TTL_SECONDS = 300;

/**
 * The short-lived token an embedded report receives (`token=` on its address), so an external BI
 * tool can filter by the reader's scope: a JWT signed with REPORT_TOKEN_SECRET (HS256), issued by
 * the portal (PUBLIC_URL) for the report's origin (`aud`), naming the user (`sub`), their type,
 * their brands (provider staff: every brand, whatever the list says), the dealers they work at (a
 * dealer group's user sees those only) and the report's slug.
 */
export async function assinarTokenRelatorio(
  config: Pick<Config, 'publicUrl' | 'reportTokenSecret'>,
  origem: string,
  slug: string,
  session: Pick<Session, 'usuarioId' | 'tipo'>,
  escopo: { marcas: number[]; dealers: number[] },
): Promise<string> {
  if (!config.reportTokenSecret) throw new Error('REPORT_TOKEN_SECRET is not set');
  return new SignJWT({ tipo: session.tipo, marcas: escopo.marcas, dealers: escopo.dealers, relatorio: slug })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(config.publicUrl)
    .setAudience(origem)
    .setSubject(String(session.usuarioId))
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_RELATORIO_TTL_SECONDS}s`)
    .sign(new TextEncoder().encode(config.reportTokenSecret));
}
