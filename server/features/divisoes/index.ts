import { readFileSync } from 'node:fs';
import { policies } from '../../../domain/policies';
import { divisaoSchema } from '../../../domain/schemas/referencia';
import { divisoes } from '../../db/schema';
import { referenceFeature } from '../../reference/feature';
import { divisaoQueries as q } from './queries';

export const divisoesFeature = referenceFeature({
  name: 'divisoes',
  record: 'Divisao',
  arg: 'divisao',
  policies: policies.divisoes,
  typeDefs: readFileSync(new URL('./divisoes.graphql', import.meta.url), 'utf8'),
  save: {
    tipo: 'DIVISAO',
    table: divisoes,
    schema: divisaoSchema,
    find: q.find,
    insert: q.insert,
    update: q.update,
    uniqueName: { field: 'nome', taken: q.nameTaken },
  },
  remove: q.remove,
  export: { read: q.list, columns: { nome: { header: 'referencia.fields.nome', value: (d) => d.nome } } },
});
