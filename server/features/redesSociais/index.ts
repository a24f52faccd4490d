import { readFileSync } from 'node:fs';
import { policies } from '../../../domain/policies';
import { redeSocialSchema, redesSociaisArgsSchema } from '../../../domain/schemas/referencia';
import { redesSociais } from '../../db/schema';
import { parseInput } from '../../graphql/input';
import { fieldError, optionalRef } from '../../reference';
import { referenceFeature } from '../../reference/feature';
import * as q from './queries';

export const redesSociaisFeature = referenceFeature({
  name: 'redesSociais',
  record: 'RedeSocial',
  arg: 'redeSocial',
  policies: policies.redesSociais,
  typeDefs: readFileSync(new URL('./redesSociais.graphql', import.meta.url), 'utf8'),
  save: {
    tipo: 'REDE_SOCIAL',
    table: redesSociais,
    schema: redeSocialSchema,
    find: q.findRedeSocial,
    insert: q.insertRedeSocial,
    update: q.updateRedeSocial,
    async check(db, input, idioma) {
      if (!(await q.marcaExists(db, input.marcaId))) throw fieldError(idioma, 'marcaId', 'validation.invalidOption');
    },
    uniqueName: { field: 'nome' },
  },
  remove: q.deleteRedeSocial,
  export: {
    read: (db) => q.listRedesSociais(db),
    columns: {
      'marca.nome': { header: 'referencia.fields.marca', value: (r) => r.marca.nome },
      nome: { header: 'referencia.fields.nome', value: (r) => r.nome },
      url: { header: 'referencia.fields.url', value: (r) => r.url },
      icone: { header: 'referencia.fields.icone', value: (r) => r.icone },
    },
    filters: { marcaId: (r) => r.marcaId },
    filterShape: { marcaId: optionalRef },
  },
  list(args, { db, idioma }) {
    const { marca } = parseInput(redesSociaisArgsSchema, args, idioma);
    return q.listRedesSociais(db, marca);
  },
});
