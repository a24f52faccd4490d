// Where Web Push is offered, and how this browser subscribes.
import { pushPublicKey } from './pushKey';

/**
 * Spec section 7: the app subscribes "except in one browser family", which the spec does not
 * name. We read it as Apple's WebKit: Safari, and every browser on iPhone and iPad (they must use
 * WebKit), where push reaches only a web app added to the home screen. Chromium browsers (Chrome,
 * Edge, Opera, Samsung) carry "Chrome/" beside "AppleWebKit"; Firefox on a computer has no WebKit.
 */
export function isExcludedBrowser(userAgent: string): boolean {
  return /AppleWebKit\//.test(userAgent) && !/(Chrome|Chromium)\//.test(userAgent);
}

/** Can this browser receive the portal's pushes at all (whatever the user chose)? */
export function pushSupported(): boolean {
  return (
    pushPublicKey() !== null &&
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    !isExcludedBrowser(navigator.userAgent)
  );
}

/** The key a "not now" or a blocked prompt is remembered under, so the offer is not repeated. */
export const PUSH_DECLINED_KEY = 'portal.push.recusado';

export function pushDeclined(): boolean {
  try {
    return window.localStorage.getItem(PUSH_DECLINED_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberPushDeclined(declined: boolean): void {
  try {
    if (declined) window.localStorage.setItem(PUSH_DECLINED_KEY, '1');
    else window.localStorage.removeItem(PUSH_DECLINED_KEY);
  } catch {
    // Storage refused (private mode): the offer may come back, nothing else changes.
  }
}

/** The VAPID key as PushManager.subscribe takes it. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((value, i) => value === b[i]);

/**
 * This browser's subscription with the server's key: the one it has, or a new one (an old one made
 * with another key is dropped first). Registers the service worker (/sw.js, scope /).
 */
export async function subscribeThisBrowser(key: string): Promise<PushSubscriptionJSON> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const applicationServerKey = keyBytes(key);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  return subscription.toJSON();
}

/** This browser's current subscription, if any (no prompt, no registration). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}
