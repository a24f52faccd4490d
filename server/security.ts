import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';

/**
 * The Content-Security-Policy of every answer: the built app, our sign-in pages and oidc-provider's
 * own pages. Scripts only from our origin, never inline (the sign-out page submits itself with an
 * external script). Styles allow 'unsafe-inline': MUI's emotion inserts <style> elements at run
 * time and React renders style attributes; the sign-in pages carry one <style> block.
 */
export function cspDirectives(config: Config): Record<string, string[]> {
  const https = new URL(config.publicUrl).protocol === 'https:';
  const publicOrigin = new URL(config.publicUrl).origin;
  // The browser talks to an external issuer itself (discovery, token, JWKS, silent renew).
  const issuer = config.embeddedOidc ? [] : [new URL(config.oidcIssuer).origin];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Favicons, brand logos and slides may live on another https host; data: for inline icons.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...issuer],
    // Embedded reports (issue #31) only from the origins configured for them.
    'frame-src': ["'self'", ...issuer, ...config.reportFrameOrigins],
    // Sign-in and sign-out forms post to our origin, which redirects back to PUBLIC_URL.
    'form-action': ["'self'", publicOrigin],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every answer (helmet sets them on the raw response in an onRequest hook, so
 * oidc-provider's hijacked answers carry them too) and CORS for PUBLIC_URL's origin and
 * CORS_ORIGINS only, with credentials; any other Origin gets no Access-Control-Allow-Origin.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const https = new URL(config.publicUrl).protocol === 'https:';
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // Only over https: a browser keeps HSTS for the host, so an http deployment must not send it.
    // Not includeSubDomains: the portal's host does not decide for its sibling hosts.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // Full referrer inside the portal, none to other sites (URLs may hold a reset token or a code).
    // Unlike no-referrer it keeps the Origin header of our own form posts.
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
  });
}
