import { readFileSync } from 'node:fs';
import { policies } from '../../../domain/policies';
import { desligamentoSchema } from '../../../domain/schemas/referencia';
import { desligamentos } from '../../db/schema';
import { operation, type Feature } from '../../graphql/operation';
import { referenceExport, remove, save, type SaveSpec } from '../../reference';
import * as q from './queries';

const desligamentoSpec: SaveSpec<typeof desligamentoSchema, q.DesligamentoRow> = {
  create: policies.desligamentos.create,
  tipo: 'DESLIGAMENTO',
  table: desligamentos,
  schema: desligamentoSchema,
  find: q.findDesligamento,
  insert: q.insertDesligamento,
  update: q.updateDesligamento,
  uniqueName: { field: 'motivo' },
};

export const desligamentosFeature: Feature = {
  exports: {
    desligamentos: referenceExport<q.DesligamentoRow>({
      policy: policies.desligamentos.export,
      read: q.listDesligamentos,
      fileName: 'routes.desligamentos',
      columns: { motivo: { header: 'referencia.fields.motivo', value: (d) => d.motivo } },
    }),
  },
  typeDefs: readFileSync(new URL('./desligamentos.graphql', import.meta.url), 'utf8'),
  Query: {
    desligamentos: operation({
      policy: policies.desligamentos.options,
      resolve: (_args: unknown, { db }) => q.listDesligamentos(db),
    }),
  },
  Mutation: {
    salvarDesligamento: operation({
      policy: policies.desligamentos.edit,
      resolve: (args: { desligamento: unknown }, ctx) => save(desligamentoSpec, args.desligamento, ctx),
    }),
    excluirDesligamento: operation({
      policy: policies.desligamentos.delete,
      resolve: (args: unknown, ctx) =>
        remove(
          { tipo: 'DESLIGAMENTO', table: desligamentos, find: q.findDesligamento, remove: q.deleteDesligamento },
          args,
          ctx,
        ),
    }),
  },
};
