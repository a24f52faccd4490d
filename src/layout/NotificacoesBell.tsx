import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { UNREAD_POLL_MS } from '../../domain/limits';
import type { PortalDataProvider } from '../../providers/dataProvider';
import { log } from '../../providers/logger';
import { NAO_LIDAS_KEY, NOTIFICACOES_KEY } from '../components/notificacoes/notificacoes';
import { NotificationBell, PanelLoading } from './NotificationBell';

// The list is loaded on the first click: the bell is on every page, its panel seldom opened.
const NotificacoesPanel = lazy(() => import('./NotificacoesPanel'));

/** The unread count (`countNotificacoesNaoLidas`), polled while the tab is visible and refetched when it comes back. */
export function useNotificacoesNaoLidas(pollMs = UNREAD_POLL_MS) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: NAO_LIDAS_KEY,
    queryFn: async () => (await dataProvider.query<number>('notificacoes', 'naoLidas', {})).data,
    // react-query skips the interval's fetches while document.visibilityState is hidden, and
    // refetches when the tab is shown again (its focus manager listens to visibilitychange).
    refetchInterval: pollMs,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

/**
 * The top bar's bell with the signed-in user's notifications: the count of those not seen yet on its
 * badge ("new": a notification stays unread on /notificacoes until opened), and the panel of the
 * newest ones. Closing the panel with new notifications marks them seen
 * (`marcarNotificacoesComoVisualizadas`): the count drops at once, the close button waits for the
 * answer.
 */
export function NotificacoesBell({ pollMs }: { pollMs?: number }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const { data: count = 0 } = useNotificacoesNaoLidas(pollMs);
  const visualizar = useMutation({
    mutationFn: () => dataProvider.mutate<number>('notificacoes', 'visualizadas', {}),
    onMutate: async () => {
      // A poll on its way would put the old count back.
      await queryClient.cancelQueries({ queryKey: NAO_LIDAS_KEY });
      queryClient.setQueryData(NAO_LIDAS_KEY, 0);
    },
    onError: (error) => log.error('marcarNotificacoesComoVisualizadas failed', error),
    onSettled: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: NOTIFICACOES_KEY });
    },
  });
  const close = () => {
    if (visualizar.isPending) return;
    if (count > 0) visualizar.mutate();
    else setOpen(false);
  };
  return (
    <NotificationBell
      count={count}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={close}
      closing={visualizar.isPending}
    >
      <Suspense fallback={<PanelLoading />}>
        <NotificacoesPanel onFollow={close} />
      </Suspense>
    </NotificationBell>
  );
}
