import { readFileSync } from 'node:fs';
import { policies } from '../../../domain/policies';
import { setorSchema } from '../../../domain/schemas/referencia';
import { setores } from '../../db/schema';
import { fieldError, optionalRef } from '../../reference';
import { referenceFeature } from '../../reference/feature';
import * as q from './queries';

export const setoresFeature = referenceFeature({
  name: 'setores',
  record: 'Setor',
  arg: 'setor',
  policies: policies.setores,
  typeDefs: readFileSync(new URL('./setores.graphql', import.meta.url), 'utf8'),
  save: {
    tipo: 'SETOR',
    table: setores,
    schema: setorSchema,
    find: q.findSetor,
    insert: q.insertSetor,
    update: q.updateSetor,
    async check(db, input, idioma) {
      if (!(await q.divisaoExists(db, input.divisaoId)))
        throw fieldError(idioma, 'divisaoId', 'validation.invalidOption');
    },
    uniqueName: { field: 'nome' },
  },
  remove: q.deleteSetor,
  export: {
    read: q.listSetores,
    columns: {
      nome: { header: 'referencia.fields.nome', value: (s) => s.nome },
      'divisao.nome': { header: 'referencia.fields.divisao', value: (s) => s.divisao.nome },
    },
    filters: { divisaoId: (s) => s.divisaoId },
    filterShape: { divisaoId: optionalRef },
  },
});
