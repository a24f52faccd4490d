import { readFileSync } from 'node:fs';
import { policies } from '../../../domain/policies';
import { desligamentoSchema } from '../../../domain/schemas/referencia';
import { desligamentos } from '../../db/schema';
import { referenceFeature } from '../../reference/feature';
import { desligamentoQueries as q } from './queries';

export const desligamentosFeature = referenceFeature({
  name: 'desligamentos',
  record: 'Desligamento',
  arg: 'desligamento',
  policies: policies.desligamentos,
  typeDefs: readFileSync(new URL('./desligamentos.graphql', import.meta.url), 'utf8'),
  save: {
    tipo: 'DESLIGAMENTO',
    table: desligamentos,
    schema: desligamentoSchema,
    find: q.find,
    insert: q.insert,
    update: q.update,
    uniqueName: { field: 'motivo' },
  },
  remove: q.remove,
  export: { read: q.list, columns: { motivo: { header: 'referencia.fields.motivo', value: (d) => d.motivo } } },
});
