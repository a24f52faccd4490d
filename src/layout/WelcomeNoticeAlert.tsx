import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { tituloDaPagina, useFocoAoSair } from '../components/useFocoAoSair';

/**
 * The notice itself, loaded only for a user who has not dismissed it yet. A note read with the page,
 * not an alert: MUI's role="alert" had screen readers interrupt every page load with it until dismissed.
 */
export default function WelcomeNoticeAlert({ onDismiss }: { onDismiss: () => void }) {
  const translate = useTranslate();
  const id = useId();
  // Dismissed, the notice goes with its button: the focus goes to the page's title, not its body.
  const foco = useFocoAoSair<HTMLButtonElement>(() => tituloDaPagina());
  return (
    <Alert
      role="note"
      aria-labelledby={id}
      severity="info"
      sx={{ mt: 2, displayPrint: 'none' }}
      action={
        <Button ref={foco} color="inherit" size="small" onClick={onDismiss}>
          {translate('shell.welcome.dismiss')}
        </Button>
      }
    >
      <AlertTitle id={id}>{translate('shell.welcome.title')}</AlertTitle>
      {translate('shell.welcome.text')}
    </Alert>
  );
}
