import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { PortalDataProvider } from '../../../providers/dataProvider';
import { log } from '../../../providers/logger';
import { NOTIFICACOES_KEY, type Notificacao } from './notificacoes';

/** Marks one of the user's notifications read (`marcarNotificacaoComoLida`); every notification read refreshes. */
export function useMarcarLida() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (id: string) => (await dataProvider.mutate<Notificacao>('notificacoes', 'lida', { id })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICACOES_KEY }),
    onError: (error) => {
      log.error('marcarNotificacaoComoLida failed', error);
      notify('notificacoes.erroMarcar', { type: 'error' });
    },
  });
}
