import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { TOUR_OPEN_DELAY_MS } from '../../domain/limits';
import type { TourStep } from '../components/tour/Tour';
import { useOnboarding } from '../components/tour/useOnboarding';
import { useMenuUsuarioLogado } from './useMenuUsuarioLogado';

const loadTour = () => import('../components/tour/Tour');
// Shown once per user: loaded when due (during the delay), not with the first page.
const Tour = lazy(() => loadTour().then((module) => ({ default: module.Tour })));

/**
 * The onboarding tour of the top bar (spec section 2): the menu button, then the toolbar. It opens
 * TOUR_OPEN_DELAY_MS after the menu has loaded, once per user: finishing step 2 or closing it
 * records it as seen on the server (setCurrentUserOnboardingSeen), so it does not open again.
 */
export function MenuTour() {
  const translate = useTranslate();
  const menu = useMenuUsuarioLogado();
  const { seen, markSeen } = useOnboarding('HOME');
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);
  const due = menu.isSuccess && seen === false && !shown;

  useEffect(() => {
    if (!due) return;
    void loadTour();
    const timer = setTimeout(() => {
      setShown(true);
      setOpen(true);
    }, TOUR_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [due]);

  const steps: TourStep[] = useMemo(
    () => [
      {
        target: '[data-tour="menu-button"]',
        title: translate('shell.tour.menuButton.title'),
        content: translate('shell.tour.menuButton.content'),
      },
      {
        target: '[data-tour="toolbar"]',
        title: translate('shell.tour.toolbar.title'),
        content: translate('shell.tour.toolbar.content'),
      },
    ],
    [translate],
  );

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
