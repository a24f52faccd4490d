import type { IdentityServerConfig } from '../providers/authProvider';
import { getPublicJson } from '../providers/publicRoutes';

/** GET /config.json */
export interface StartupConfig {
  identityServer: IdentityServerConfig;
  /** The public Web Push key (VAPID, base64url); null when the server has none. */
  manifest?: { publicKey: string | null };
  properties: { appVersion: string; environment: string; logGroupName: string };
}

/** GET /portalProperties (the fields the shell reads; the server sends more). */
export interface PortalProperties {
  favicon: string | null;
  name: string;
  realm: string;
  [key: string]: unknown;
}

export interface Startup {
  config: StartupConfig;
  portalProperties: PortalProperties;
}

const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function checkConfig(value: unknown): StartupConfig {
  const config = value as Partial<StartupConfig> | null;
  const ids = config?.identityServer;
  const props = config?.properties;
  if (!ids || !isString(ids.authority) || !isString(ids.clientId) || !isString(ids.scope)) {
    throw new Error('config.json: identityServer { authority, clientId, scope } is required');
  }
  if (!props || typeof props !== 'object') throw new Error('config.json: properties is required');
  return config as StartupConfig;
}

function checkPortalProperties(value: unknown): PortalProperties {
  const props = value as Partial<PortalProperties> | null;
  if (!props || typeof props !== 'object' || typeof props.name !== 'string') {
    throw new Error('portalProperties: name is required');
  }
  return props as PortalProperties;
}

/** The start-up load: any failure here shows the maintenance page instead of the app. */
export async function loadStartup(signal?: AbortSignal): Promise<Startup> {
  const [config, portalProperties] = await Promise.all([
    getPublicJson('/config.json', signal).then(checkConfig),
    getPublicJson('/portalProperties', signal).then(checkPortalProperties),
  ]);
  return { config, portalProperties };
}

/** The portal's name is the page title and its favicon the page icon. */
export function applyPortalProperties(props: PortalProperties, doc: Document = document): void {
  if (props.name) doc.title = props.name;
  if (props.favicon) {
    let link = doc.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    if (!link) {
      link = doc.createElement('link');
      link.rel = 'icon';
      doc.head.appendChild(link);
    }
    link.href = props.favicon;
  }
}
