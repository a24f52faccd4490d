import { lazy, Suspense, useState } from 'react';
import { useGetIdentity } from 'react-admin';

// Seen once per user: not worth a place in the first page's bundle.
const WelcomeNoticeAlert = lazy(() => import('./WelcomeNoticeAlert'));

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
  const userId = identity?.id;

  if (userId === undefined || dismissedNow === userId || isDismissed(userId)) return null;

  const dismiss = () => {
    remember(userId);
    setDismissedNow(userId);
  };

  return (
    <Suspense fallback={null}>
      <WelcomeNoticeAlert onDismiss={dismiss} />
    </Suspense>
  );
}
