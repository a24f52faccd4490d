import { delay, HttpResponse, type GraphQLHandler } from 'msw';
import { RESOURCES, type ResourceName, type ResourceOperations } from '../../domain/resources';
import { api, resourceHandlers } from './mockApi';

/**
 * The four states a view worth testing shows (STYLE.md, "Tests"): no records, the fixtures, an
 * answer still on its way, and a failed load.
 */
export const VIEW_STATES = ['Empty', 'Loaded', 'Loading', 'Error'] as const;
export type ViewState = (typeof VIEW_STATES)[number];

/** msw handlers putting a view in each of its four states. */
export type ViewStates = Record<ViewState, GraphQLHandler[]>;

/** The API's answer to a failed read, as Yoga words an unexpected error. */
export const INTERNAL_ERROR = { message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } };

/** An answer that never comes while the test runs (msw holds the request until it is aborted). */
const pending = async (): Promise<Response> => {
  await delay('infinite');
  return HttpResponse.json({ data: null });
};

/**
 * The failed read, once: a GraphQL error, or with `status`, an HTTP error with no GraphQL body (a
 * proxy's page). A retry gets what the other handlers answer (the fixtures), so a test can retry.
 */
const failing = (status?: number) => (): Response =>
  status
    ? new HttpResponse('Internal Server Error', { status, headers: { 'content-type': 'text/html' } })
    : HttpResponse.json({ data: null, errors: [INTERNAL_ERROR] });

/** A query's `data`, or how it follows from the variables (a page, a filter). */
type Answer<V> = Record<string, unknown> | ((variables: V) => Record<string, unknown>);

export interface StateOptions {
  /** Fail with this HTTP status instead of a GraphQL error. */
  status?: number;
}

/**
 * The states of a page that reads one GraphQL query of its own (`operation` is the query's name):
 * Empty and Loaded answer `data` as given; Loading never answers; Error fails once, then answers
 * as Loaded.
 */
export function queryStates<V extends object = Record<string, unknown>>(
  operation: string,
  data: { empty: Answer<V>; loaded: Answer<V> },
  options: StateOptions = {},
): ViewStates {
  const answer = (data: Answer<V>) =>
    api.query(operation, ({ variables }) =>
      HttpResponse.json({ data: typeof data === 'function' ? data(variables as V) : data }),
    );
  const loaded = answer(data.loaded);
  return {
    Empty: [answer(data.empty)],
    Loaded: [loaded],
    Loading: [api.query(operation, pending)],
    Error: [api.query(operation, failing(options.status), { once: true }), loaded],
  };
}

/**
 * The states of a resource's list from its fixtures (rows as the API answers them): the list
 * operation answers no rows, the fixtures (paged, searched and filtered as the API would, see
 * resourceHandlers), never, or an error once (then the fixtures). The resource's other reads answer the fixtures in every
 * state. Other resources the view refers to are the test's to answer (resourceHandlers).
 */
export function resourceStates(
  resource: ResourceName,
  rows: readonly ({ id: string } & Record<string, unknown>)[],
  options: StateOptions = {},
): ViewStates {
  if (!(RESOURCES[resource] as ResourceOperations).getList) throw new Error(`${resource} has no list`);
  const list = `${resource}_getList`;
  const loaded = resourceHandlers({ [resource]: [...rows] });
  return {
    Empty: resourceHandlers({ [resource]: [] }),
    Loaded: loaded,
    // msw answers with the first matching handler: the list's own comes before the fixtures.
    Loading: [api.query(list, pending), ...loaded],
    Error: [api.query(list, failing(options.status), { once: true }), ...loaded],
  };
}
