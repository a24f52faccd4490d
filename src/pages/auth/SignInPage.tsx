import { useEffect, useState } from 'react';
import { useLocation, useLogin, useTranslate } from 'react-admin';
import { AuthPage } from './AuthPage';

/**
 * react-admin's login page: there is no form here, it leaves for the identity server's sign-in page
 * (the user comes back through /auth/callback to the page first asked for).
 */
export function SignInPage() {
  const translate = useTranslate();
  const login = useLogin();
  const location = useLocation();
  const [failed, setFailed] = useState(false);
  const state = location.state as { nextPathname?: string; nextSearch?: string } | null;
  const returnTo = state?.nextPathname ? state.nextPathname + (state.nextSearch ?? '') : '/home';

  const start = () => {
    setFailed(false);
    login({ returnTo }).catch(() => setFailed(true));
  };

  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  useEffect(start, []);

  return (
    <AuthPage
      message={translate(failed ? 'auth.callbackFailed' : 'auth.redirecting')}
      failed={failed}
      retryLabel={translate('auth.signInAgain')}
      onRetry={start}
    />
  );
}
