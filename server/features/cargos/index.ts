import { readFileSync } from 'node:fs';
import { policies } from '../../../domain/policies';
import { cargoSchema, cargosArgsSchema } from '../../../domain/schemas/referencia';
import { cargos } from '../../db/schema';
import { parseInput } from '../../graphql/input';
import { referenceFeature } from '../../reference/feature';
import { cargoQueries as q } from './queries';

export const cargosFeature = referenceFeature({
  name: 'cargos',
  record: 'Cargo',
  arg: 'cargo',
  policies: policies.cargos,
  typeDefs: readFileSync(new URL('./cargos.graphql', import.meta.url), 'utf8'),
  save: {
    tipo: 'CARGO',
    table: cargos,
    schema: cargoSchema,
    find: q.find,
    insert: q.insert,
    update: q.update,
    uniqueName: { field: 'nome', taken: q.nameTaken },
  },
  remove: q.remove,
  export: { read: q.list, columns: { nome: { header: 'referencia.fields.nome', value: (c) => c.nome } } },
  list(args, { db, idioma }) {
    // usuarioId and cargosPrincipais are accepted (spec section 7); every position is returned.
    parseInput(cargosArgsSchema, args, idioma);
    return q.list(db);
  },
});
