import { z } from 'zod';
import { recordId } from './campos';

// A browser's Web Push subscription as the app sends it (spec section 3: endpoint, auth, key),
// from PushSubscription.toJSON(): the push service's address and the browser's keys (base64url).

/** Longest push-service address accepted (the services' own are about 200-400 characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

const base64url = (min: number, max: number) =>
  z
    .string('validation.required')
    .trim()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'validation.invalidFormat')
    .min(min, 'validation.invalidFormat')
    .max(max, 'validation.invalidFormat');

export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string('validation.required')
    .trim()
    .max(PUSH_ENDPOINT_MAX_LENGTH, 'validation.invalidFormat')
    .regex(/^https:\/\/[^\s]+$/, 'validation.invalidFormat'),
  /** The authentication secret: 16 bytes. */
  auth: base64url(22, 24),
  /** The P-256 public key, uncompressed: 65 bytes. */
  key: base64url(87, 88),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

export const pushSubscriptionIdSchema = z.object({ id: recordId() });
