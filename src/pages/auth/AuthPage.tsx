import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The frame of the sign-in redirect and callback pages: a message, and a retry on failure. */
export function AuthPage({
  message,
  failed,
  retryLabel,
  onRetry,
}: {
  message: ReactNode;
  failed?: boolean;
  retryLabel?: string;
  onRetry?: () => void;
}) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeContent: 'center', justifyItems: 'center', gap: 2, p: 3 }}
    >
      {failed ? null : <CircularProgress aria-hidden />}
      <Typography role={failed ? 'alert' : 'status'}>{message}</Typography>
      {failed && onRetry ? (
        <Button variant="contained" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </Box>
  );
}
