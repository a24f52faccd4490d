/**
 * The react-admin resources and the GraphQL operations behind each data provider method, declared
 * once: the data provider's buildQuery reads this table (no introspection, no English pluraliser),
 * and a schema test checks every operation against the API.
 *
 * Conventions (defaults in brackets):
 * - getList / getManyReference: `operation` is the whole, unpaged list (`op { fields }`), filtered,
 *   sorted and paged by the client; with `paged: true` it is the spec's paged shape
 *   `op(filterInput: { page, rowsPerPage, busca, ...filters, sort }) { content { fields } totalElements }`
 *   with `filterInput` of type `inputType` [FilterInput]. A string is shorthand for `{ operation }`.
 * - getOne: `op(id: $id) { fields }` [arg id, argType ID!]; with `fromList: true` the record is
 *   picked from the whole list `op { fields }`.
 * - getMany: `op(ids: $ids) { fields }` [arg ids, argType [ID!]!]; `fromList: true` as for getOne.
 * - create / update / updateMany: `op(arg: $input) { fields }`; `arg` and `argType` are required;
 *   `inputFields` picks the keys of the record that are sent (default: all but `__typename`).
 * - delete / deleteMany: `op(id: $id)` [arg id, argType ID!], no selection unless `fields` is given
 *   (most removal mutations answer a Boolean). Many-record methods send one aliased field per id.
 * `fields` on an operation overrides the resource's selection set for that operation.
 */

export interface ListOperation {
  operation: string;
  paged?: boolean;
  inputType?: string;
  fields?: string;
}

export interface RecordOperation {
  operation: string;
  fromList?: boolean;
  arg?: string;
  argType?: string;
  fields?: string;
}

export interface MutationOperation {
  operation: string;
  arg: string;
  argType: string;
  inputFields?: readonly string[];
  fields?: string;
}

export interface ResourceOperations {
  /** Selection set of one record, e.g. `id nome tiposAcesso { id nome }`. */
  fields: string;
  getList?: string | ListOperation;
  getOne?: string | RecordOperation;
  getMany?: string | RecordOperation;
  getManyReference?: ListOperation;
  create?: MutationOperation;
  update?: MutationOperation;
  updateMany?: MutationOperation;
  delete?: string | RecordOperation;
  deleteMany?: string | RecordOperation;
}

export type ResourceMethod = Exclude<keyof ResourceOperations, 'fields'>;

export const RESOURCE_METHODS: readonly ResourceMethod[] = [
  'getList',
  'getOne',
  'getMany',
  'getManyReference',
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
];

export const RESOURCES = {
  produtos: {
    fields: 'id nome URI baseUriHomolog tiposAcesso { id nome }',
    getList: 'produtos',
    getOne: { operation: 'produtos', fromList: true },
    getMany: { operation: 'produtos', fromList: true },
  },
} as const satisfies Record<string, ResourceOperations>;

export type ResourceName = keyof typeof RESOURCES;
