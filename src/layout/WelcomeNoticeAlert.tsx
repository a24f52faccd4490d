import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';

/** The notice itself, loaded only for a user who has not dismissed it yet. */
export default function WelcomeNoticeAlert({ onDismiss }: { onDismiss: () => void }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="info"
      sx={{ mt: 2, displayPrint: 'none' }}
      action={
        <Button color="inherit" size="small" onClick={onDismiss}>
          {translate('shell.welcome.dismiss')}
        </Button>
      }
    >
      <AlertTitle>{translate('shell.welcome.title')}</AlertTitle>
      {translate('shell.welcome.text')}
    </Alert>
  );
}
