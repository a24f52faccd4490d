import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../../../providers/dataProvider';
import { log } from '../../../providers/logger';
import {
  currentSubscription,
  pushDeclined,
  pushSupported,
  rememberPushDeclined,
  subscribeThisBrowser,
} from './pushSupport';
import { pushPublicKey } from './pushKey';

/**
 * - `unsupported`: this browser gets no pushes from the portal (the excluded family, no Push API).
 * - `blocked`: the user blocked notifications for the portal in the browser.
 * - `available`: it can be subscribed (with a click: the permission prompt needs a user gesture).
 * - `subscribed`: it receives the user's notifications.
 */
export type PushState = 'checking' | 'unsupported' | 'blocked' | 'available' | 'subscribed';

export interface PushControl {
  state: PushState;
  /** This browser's push address once subscribed (My account marks "this device" with it). */
  endpoint: string | null;
  /** The user said "not now", or the browser's prompt was refused: remembered in localStorage. */
  declined: boolean;
  /** Subscribing is under way. */
  busy: boolean;
  /** Subscribing failed (an i18n key). */
  error: string | null;
  /** Asks permission, subscribes and stores the subscription: call it from a click handler only. */
  enable(): void;
  /** "Not now": not offered again where the offer is unasked (the notification panel). */
  decline(): void;
}

export const PUSH_STATE_KEY = ['push', 'estado'] as const;
export const DISPOSITIVOS_KEY = ['dispositivosPush', 'meus'] as const;

async function readState(): Promise<{ state: PushState; endpoint: string | null }> {
  if (!pushSupported()) return { state: 'unsupported', endpoint: null };
  if (Notification.permission === 'denied') return { state: 'blocked', endpoint: null };
  const subscription = Notification.permission === 'granted' ? await currentSubscription() : null;
  return subscription
    ? { state: 'subscribed', endpoint: subscription.endpoint }
    : { state: 'available', endpoint: null };
}

/**
 * Web Push on this browser for the signed-in user (issue #27): whether it is offered and on, and
 * the gesture that turns it on (permission, service worker, subscription, `gerarPushSubscription`).
 * My account's section uses it; the notification panel can offer the same button with it.
 */
export function usePushSubscription(): PushControl {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const [declined, setDeclined] = useState(pushDeclined);
  const { data } = useQuery({ queryKey: PUSH_STATE_KEY, queryFn: readState, staleTime: Infinity, retry: false });

  const enable = useMutation({
    mutationFn: async () => {
      // A fresh choice replaces an earlier "not now".
      rememberPushDeclined(false);
      setDeclined(false);
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        rememberPushDeclined(true);
        setDeclined(true);
        return;
      }
      const subscription = await subscribeThisBrowser(pushPublicKey()!);
      await dataProvider.mutate('dispositivosPush', 'gerar', {
        endpoint: subscription.endpoint,
        auth: subscription.keys?.auth,
        key: subscription.keys?.p256dh,
      });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: PUSH_STATE_KEY });
      void queryClient.invalidateQueries({ queryKey: DISPOSITIVOS_KEY });
    },
    onError: (error) => log.error('Web Push subscription failed', error),
  });

  return {
    state: data?.state ?? 'checking',
    endpoint: data?.endpoint ?? null,
    declined,
    busy: enable.isPending,
    error: enable.isError ? 'push.erro' : null,
    enable: () => enable.mutate(),
    decline: () => {
      rememberPushDeclined(true);
      setDeclined(true);
    },
  };
}
