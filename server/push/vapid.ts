import webpush from 'web-push';
import { keepSecret } from '../auth/secrets';
import type { Config } from '../config';
import type { Db } from '../db/client';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const cache = new WeakMap<Db, Promise<VapidKeys>>();

/**
 * The server's VAPID key pair (base64url): VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when configured,
 * otherwise generated on first start and kept in `segredos`, so every process and every restart
 * signs with the same pair (a new pair would orphan every browser's subscription).
 */
export function vapidKeys(db: Db, config: Pick<Config, 'push'>): Promise<VapidKeys> {
  if (config.push.vapid) return Promise.resolve(config.push.vapid);
  let keys = cache.get(db);
  if (!keys) {
    keys = keepSecret<VapidKeys>(db, 'push.vapid', async () => webpush.generateVAPIDKeys());
    keys.catch(() => cache.delete(db));
    cache.set(db, keys);
  }
  return keys;
}
