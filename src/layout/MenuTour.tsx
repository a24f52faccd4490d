import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { OnboardingTour } from '../components/tour/OnboardingTour';
import type { TourStep } from '../components/tour/Tour';
import { useIsCompactBar } from './useIsNarrow';
import { useMenuUsuarioLogado } from './useMenuUsuarioLogado';

/**
 * The onboarding tour of the top bar (spec section 2): the menu button, then the toolbar. It opens
 * TOUR_OPEN_DELAY_MS after the menu has loaded, once per user (OnboardingTour HOME): finishing
 * step 2 or closing it records it as seen on the server, so it does not open again. Under 1024 px
 * the bar keeps the help centre in its "more" menu (PortalAppBar), and step 2 says so.
 */
export function MenuTour() {
  const translate = useTranslate();
  const menu = useMenuUsuarioLogado();
  const compacta = useIsCompactBar();
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
        content: translate(compacta ? 'shell.tour.toolbar.contentCompacto' : 'shell.tour.toolbar.content'),
      },
    ],
    [translate, compacta],
  );
  return <OnboardingTour id="HOME" ready={menu.isSuccess} steps={steps} />;
}
