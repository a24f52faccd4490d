import { z } from 'zod';
import { IDIOMAS, ONBOARDING_IDS } from '../enums';

/** A database id as GraphQL sends it (ID is a string). */
export const idSchema = z.coerce
  .number('validation.invalidValue')
  .int('validation.invalidValue')
  .positive('validation.invalidValue');

export const mudarLinguaSchema = z.object({
  id: idSchema,
  idioma: z.enum(IDIOMAS, 'validation.invalidOption'),
});

export const onboardingSchema = z.object({ id: z.enum(ONBOARDING_IDS, 'validation.invalidOption') });
