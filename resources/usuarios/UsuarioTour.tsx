import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { OnboardingTour } from '../../src/components/tour/OnboardingTour';

/**
 * The permissions tour of the user wizard (onboarding USUARIO_EDICAO, spec section 2): the products'
 * permissions, then copying another user's; once per user (OnboardingTour).
 */
export function UsuarioTour({ ready }: { ready: boolean }) {
  const translate = useTranslate();
  const steps = useMemo(
    () =>
      (['produtos', 'clonar'] as const).map((step) => ({
        target: `[data-tour="usuario-${step}"]`,
        title: translate(`usuarios.tour.${step}.title`),
        content: translate(`usuarios.tour.${step}.content`),
      })),
    [translate],
  );
  return <OnboardingTour id="USUARIO_EDICAO" ready={ready} steps={steps} />;
}
