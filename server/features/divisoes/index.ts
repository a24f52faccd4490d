import { readFileSync } from 'node:fs';
import { policies } from '../../../domain/policies';
import { divisaoSchema } from '../../../domain/schemas/referencia';
import { divisoes } from '../../db/schema';
import { operation, type Feature } from '../../graphql/operation';
import { referenceExport, remove, save, type SaveSpec } from '../../reference';
import * as q from './queries';

const divisaoSpec: SaveSpec<typeof divisaoSchema, q.DivisaoRow> = {
  create: policies.divisoes.create,
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
      policy: policies.divisoes.export,
      read: q.listDivisoes,
      fileName: 'routes.divisoes',
      columns: { nome: { header: 'referencia.fields.nome', value: (d) => d.nome } },
    }),
  },
  typeDefs: readFileSync(new URL('./divisoes.graphql', import.meta.url), 'utf8'),
  Query: {
    divisoes: operation({ policy: policies.divisoes.options, resolve: (_args: unknown, { db }) => q.listDivisoes(db) }),
  },
  Mutation: {
    salvarDivisao: operation({
      policy: policies.divisoes.edit,
      resolve: (args: { divisao: unknown }, ctx) => save(divisaoSpec, args.divisao, ctx),
    }),
    excluirDivisao: operation({
      policy: policies.divisoes.delete,
      resolve: (args: unknown, ctx) =>
        remove({ tipo: 'DIVISAO', table: divisoes, find: q.findDivisao, remove: q.deleteDivisao }, args, ctx),
    }),
  },
};
