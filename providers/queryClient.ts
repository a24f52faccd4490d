import { QueryClient } from '@tanstack/react-query';

const MAX_RETRIES = 2;

/** A refusal, a missing record or bad input (HTTP 4xx, as the data provider's HttpError carries it). */
function isClientError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * react-admin's query cache. Reads retry only what may pass on a second try (a network failure,
 * a server error), twice; react-query's default (three retries, 7 s) kept a missing record's page
 * spinning before saying so, and then moved the user back to the list after they had gone elsewhere.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: (failures, error) => failures < MAX_RETRIES && !isClientError(error) },
    },
  });
}
