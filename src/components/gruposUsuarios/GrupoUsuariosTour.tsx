import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { OnboardingTour } from '../tour/OnboardingTour';

/**
 * The user-group form's tour (onboarding GRUPO_USUARIO): the name and visibility, the recipient
 * blocks, the recipient preview; once per user (OnboardingTour).
 */
export function GrupoUsuariosTour({ ready }: { ready: boolean }) {
  const translate = useTranslate();
  const steps = useMemo(
    () =>
      (['nome', 'blocos', 'destinatarios'] as const).map((step) => ({
        target: `[data-tour="grupo-usuarios-${step}"]`,
        title: translate(`gruposUsuarios.tour.${step}.title`),
        content: translate(`gruposUsuarios.tour.${step}.content`),
      })),
    [translate],
  );
  return <OnboardingTour id="GRUPO_USUARIO" ready={ready} steps={steps} />;
}
