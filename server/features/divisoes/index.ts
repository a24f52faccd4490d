import { readFileSync } from 'node:fs';
import { divisaoSchema } from '../../../domain/schemas/cadastros';
import { divisoes } from '../../db/schema';
import { operation, type Feature } from '../../graphql/operation';
import { referenceExport, remove, save, STAFF, type SaveSpec } from '../../reference';
import * as q from './queries';

const divisaoSpec: SaveSpec<typeof divisaoSchema, q.DivisaoRow> = {
  tipo: 'DIVISAO',
  table: divisoes,
  schema: divisaoSchema,
  find: q.findDivisao,
  insert: q.insertDivisao,
  update: q.updateDivisao,
  uniqueName: { field: 'nome', taken: q.divisaoNameTaken },
};

export const divisoesFeature: Feature = {
  exports: {
    divisoes: referenceExport<q.DivisaoRow>({
      read: q.listDivisoes,
      fileName: 'routes.divisoes',
      columns: { nome: { header: 'cadastros.fields.nome', value: (d) => d.nome } },
    }),
  },
  typeDefs: readFileSync(new URL('./divisoes.graphql', import.meta.url), 'utf8'),
  Query: {
    divisoes: operation({ access: 'signedIn', resolve: (_args: unknown, { db }) => q.listDivisoes(db) }),
  },
  Mutation: {
    salvarDivisao: operation({
      access: STAFF,
      resolve: (args: { divisao: unknown }, ctx) => save(divisaoSpec, args.divisao, ctx),
    }),
    excluirDivisao: operation({
      access: STAFF,
      resolve: (args: unknown, ctx) =>
        remove({ tipo: 'DIVISAO', find: q.findDivisao, remove: q.deleteDivisao }, args, ctx),
    }),
  },
};
