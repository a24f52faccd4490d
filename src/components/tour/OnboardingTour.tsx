import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { OnboardingId } from '../../../domain/enums';
import { TOUR_OPEN_DELAY_MS } from '../../../domain/limits';
import { pageIsBusy } from './busy';
import type { TourStep } from './Tour';
import { useOnboarding } from './useOnboarding';

const loadTour = () => import('./Tour');
// Shown once per user: loaded when due (during the delay), not with the page.
const Tour = lazy(() => loadTour().then((module) => ({ default: module.Tour })));

/**
 * A screen's first-visit tour (onboarding `id`, spec section 2): it opens TOUR_OPEN_DELAY_MS after
 * the screen is `ready`, once per user: closing or finishing it records it as seen
 * (setCurrentUserOnboardingSeen). It never opens over a dialog nor while a field has the focus: it
 * waits, looking again every TOUR_OPEN_DELAY_MS. `steps` should keep its identity between renders (useMemo).
 */
export function OnboardingTour({ id, ready, steps }: { id: OnboardingId; ready: boolean; steps: TourStep[] }) {
  const { seen, markSeen } = useOnboarding(id);
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);
  const due = ready && seen === false && !shown;

  useEffect(() => {
    if (!due) return;
    void loadTour();
    let timer: ReturnType<typeof setTimeout>;
    const openWhenFree = () => {
      if (pageIsBusy()) {
        timer = setTimeout(openWhenFree, TOUR_OPEN_DELAY_MS);
        return;
      }
      setShown(true);
      setOpen(true);
    };
    timer = setTimeout(openWhenFree, TOUR_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [due]);

  const close = useCallback(() => {
    setOpen(false);
    markSeen();
  }, [markSeen]);

  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Tour steps={steps} open={open} onClose={close} onFinish={close} />
    </Suspense>
  );
}
