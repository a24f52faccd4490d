import { readFileSync } from 'node:fs';
import { policies } from '../../../domain/policies';
import { departamentoSchema } from '../../../domain/schemas/referencia';
import { departamentos } from '../../db/schema';
import { operation } from '../../graphql/operation';
import { referenceFeature } from '../../reference/feature';
import { departamentoQueries as q } from './queries';

export const departamentosFeature = referenceFeature({
  name: 'departamentos',
  record: 'Departamento',
  arg: 'departamento',
  policies: policies.departamentos,
  typeDefs: readFileSync(new URL('./departamentos.graphql', import.meta.url), 'utf8'),
  save: {
    tipo: 'DEPARTAMENTO',
    table: departamentos,
    schema: departamentoSchema,
    find: q.find,
    insert: q.insert,
    update: q.update,
    uniqueName: { field: 'nome' },
  },
  remove: q.remove,
  export: {
    read: q.list,
    columns: {
      nome: { header: 'referencia.fields.nome', value: (d) => d.nome },
      sigla: { header: 'referencia.fields.sigla', value: (d) => d.sigla },
      assinatura: { header: 'referencia.fields.assinatura', value: (d) => d.assinatura },
    },
  },
  Query: {
    departamentosCargosUsuarios: operation({
      policy: policies.usuarios.edit,
      resolve: (_args: unknown, { db }) => q.list(db),
    }),
  },
});
