import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import type { DocumentNode, GraphQLError } from 'graphql';
import { createGraphQLError, isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { Idioma } from '../../domain/enums';
import { translate } from '../../i18n';
import { pickIdioma } from '../auth/language';
import type { Config } from '../config';
import type { RefusalBudget } from './refusals';

/**
 * Limits of one GraphQL request, checked before anything runs: the body size (Fastify, see app.ts),
 * then tokens while parsing, then aliases, depth, directives and cost while validating
 * (graphql-armor). A refused request never reaches the database, so it answers in a millisecond
 * or two and does not slow anyone else.
 *
 * A refusal is BAD_USER_INPUT with `messageKey` `errors.limits.<limit>` and `extensions.limit`
 * (tokens, aliases, depth, directives, cost) and `extensions.max`. Outside APP_ENV=prod the
 * schema may be introspected and GraphQL suggests field names; in prod neither.
 */

export type Limit = 'tokens' | 'aliases' | 'depth' | 'directives' | 'cost';

/** Most directives per operation (graphql-armor's default); the client sends none. */
const MAX_DIRECTIVES = 50;

/**
 * A refusal whose message is still its catalog key: it is thrown while parsing or validating, before
 * the session (and so the caller's language) is known, and may be cached by Yoga with the document;
 * `useTranslatedErrors` words it for each request.
 */
function refusal(limit: Limit, max: number): GraphQLError {
  const messageKey = `errors.limits.${limit}`;
  return createGraphQLError(messageKey, {
    extensions: { code: 'BAD_USER_INPUT', messageKey, limit, max },
  });
}

/** graphql-armor's onReject: throw our refusal at once, which also stops the rest of the validation. */
const refuse = (limit: Limit, max: number) => [
  () => {
    throw refusal(limit, max);
  },
];

export function limitPlugins(config: Config, refusals: RefusalBudget): (Plugin | Plugin<Record<string, unknown>>)[] {
  const { maxTokens, maxAliases, maxDepth, maxCost } = config.graphqlLimits;
  const prod = config.environment === 'prod';
  return [
    EnvelopArmorPlugin({
      maxTokens: { n: maxTokens, onReject: refuse('tokens', maxTokens) },
      maxAliases: { n: maxAliases, onReject: refuse('aliases', maxAliases) },
      maxDepth: { n: maxDepth, onReject: refuse('depth', maxDepth) },
      maxDirectives: { n: MAX_DIRECTIVES, onReject: refuse('directives', MAX_DIRECTIVES) },
      costLimit: { maxCost, onReject: refuse('cost', maxCost) },
      blockFieldSuggestion: { enabled: prod },
    }),
    ...(prod ? [useDisableIntrospection()] : []),
    useTranslatedErrors(prod, refusals),
  ];
}

/** Longest document text Yoga's parse caches keep; the client's largest is under 2 KB. */
const MAX_CACHED_DOCUMENT = 16 * 1024;
/** Documents (and parse errors) each cache keeps, as Yoga's default. */
const CACHED_DOCUMENTS = 1024;

/** A small LRU cache (a Map in use order) that leaves long keys out. */
function documentCache<T>(): { get(key: string): T | undefined; set(key: string, value: T): void } {
  const entries = new Map<string, T>();
  return {
    get(key) {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key, value) {
      if (key.length > MAX_CACHED_DOCUMENT) return;
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > CACHED_DOCUMENTS) entries.delete(entries.keys().next().value!);
    },
  };
}

/**
 * Yoga's parse caches are keyed by the document's text: a flood of distinct 200 KB documents
 * (refused or not) would keep 1,024 of them in each cache, hundreds of MB. Long texts are not
 * cached; parsing one again stops at the token limit anyway.
 */
export const parserAndValidationCache = () => ({
  documentCache: documentCache<DocumentNode>(),
  errorCache: documentCache<unknown>(),
});

/** graphql-js's words for an argument or variable of the wrong type or out of range. */
const BAD_VALUE = /cannot represent|got invalid value|Expected value of type|Expected type|was not provided/i;
const SUGGESTION = /\s*Did you mean .+\?/g;

/**
 * Every error of a GraphQL answer with `extensions.code`, `messageKey` and a message in the caller's
 * language (the session's, or Accept-Language when the request was refused before the session was
 * read). Our refusals are translated; graphql-js's own errors (syntax, validation, variable
 * coercion such as an Int past 2^31-1) become BAD_USER_INPUT, their original text kept in
 * `extensions.detail` (without field-name suggestions in prod).
 */
export function useTranslatedErrors(prod: boolean, refusals: RefusalBudget): Plugin {
  return {
    onExecutionResult({ result, setResult, request, context }) {
      if (!result || isAsyncIterable(result) || !result.errors?.length) return;
      const address = (context as { req?: { ip: string } }).req?.ip;
      if (address && result.errors.some((error) => error.extensions?.limit)) refusals.note(address);
      const idioma = (context as { idioma?: Idioma }).idioma ?? pickIdioma(request.headers.get('accept-language'));
      setResult({ ...result, errors: result.errors.map((error) => translated(error as GraphQLError, idioma, prod)) });
    },
  };
}

function translated(error: GraphQLError, idioma: Idioma, prod: boolean): GraphQLError {
  const extensions = error.extensions ?? {};
  const location = { nodes: error.nodes, source: error.source, positions: error.positions, path: error.path };
  const key = extensions.messageKey;
  if (typeof key === 'string' && error.message === key) {
    return createGraphQLError(translate(idioma, key, { max: Number(extensions.max ?? 0) }), {
      ...location,
      extensions,
    });
  }
  // Errors with a key are ours, already in the caller's language; errors with a path were raised by
  // a resolver (ours, or Yoga's masked INTERNAL_SERVER_ERROR). The rest are graphql-js's, which
  // Yoga codes GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED or BAD_USER_INPUT.
  if (key || error.path) return error;
  const messageKey = /introspection has been disabled/.test(error.message)
    ? 'errors.introspectionDisabled'
    : BAD_VALUE.test(error.message)
      ? 'errors.invalidArgument'
      : 'errors.invalidRequest';
  const detail = prod ? error.message.replace(SUGGESTION, '') : error.message;
  return createGraphQLError(translate(idioma, messageKey), {
    ...location,
    extensions: { ...extensions, code: 'BAD_USER_INPUT', messageKey, detail },
  });
}
