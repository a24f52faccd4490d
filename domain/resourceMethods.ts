import type { ResourceMethod } from './resources';

/**
 * react-admin's data provider methods every resource answers. A module of its own: the first page
 * needs the list (providers/dataProvider), not the resources' operations and fields.
 */
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
