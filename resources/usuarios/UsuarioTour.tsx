import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { TOUR_OPEN_DELAY_MS } from '../../domain/limits';
import type { TourStep } from '../../src/components/tour/Tour';
import { useOnboarding } from '../../src/components/tour/useOnboarding';

const Tour = lazy(() => import('../../src/components/tour/Tour').then((module) => ({ default: module.Tour })));

/**
 * The permissions tour of the user wizard (onboarding USUARIO_EDICAO, spec section 2): the products'
 * permissions, then copying another user's. It opens TOUR_OPEN_DELAY_MS after the step shows, once
 * per user: closing or finishing it records it as seen (setCurrentUserOnboardingSeen).
 */
export function UsuarioTour({ ready }: { ready: boolean }) {
  const translate = useTranslate();
  const { seen, markSeen } = useOnboarding('USUARIO_EDICAO');
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);
  const due = ready && seen === false && !shown;

  useEffect(() => {
    if (!due) return;
    const timer = setTimeout(() => {
      setShown(true);
      setOpen(true);
    }, TOUR_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [due]);

  const steps: TourStep[] = useMemo(
    () => [
      {
        target: '[data-tour="usuario-produtos"]',
        title: translate('usuarios.tour.produtos.title'),
        content: translate('usuarios.tour.produtos.content'),
      },
      {
        target: '[data-tour="usuario-clonar"]',
        title: translate('usuarios.tour.clonar.title'),
        content: translate('usuarios.tour.clonar.content'),
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
