import type { GraphQLError } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';
import type { ZodError } from 'zod';
import { translate } from '../../i18n';
import type { Idioma } from '../../domain/enums';
import { fieldErrorsOf } from '../validation';

/** Error codes the client maps (see providers/dataProvider). */
export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  // The request clashes with work in progress (e.g. a job of the same kind already queued).
  | 'CONFLICT'
  | 'INTERNAL_SERVER_ERROR';

/** A GraphQL error whose message is in the caller's language and whose key the client can re-translate. */
export function portalError(
  idioma: Idioma,
  code: ErrorCode,
  messageKey: string,
  extra: Record<string, unknown> = {},
): GraphQLError {
  // Created through Yoga so that its error masking recognises it whichever copy of graphql loaded.
  // `extra` also fills the message's placeholders (e.g. %{retryAfter}).
  return createGraphQLError(translate(idioma, messageKey, extra as Record<string, string | number>), {
    extensions: { code, messageKey, ...extra },
  });
}

export const unauthenticated = (idioma: Idioma) => portalError(idioma, 'UNAUTHENTICATED', 'errors.unauthenticated');
export const forbidden = (idioma: Idioma) => portalError(idioma, 'FORBIDDEN', 'errors.forbidden');
export const notFound = (idioma: Idioma) => portalError(idioma, 'NOT_FOUND', 'errors.notFound');

/** Field errors keyed by dotted path, each already translated. */
export function badUserInput(idioma: Idioma, fieldErrors: Record<string, string>): GraphQLError {
  return portalError(idioma, 'BAD_USER_INPUT', 'errors.checkData', { fieldErrors });
}

/** BAD_USER_INPUT from catalog keys, e.g. `{ nome: 'grupos.validation.nomeEmUso' }`. */
export function badUserInputKeys(idioma: Idioma, keys: Record<string, string>): GraphQLError {
  return badUserInput(idioma, Object.fromEntries(Object.entries(keys).map(([f, key]) => [f, translate(idioma, key)])));
}

export function fromZodError(idioma: Idioma, error: ZodError): GraphQLError {
  return badUserInput(idioma, fieldErrorsOf(idioma, error));
}
