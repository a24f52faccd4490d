import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ErrorInfo } from 'react';
import { Title, useLocation, useResetErrorBoundaryOnLocationChange, useTranslate } from 'react-admin';
import { useOperations } from '../../components/useOperations';
import { BackButton } from './BackButton';
import { ErrorLayout } from './ErrorLayout';
import { errorMessage, logErrorOnce } from './logErrorOnce';

/** Props of react-admin's `error` (Admin and Layout) and of PageErrorBoundary. */
export interface OpsPageProps {
  error: unknown;
  errorInfo?: ErrorInfo;
  resetErrorBoundary?: (...args: unknown[]) => void;
  /** The help site; fetched from `menuUsuarioLogado.linkHelpTec` when not given. */
  helpUrl?: string | null;
  /** Outside the layout (react-admin's top-level boundary): fill the viewport. */
  fullPage?: boolean;
}

const noop = () => undefined;

/** Only http(s) links open from the error page. */
function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function useHelpUrl(given: string | null | undefined): string | null {
  const { query } = useOperations('sessao');
  const fetched = useQuery({
    queryKey: ['sessao', 'linkAjuda'],
    queryFn: ({ signal }) => query<{ linkHelpTec: string | null }>('linkAjuda', {}, { signal }),
    enabled: given === undefined,
    // Signed out or the API is down: the page says where to go without a link.
    retry: false,
  });
  return safeUrl(given === undefined ? fetched.data?.linkHelpTec : given);
}

/**
 * The "Ops" page of a render error: a friendly text, the help site (new tab) and a back button.
 * The error goes to the log service once. Navigating away clears it.
 */
export function OpsPage({ error, resetErrorBoundary, helpUrl, fullPage }: OpsPageProps) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const url = useHelpUrl(helpUrl);
  const loggedFor = useRef<{ error: unknown }>(undefined);
  useResetErrorBoundaryOnLocationChange(resetErrorBoundary ?? noop);

  useEffect(() => {
    if (loggedFor.current && loggedFor.current.error === error) return;
    loggedFor.current = { error };
    logErrorOnce(`Render error on ${pathname}: ${errorMessage(error)}`, error);
  }, [error, pathname]);

  const title = translate('errorPages.ops.title');
  const helpLabel = translate('errorPages.ops.help');
  return (
    <>
      <Title title={title} />
      <ErrorLayout
        fullPage={fullPage}
        icon={<ReportProblemOutlined color="warning" sx={{ fontSize: 64 }} aria-hidden />}
        title={title}
        // Leaving the page clears the error (above); on /home with nothing before it, render it again.
        actions={<BackButton onAtHome={resetErrorBoundary ? () => resetErrorBoundary() : undefined} />}
      >
        <Typography>{translate('errorPages.ops.text')}</Typography>
        <Typography>
          {translate('errors.generic')}{' '}
          {url ? (
            <Link
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={translate('errorPages.ops.helpNewTab')}
            >
              {helpLabel}
            </Link>
          ) : (
            helpLabel
          )}
          .
        </Typography>
      </ErrorLayout>
    </>
  );
}

/** `<Admin error>`: the last resort, around the whole app (layout included). */
export function AppErrorPage(props: OpsPageProps) {
  return <OpsPage {...props} fullPage />;
}
