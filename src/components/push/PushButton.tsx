import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { usePushSubscription } from './usePushSubscription';

/**
 * "Receive notifications on this device": the browser's permission prompt opens from this click
 * only, never on page load. With `offerDecline` (an unasked offer, as in the notification panel) a
 * "not now" is offered too, and once declined or accepted the offer is not shown again; but the
 * answer to a click made here is said here (the browser's refusal, or that it is on), not only on
 * the account page.
 */
export function PushButton({ offerDecline = false, sx }: { offerDecline?: boolean; sx?: SxProps<Theme> }) {
  const push = usePushSubscription();
  const translate = useTranslate();
  const [pediuAqui, setPediuAqui] = useState(false);
  const oferta = offerDecline && !pediuAqui;
  if (push.state === 'checking') return null;
  if (push.state === 'unsupported') {
    return offerDecline ? null : <Typography color="text.secondary">{translate('push.naoSuportado')}</Typography>;
  }
  if (push.state === 'blocked')
    return oferta ? null : (
      <Alert severity="info" sx={sx}>
        {translate('push.bloqueado')}
      </Alert>
    );
  if (push.state === 'subscribed') {
    if (oferta) return null;
    return (
      <Box sx={sx}>
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <NotificationsActiveIcon color="success" aria-hidden />
          <Typography>{translate('push.ativo')}</Typography>
        </Box>
      </Box>
    );
  }
  if (offerDecline && push.declined) return null;
  return (
    <Box sx={sx}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          onClick={() => {
            setPediuAqui(true);
            push.enable();
          }}
          disabled={push.busy}
          startIcon={<NotificationsActiveIcon />}
        >
          {translate(push.busy ? 'push.ativando' : 'push.ativar')}
        </Button>
        {offerDecline && (
          <Button onClick={push.decline} disabled={push.busy}>
            {translate('push.agoraNao')}
          </Button>
        )}
      </Box>
      {!offerDecline && push.declined && !push.error && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('push.recusado')}
        </Typography>
      )}
      {push.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {translate(push.error)}
        </Alert>
      )}
    </Box>
  );
}
