export { Tour, type TourProps, type TourStep } from './Tour';
export { useOnboarding } from './useOnboarding';
