import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../providers/dataProvider';
import { log } from '../../providers/logger';
import { NotificacaoItem } from '../components/notificacoes/NotificacaoItem';
import { PushButton } from '../components/push';
import { isPortalPath, MENU_KEY, type Notificacao } from '../components/notificacoes/notificacoes';
import { useMarcarLida } from '../components/notificacoes/useMarcarLida';
import { NoNotifications, PanelLoading } from './NotificationBell';

function Group({
  title,
  items,
  onFollow,
}: {
  title: string;
  items: Notificacao[];
  onFollow: (n: Notificacao) => void;
}) {
  if (items.length === 0) return null;
  return (
    <Box component="section" aria-label={title}>
      <Typography
        component="h3"
        variant="overline"
        color="text.secondary"
        sx={{ display: 'block', px: 2, pt: 1.5, lineHeight: 2 }}
      >
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((notificacao, index) => (
          <Box component="li" key={notificacao.id} sx={{ px: 2, py: 1 }}>
            {index > 0 && <Divider sx={{ mb: 1 }} />}
            <NotificacaoItem notificacao={notificacao} heading="h3" onFollow={onFollow} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The bell panel's body (spec section 2), loaded on the first click: the newest notifications
 * (`notificacoesMenu`, read again at each opening), "recent" (not seen yet) above "older";
 * loading, error (logged) and empty states. Following a link marks it read and closes the panel.
 */
function PanelBody({ onFollow }: { onFollow: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const marcarLida = useMarcarLida();
  const { data, isPending, isError } = useQuery({
    queryKey: MENU_KEY,
    queryFn: async () => {
      try {
        return (await dataProvider.query<Notificacao[]>('notificacoes', 'menu', {})).data;
      } catch (error) {
        log.error('notificacoesMenu failed', error);
        throw error;
      }
    },
    // "Clicking the bell loads notifications": each opening reads them again.
    refetchOnMount: 'always',
    retry: false,
  });
  if (isPending) return <PanelLoading />;
  if (isError) {
    return (
      <Box role="alert" sx={{ flex: 1, display: 'grid', placeContent: 'center', p: 3 }}>
        <Typography align="center">{translate('shell.notificationPanel.error')}</Typography>
      </Box>
    );
  }
  if (data.length === 0) return <NoNotifications />;
  const follow = (notificacao: Notificacao) => {
    if (!notificacao.lida) marcarLida.mutate(notificacao.id);
    // A portal path opens here: the panel gives way to it. An address opens in a new tab.
    if (notificacao.link && isPortalPath(notificacao.link)) onFollow();
  };
  return (
    <Box sx={{ flex: 1, overflowY: 'auto', pb: 1 }}>
      <Group
        title={translate('shell.notificationPanel.recent')}
        items={data.filter((n) => n.recente)}
        onFollow={follow}
      />
      <Group
        title={translate('shell.notificationPanel.older')}
        items={data.filter((n) => !n.recente)}
        onFollow={follow}
      />
    </Box>
  );
}

/** The panel: the offer to receive notifications on this device (after a click only), then the body. */
export default function NotificacoesPanel({ onFollow }: { onFollow: () => void }) {
  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <PushButton offerDecline sx={{ px: 2, pt: 1.5 }} />
      <PanelBody onFollow={onFollow} />
    </Box>
  );
}
