import { z } from 'zod';
import { IDIOMAS, ONBOARDING_IDS } from '../enums';
import { recordId } from './campos';

/** A database id as GraphQL sends it (ID is a string), at most MAX_ID. */
export const idSchema = recordId();

export const mudarLinguaSchema = z.object({
  id: idSchema,
  idioma: z.enum(IDIOMAS, 'validation.invalidOption'),
});

export const onboardingSchema = z.object({ id: z.enum(ONBOARDING_IDS, 'validation.invalidOption') });
