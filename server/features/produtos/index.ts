import { readFileSync } from 'node:fs';
import { policies } from '../../../domain/policies';
import { operation, type Feature } from '../../graphql/operation';
import { listProdutos } from './queries';

/** What other features may use (they import a feature's index only). */
export { listProdutos };

export const produtosFeature: Feature = {
  typeDefs: readFileSync(new URL('./produtos.graphql', import.meta.url), 'utf8'),
  Query: {
    produtos: operation({ policy: policies.portal.use, resolve: (_args: unknown, { db }) => listProdutos(db) }),
  },
};
