// Which push-subscription addresses the server may POST to: only the browsers' push services
// (PUSH_SERVICE_HOSTS), never an address of a caller's choosing inside the network.

/** Does `host` match one of the configured push services (`*.` = any subdomain)? */
function isPushServiceHost(host: string, allowed: readonly string[]): boolean {
  const name = host.toLowerCase();
  return allowed.some((pattern) => (pattern.startsWith('*.') ? name.endsWith(pattern.slice(1)) : name === pattern));
}

/** A DNS name of labels of letters, digits and inner hyphens, at least two of them. */
const DNS_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The endpoint is an https address of an allowed push service, read the same by any URL parser: its
 * host a plain DNS name (and port) written as such right after `https://`, without credentials. The web-push
 * library parses it again with Node's legacy parser, which read `https://127.0.0.1;.push.apple.com/`
 * as 127.0.0.1 where the WHATWG parser saw a host under push.apple.com.
 */
export function isPushEndpoint(endpoint: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname;
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    DNS_NAME.test(host) &&
    endpoint.toLowerCase().startsWith(`https://${url.host}/`) &&
    isPushServiceHost(host, allowed)
  );
}
