import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { useLocation, useNavigate, useTranslate } from 'react-admin';

/**
 * Whether a back step stays in the app. The browser router numbers this tab's entries in
 * `history.state.idx` (0 for the first one, also after the sign-in redirect replaced it); other
 * routers mark the first location with the key 'default'.
 */
export function canGoBack(locationKey: string | undefined, state: unknown = window.history.state): boolean {
  const idx = (state as { idx?: unknown } | null)?.idx;
  if (typeof idx === 'number') return idx > 0;
  return locationKey !== undefined && locationKey !== 'default';
}

/**
 * Back to the previous page, or to /home when this page is the first one of the tab. Already on
 * /home with nothing before it, `onAtHome` runs instead (e.g. to render the page again).
 */
export function BackButton({ onAtHome }: { onAtHome?: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Button
      variant="contained"
      startIcon={<ArrowBack />}
      onClick={() => {
        if (canGoBack(location.key)) navigate(-1);
        else if (location.pathname === '/home') onAtHome?.();
        else navigate('/home', { replace: true });
      }}
    >
      {translate('errorPages.back')}
    </Button>
  );
}
