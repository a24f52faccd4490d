import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocaleState, useNotify } from 'react-admin';
import { log } from '../../../../providers/logger';
import { formatNumber } from '../../../components/format';
import { NOTIFICACOES_KEY } from '../../../components/notificacoes/notificacoes';
import { useOperations } from '../../../components/useOperations';
import { COMUNICADOS_KEY, type ComunicadoEnvio, type Pagina } from './tipos';

/** A change to a selection of the reader's deliveries (ids: ComunicadoEnvio ids). */
export type AcaoEnvios =
  { tipo: 'lido'; valor: boolean } | { tipo: 'favorito'; valor: boolean } | { tipo: 'arquivado'; valor: boolean };

/** Every announcement read but the open view's delivery (reading it again is opening it: abrirComunicado). */
export const naoEVisualizacao = (query: { queryKey: readonly unknown[] }) => query.queryKey[1] !== 'envio';

const OPERACAO = { lido: 'marcarLidos', favorito: 'favoritar', arquivado: 'arquivarEnvios' } as const;

/** i18n key of the message after the change, by action and value. */
const MENSAGEM = {
  lido: ['comunicados.caixa.feito.naoLidos', 'comunicados.caixa.feito.lidos'],
  favorito: ['comunicados.caixa.feito.desfavoritados', 'comunicados.caixa.feito.favoritados'],
  arquivado: ['comunicados.caixa.feito.desarquivados', 'comunicados.caixa.feito.arquivados'],
} as const;

/**
 * Read/unread, favourite and archive of one delivery or a selection, in one call each
 * (marcarComunicadosLidos, favoritarComunicados, arquivarComunicadoEnvios); then every
 * announcement read (lists, counts, the view) is read again.
 */
export function useAcoesEnvios(onDone?: () => void) {
  const { mutate } = useOperations('comunicados');
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [locale = 'pt-BR'] = useLocaleState();
  return useMutation({
    mutationFn: ({ ids, acao }: { ids: string[]; acao: AcaoEnvios; silencioso?: boolean }) =>
      mutate<number>(OPERACAO[acao.tipo], { ids, [acao.tipo]: acao.valor }),
    // Read state and star change on screen at once (the answer's refetch confirms, a failure undoes).
    onMutate: ({ ids, acao }) => {
      if (acao.tipo === 'arquivado') return;
      queryClient.setQueriesData<Pagina<ComunicadoEnvio>>({ queryKey: [...COMUNICADOS_KEY, 'envios'] }, (pagina) =>
        pagina
          ? {
              ...pagina,
              content: pagina.content.map((e) => (ids.includes(e.id) ? { ...e, [acao.tipo]: acao.valor } : e)),
            }
          : pagina,
      );
    },
    onSuccess: (n, { acao, silencioso }) => {
      if (!silencioso) {
        notify(MENSAGEM[acao.tipo][acao.valor ? 1 : 0], {
          type: 'info',
          messageArgs: { smart_count: n, count: formatNumber(n, locale) },
        });
      }
      onDone?.();
      // Read, their notifications are read too: the bell's count and panel.
      if (acao.tipo === 'lido' && acao.valor) void queryClient.invalidateQueries({ queryKey: NOTIFICACOES_KEY });
      // The open view keeps its delivery (re-reading it would be opening it again): it updates its own.
      return queryClient.invalidateQueries({ queryKey: COMUNICADOS_KEY, predicate: naoEVisualizacao });
    },
    onError: (error) => {
      log.error('comunicados: selection change failed', error);
      notify('comunicados.caixa.erroAcao', { type: 'error' });
      return queryClient.invalidateQueries({ queryKey: COMUNICADOS_KEY, predicate: naoEVisualizacao });
    },
  });
}
