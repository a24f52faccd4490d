import { useEffect, useState, type ComponentType } from 'react';
import { useGetIdentity } from 'react-admin';

type AlertProps = { onDismiss: () => void };

// Seen once per user: kept out of the entry chunk, but fetched as the app starts, so that by the
// time the signed-in user is known the notice renders with the page. Shown later, above the page,
// it pushed the whole home down (Lighthouse measured a layout shift of 0.2 on a phone).
let loadedAlert: ComponentType<AlertProps> | undefined;
const loadingAlert = import('./WelcomeNoticeAlert')
  .then((module) => (loadedAlert = module.default))
  .catch(() => undefined);

function useWelcomeNoticeAlert(): ComponentType<AlertProps> | undefined {
  const [alert, setAlert] = useState(() => loadedAlert);
  useEffect(() => {
    if (alert) return;
    let current = true;
    void loadingAlert.then((loaded) => {
      if (current && loaded) setAlert(() => loaded);
    });
    return () => {
      current = false;
    };
  }, [alert]);
  return alert;
}

export const welcomeNoticeKey = (userId: string | number) => `portal.welcomeNotice.${userId}`;

// Kept in localStorage: the spec has no server field for this notice (unlike the onboarding tours).
function isDismissed(userId: string | number): boolean {
  try {
    return window.localStorage.getItem(welcomeNoticeKey(userId)) !== null;
  } catch {
    return false;
  }
}

function remember(userId: string | number): void {
  try {
    window.localStorage.setItem(welcomeNoticeKey(userId), new Date().toISOString());
  } catch {
    // Storage unavailable (private mode): the notice comes back on the next visit.
  }
}

/** Says the menu was redesigned, until the signed-in user dismisses it (once per user, per browser). */
export function WelcomeNotice() {
  const { identity } = useGetIdentity();
  const [dismissedNow, setDismissedNow] = useState<string | number | undefined>(undefined);
  const WelcomeNoticeAlert = useWelcomeNoticeAlert();
  const userId = identity?.id;

  if (!WelcomeNoticeAlert || userId === undefined || dismissedNow === userId || isDismissed(userId)) return null;

  const dismiss = () => {
    remember(userId);
    setDismissedNow(userId);
  };

  return <WelcomeNoticeAlert onDismiss={dismiss} />;
}
