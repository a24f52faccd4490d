import { useGraphQlJit } from '@envelop/graphql-jit';
import type { FastifyBaseLogger } from 'fastify';
import type { DocumentNode } from 'graphql';

/**
 * GraphQL operations run through graphql-jit: compiled into a function that runs the operation and
 * a serialiser for its answer (~0.1 ms less per request). Compiling costs more than validating
 * (3 ms for one users list, 20 ms for fifteen aliased ones), so an operation is compiled the second
 * time its document runs: the client's operations recur, and a stream of one-off documents (made up
 * to burn CPU) runs on the plain executor instead of being compiled each time. The compiled function
 * is kept beside the parsed document, which Yoga's bounded parser cache holds. A resolver's error
 * comes without `locations` from a compiled operation (optional in the spec; the client reads `path`
 * and `extensions`).
 */
export function jitPlugin(log: Pick<FastifyBaseLogger, 'error'>) {
  return useGraphQlJit(
    {},
    {
      enableIf: ({ document }) => recurring(document),
      onError: (result) => log.error({ errors: result.errors }, 'graphql-jit could not compile'),
    },
  );
}

const runs = new WeakMap<DocumentNode, number>();

/** Whether this parsed document has run before (counting this run). */
export function recurring(document: DocumentNode): boolean {
  const count = (runs.get(document) ?? 0) + 1;
  if (count <= 2) runs.set(document, count);
  return count >= 2;
}
