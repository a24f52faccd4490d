import DoneAllIcon from '@mui/icons-material/DoneAll';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../../providers/dataProvider';
import { log } from '../../../providers/logger';
import { formatNumber } from '../../components/format';
import { BusyButton } from '../../components/form/BusyButton';
import { LoadError } from '../../components/LoadError';
import { NotificacaoItem } from '../../components/notificacoes/NotificacaoItem';
import { NOTIFICACOES_KEY, type Notificacao, type NotificacaoPage } from '../../components/notificacoes/notificacoes';
import { useMarcarLida } from '../../components/notificacoes/useMarcarLida';
import { Paginacao } from '../../components/list/Paginacao';
import { useFocoAoSair } from '../../components/useFocoAoSair';

const PAGE_SIZES = [10, 20, 50] as const;
const t = (key: string) => `notificacoes.${key}`;

/** One page of the user's notifications (`notificacoes`), newest first, optionally only the unread ones. */
function useNotificacoesPage(page: number, rowsPerPage: number, naoLidas: boolean) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: [...NOTIFICACOES_KEY, 'pagina', { page, rowsPerPage, naoLidas }],
    queryFn: async () =>
      (
        await dataProvider.query<NotificacaoPage>('notificacoes', 'pagina', {
          filterInput: { page, rowsPerPage, naoLidas: naoLidas || null },
        })
      ).data,
    // Paging keeps the notifications shown until the next page arrives.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * "Mark as read" of an unread notification: it goes once read, and the keyboard's focus goes to
 * the notification's link (its title), or the notification itself, not to the page's body.
 */
function MarcarLida({ notificacao, busy, onClick }: { notificacao: Notificacao; busy: boolean; onClick: () => void }) {
  const translate = useTranslate();
  const ref = useFocoAoSair<HTMLButtonElement>((botao) => {
    const item = botao.closest('li');
    return item?.querySelector('a') ?? item;
  });
  return (
    <BusyButton
      ref={ref}
      size="small"
      sx={{ mt: 0.5, ml: -0.5 }}
      aria-label={translate(t('marcarLidaDe'), { titulo: notificacao.titulo })}
      busy={busy}
      onClick={onClick}
    >
      {translate(t('marcarLida'))}
    </BusyButton>
  );
}

function Empty({ naoLidas }: { naoLidas: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 4, textAlign: 'center' }}>
      <Typography component="p" variant="subtitle1">
        {translate(t(naoLidas ? 'vazioNaoLidas' : 'vazio'))}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(t(naoLidas ? 'vazioNaoLidasTexto' : 'vazioTexto'))}
      </Typography>
    </Box>
  );
}

/**
 * /notificacoes (spec section 2; issue #27): every notification of the signed-in user, newest
 * first and paged, read or not; mark one or all read, or show only the unread ones.
 */
export default function NotificacoesPage() {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(20);
  const [naoLidas, setNaoLidas] = useState(false);
  const list = useNotificacoesPage(page, rowsPerPage, naoLidas);
  // Whether anything is left to mark read, whichever page or filter is shown.
  const naoLidasTotal = useNotificacoesPage(0, PAGE_SIZES[0], true).data?.totalElements;
  const marcarLida = useMarcarLida();
  const marcarTodas = useMutation({
    mutationFn: async () => (await dataProvider.mutate<number>('notificacoes', 'todasLidas', {})).data,
    onSuccess: (count) => {
      notify(t('todasMarcadas'), {
        type: 'info',
        messageArgs: { smart_count: count, count: formatNumber(count, locale) },
      });
      return queryClient.invalidateQueries({ queryKey: NOTIFICACOES_KEY });
    },
    onError: (error) => {
      log.error('marcarTodasNotificacoesComoLidas failed', error);
      notify(t('erroMarcarTodas'), { type: 'error' });
    },
  });
  const title = translate('routes.notificacoes');
  const follow = (notificacao: Notificacao) => {
    if (!notificacao.lida) marcarLida.mutate(notificacao.id);
  };

  let content;
  if (list.isPending) content = <LinearProgress aria-label={translate('ra.page.loading')} />;
  else if (!list.data) {
    content = <LoadError message={t('erroCarregar')} retrying={list.isFetching} onRetry={() => list.refetch()} />;
  } else if (list.data.content.length === 0) content = <Empty naoLidas={naoLidas} />;
  else {
    content = (
      <>
        <Box
          component="ul"
          aria-label={translate(t('lista'))}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
        >
          {list.data.content.map((notificacao) => (
            <Paper
              component="li"
              key={notificacao.id}
              variant="outlined"
              // Where "mark as read" leaves the focus when the notification has no link.
              tabIndex={-1}
              sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0, '&:focus:not(:focus-visible)': { outline: 'none' } }}
            >
              <NotificacaoItem
                notificacao={notificacao}
                heading="h2"
                showState
                onFollow={follow}
                action={
                  !notificacao.lida && (
                    <MarcarLida
                      notificacao={notificacao}
                      busy={marcarLida.isPending && marcarLida.variables === notificacao.id}
                      onClick={() => marcarLida.mutate(notificacao.id)}
                    />
                  )
                }
              />
            </Paper>
          ))}
        </Box>
        <Paginacao
          count={list.data.totalElements}
          page={page}
          onPage={setPage}
          rowsPerPage={rowsPerPage}
          sizes={PAGE_SIZES}
          onRowsPerPage={setRowsPerPage}
        />
      </>
    );
  }

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title={title} />
      <Box>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(t('intro'))}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <FormControlLabel
          control={
            <Switch
              checked={naoLidas}
              onChange={(event) => {
                setNaoLidas(event.target.checked);
                setPage(0);
              }}
            />
          }
          label={translate(t('somenteNaoLidas'))}
        />
        <BusyButton
          variant="outlined"
          startIcon={<DoneAllIcon />}
          // With nothing unread it looks disabled, yet keeps the focus it had when it marked the last.
          busy={marcarTodas.isPending || naoLidasTotal === 0}
          onClick={() => marcarTodas.mutate()}
        >
          {translate(t('marcarTodas'))}
        </BusyButton>
      </Box>
      {content}
    </Box>
  );
}
