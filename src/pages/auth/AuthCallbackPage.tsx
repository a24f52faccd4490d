import { useQueryClient } from '@tanstack/react-query';
import { useHandleAuthCallback, useLogin, useNavigate, useTranslate } from 'react-admin';
import { AuthPage } from './AuthPage';

/**
 * /auth/callback, the redirect URI registered at the identity server (react-admin's own
 * authCallbackPage is fixed at /auth-callback). It is a no-layout custom route, so it renders
 * while <Admin requireAuth> still holds the "not signed in" answer it got on arrival: that answer is
 * refreshed before leaving, or the next page would sign the user out.
 */
export function AuthCallbackPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const { error } = useHandleAuthCallback({
    onSuccess: (result) => {
      const redirectTo = (result && typeof result.redirectTo === 'string' && result.redirectTo) || '/home';
      void queryClient
        .resetQueries({ queryKey: ['auth'], predicate: (query) => query.queryKey[1] !== 'handleCallback' })
        .then(() => navigate(redirectTo, { replace: true }));
    },
  });

  return (
    <AuthPage
      message={translate(error ? 'auth.callbackFailed' : 'auth.completing')}
      failed={Boolean(error)}
      retryLabel={translate('auth.signInAgain')}
      onRetry={() => void login({ returnTo: '/home' }).catch(() => undefined)}
    />
  );
}
