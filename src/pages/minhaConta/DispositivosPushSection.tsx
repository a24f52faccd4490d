import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../../providers/dataProvider';
import { ConfirmButton } from '../../components/ConfirmAction';
import { useFocoAposRemocao } from '../../components/useFocoAoSair';
import { formatCount, formatDate } from '../../components/format';
import { LoadError } from '../../components/LoadError';
import { visuallyHidden } from '../../components/visuallyHidden';
import { PushButton, usePushSubscription } from '../../components/push';
import { DISPOSITIVOS_KEY, PUSH_STATE_KEY } from '../../components/push/usePushSubscription';
import { currentSubscription } from '../../components/push/pushSupport';
import { describeUserAgent } from '../../components/push/userAgent';
import { Section } from './MinhaContaView';

/** A device as `meusDispositivosPush` answers it (RESOURCES.dispositivosPush.fields). */
export interface DispositivoPush {
  id: string;
  endpoint: string;
  userAgent: string | null;
  createdAt: string;
  ultimoSucesso: string | null;
}

/**
 * Web Push on this browser (the button asks the browser's permission on click, never on load) and
 * the user's devices that receive notifications, each removable.
 */
export function DispositivosPushSection() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const push = usePushSubscription();
  const tituloRef = useRef<HTMLHeadingElement>(null);
  const { data, isPending, isError, refetch, isFetching } = useQuery({
    queryKey: DISPOSITIVOS_KEY,
    queryFn: async () =>
      (
        await dataProvider.getList<DispositivoPush>('dispositivosPush', {
          pagination: { page: 1, perPage: 20 },
          sort: { field: 'createdAt', order: 'DESC' },
          filter: {},
        })
      ).data,
    retry: false,
  });
  // The removed device's row goes with its button (where its dialog gave the focus back): the focus
  // to the list's heading.
  const removido = useFocoAposRemocao(
    data?.map((d) => d.id),
    () => tituloRef.current,
  );
  const when = (iso: string | null) =>
    iso ? formatDate(iso, locale, { dateStyle: 'short', timeStyle: 'short' }) : translate('push.nunca');
  const nameOf = (device: DispositivoPush) => {
    const { navegador, sistema } = describeUserAgent(device.userAgent);
    if (!navegador) return translate('push.desconhecido');
    return sistema ? translate('push.emSistema', { navegador, sistema }) : navegador;
  };
  const removed = async (device: DispositivoPush) => {
    // Removing this very browser also ends its subscription, so it stops asking the push service.
    if (device.endpoint === push.endpoint) await (await currentSubscription())?.unsubscribe();
    void queryClient.invalidateQueries({ queryKey: DISPOSITIVOS_KEY });
    void queryClient.invalidateQueries({ queryKey: PUSH_STATE_KEY });
  };

  return (
    <Section
      title={translate('push.title')}
      count={data ? formatCount(translate, 'push.count', data.length, locale) : undefined}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('push.intro')}
      </Typography>
      <PushButton />
      <Typography ref={tituloRef} tabIndex={-1} variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
        {translate('push.dispositivos')}
      </Typography>
      {isPending ? (
        <Box role="status" aria-busy="true" aria-label={translate('ra.page.loading')}>
          <Skeleton width="60%" />
        </Box>
      ) : isError ? (
        <LoadError message="push.loadError" retrying={isFetching} onRetry={refetch} />
      ) : data.length === 0 ? (
        <Typography color="text.secondary">{translate('push.vazio')}</Typography>
      ) : (
        // Positioned: the visually hidden header is placed (and clipped) inside the scrolling box,
        // not past the page's edge when the table is wider than a phone.
        <Box sx={{ overflowX: 'auto', position: 'relative' }}>
          <Table size="small" aria-label={translate('push.dispositivos')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('push.navegador')}</TableCell>
                <TableCell>{translate('push.ativadoEm')}</TableCell>
                <TableCell>{translate('push.ultimoEnvio')}</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {translate('push.acoes')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((device) => {
                const nome = nameOf(device);
                return (
                  <TableRow key={device.id}>
                    <TableCell>
                      {nome}
                      {device.endpoint === push.endpoint && (
                        <Chip size="small" label={translate('push.esteDispositivo')} sx={{ ml: 1 }} />
                      )}
                    </TableCell>
                    <TableCell>{when(device.createdAt)}</TableCell>
                    <TableCell>{when(device.ultimoSucesso)}</TableCell>
                    <TableCell align="right">
                      <ConfirmButton
                        label="push.remover"
                        buttonProps={{
                          size: 'small',
                          color: 'error',
                          'aria-label': translate('push.removerNome', { nome }),
                        }}
                        title="push.confirmTitle"
                        content={translate('push.confirmText', { nome })}
                        confirmLabel="push.remover"
                        destrutiva
                        successMessage="push.removido"
                        errorMessage="push.erroRemover"
                        action={() => dataProvider.mutate('dispositivosPush', 'remover', { id: device.id })}
                        onSuccess={() => {
                          removido(device.id);
                          void removed(device);
                        }}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
    </Section>
  );
}
