import { readFileSync } from 'node:fs';
import { policies } from '../../../domain/policies';
import { departamentoSchema } from '../../../domain/schemas/referencia';
import { departamentos } from '../../db/schema';
import { operation, type Feature } from '../../graphql/operation';
import { referenceExport, remove, save, type SaveSpec } from '../../reference';
import * as q from './queries';

const departamentoSpec: SaveSpec<typeof departamentoSchema, q.DepartamentoRow> = {
  create: policies.departamentos.create,
  tipo: 'DEPARTAMENTO',
  table: departamentos,
  schema: departamentoSchema,
  find: q.findDepartamento,
  insert: q.insertDepartamento,
  update: q.updateDepartamento,
  uniqueName: { field: 'nome' },
};

export const departamentosFeature: Feature = {
  exports: {
    departamentos: referenceExport<q.DepartamentoRow>({
      policy: policies.departamentos.export,
      read: q.listDepartamentos,
      fileName: 'routes.departamentos',
      columns: {
        nome: { header: 'referencia.fields.nome', value: (d) => d.nome },
        sigla: { header: 'referencia.fields.sigla', value: (d) => d.sigla },
        assinatura: { header: 'referencia.fields.assinatura', value: (d) => d.assinatura },
      },
    }),
  },
  typeDefs: readFileSync(new URL('./departamentos.graphql', import.meta.url), 'utf8'),
  Query: {
    departamentos: operation({
      policy: policies.departamentos.options,
      resolve: (_args: unknown, { db }) => q.listDepartamentos(db),
    }),
    departamentosCargosUsuarios: operation({
      policy: policies.usuarios.edit,
      resolve: (_args: unknown, { db }) => q.listDepartamentos(db),
    }),
  },
  Mutation: {
    salvarDepartamento: operation({
      policy: policies.departamentos.edit,
      resolve: (args: { departamento: unknown }, ctx) => save(departamentoSpec, args.departamento, ctx),
    }),
    excluirDepartamento: operation({
      policy: policies.departamentos.delete,
      resolve: (args: unknown, ctx) =>
        remove(
          { tipo: 'DEPARTAMENTO', table: departamentos, find: q.findDepartamento, remove: q.deleteDepartamento },
          args,
          ctx,
        ),
    }),
  },
};
