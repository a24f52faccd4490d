import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';

/** A load that failed: its message (an i18n key) and a retry button, disabled while retrying. */
export function LoadError({
  message,
  retrying,
  onRetry,
  sx,
}: {
  message: string;
  retrying: boolean;
  onRetry: () => unknown;
  sx?: AlertProps['sx'];
}) {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" disabled={retrying} onClick={() => void onRetry()}>
          {translate('errorPages.retry')}
        </Button>
      }
    >
      {translate(message)}
    </Alert>
  );
}
