import { vi } from 'vitest';
import { setPushPublicKey } from '../components/push';

/** The subscription the stubbed browser hands out. */
export const PUSH_SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/este',
  options: { applicationServerKey: null },
  toJSON: () => ({
    endpoint: 'https://fcm.googleapis.com/fcm/send/este',
    keys: { auth: 'segredo', p256dh: 'chave' },
  }),
};

/**
 * A browser with the Push API (Chrome on Linux, a secure context), for component tests: install()
 * before a test, remove() after. The mocks let a test answer the permission prompt and see what
 * was registered and subscribed.
 */
export function pushBrowser() {
  const state = { permission: 'default' as NotificationPermission };
  const requestPermission = vi.fn<() => Promise<NotificationPermission>>();
  const register = vi.fn();
  const subscribe = vi.fn();
  return {
    state,
    requestPermission,
    register,
    subscribe,
    install() {
      state.permission = 'default';
      requestPermission.mockReset();
      register.mockReset();
      subscribe.mockReset().mockResolvedValue(PUSH_SUBSCRIPTION);
      localStorage.clear();
      setPushPublicKey('BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U');
      const registration = { pushManager: { getSubscription: async () => null, subscribe } };
      const browserApis = {
        isSecureContext: true,
        PushManager: class {},
        Notification: {
          get permission() {
            return state.permission;
          },
          requestPermission,
        },
      };
      for (const [name, value] of Object.entries(browserApis)) {
        Object.defineProperty(window, name, { configurable: true, value });
      }
      // happy-dom calls itself AppleWebKit without Chrome: the excluded family. Chrome instead.
      Object.defineProperty(navigator, 'userAgent', {
        configurable: true,
        value: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
      });
      Object.defineProperty(navigator, 'serviceWorker', {
        configurable: true,
        value: { register, ready: Promise.resolve(registration), getRegistration: async () => undefined },
      });
    },
    remove() {
      for (const name of ['isSecureContext', 'PushManager', 'Notification']) delete (window as never)[name];
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
      delete (navigator as { userAgent?: unknown }).userAgent;
      setPushPublicKey(null);
    },
  };
}
