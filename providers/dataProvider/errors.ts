import { HttpError } from 'react-admin';

/** The parts of a GraphQL error the portal's API fills (see docs/contributing.md, "Adding a GraphQL operation"). */
export interface GraphQLErrorLike {
  message: string;
  extensions?: {
    code?: string;
    /** `{ field: message }` for BAD_USER_INPUT. */
    fieldErrors?: Record<string, string>;
    [key: string]: unknown;
  };
}

const STATUS_OF_CODE: Record<string, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
};

const CODE_OF_STATUS: Record<number, string> = { 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN' };

/** The server names an error of the whole input `_`; react-admin shows `root.serverError` above the form. */
function formErrors(fieldErrors: Record<string, string>): Record<string, unknown> {
  const { _: root, ...fields } = fieldErrors;
  return root ? { ...fields, root: { serverError: root } } : fields;
}

/**
 * A failure that is not the API's answer (a proxy's or gateway's error page, an answer without data):
 * its message is the translated `errors.semResposta` (the i18n key, as the API's own messages are
 * already translated text), never the proxy's English status text; the HTTP status is kept.
 */
export function semRespostaError(httpStatus: number): HttpError {
  return new HttpError('errors.semResposta', httpStatus >= 400 ? httpStatus : 500);
}

/**
 * Turns the errors of a GraphQL response into react-admin's HttpError: BAD_USER_INPUT with
 * `fieldErrors` gives status 400 and body `{ errors: fieldErrors }`, which react-admin's forms show
 * under each field; UNAUTHENTICATED gives 401 (checkError then signs out) and FORBIDDEN 403.
 * `httpStatus` is the HTTP status of the response, used when no error carries a known code.
 */
export function toHttpError(errors: readonly GraphQLErrorLike[], httpStatus = 200): HttpError {
  const first = errors[0] ?? { message: 'Unknown GraphQL error' };
  const known = errors.find((e) => e.extensions?.code && e.extensions.code in STATUS_OF_CODE) ?? first;
  const code = known.extensions?.code ?? CODE_OF_STATUS[httpStatus];
  const status = (code && STATUS_OF_CODE[code]) || (httpStatus >= 400 ? httpStatus : 500);
  const fieldErrors = known.extensions?.fieldErrors;
  const body =
    code === 'BAD_USER_INPUT' && fieldErrors && typeof fieldErrors === 'object'
      ? { code, errors: formErrors(fieldErrors) }
      : { code };
  return new HttpError(known.message, status, body);
}
