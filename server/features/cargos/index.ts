import { readFileSync } from 'node:fs';
import { cargoSchema, cargosArgsSchema } from '../../../domain/schemas/cadastros';
import { cargos } from '../../db/schema';
import { parseInput } from '../../graphql/input';
import { operation, type Feature } from '../../graphql/operation';
import { referenceExport, remove, save, STAFF, type SaveSpec } from '../../reference';
import * as q from './queries';

const cargoSpec: SaveSpec<typeof cargoSchema, q.CargoRow> = {
  tipo: 'CARGO',
  table: cargos,
  schema: cargoSchema,
  find: q.findCargo,
  insert: q.insertCargo,
  update: q.updateCargo,
  uniqueName: { field: 'nome', taken: q.cargoNameTaken },
};

export const cargosFeature: Feature = {
  exports: {
    cargos: referenceExport<q.CargoRow>({
      read: q.listCargos,
      fileName: 'routes.cargos',
      columns: { nome: { header: 'cadastros.fields.nome', value: (c) => c.nome } },
    }),
  },
  typeDefs: readFileSync(new URL('./cargos.graphql', import.meta.url), 'utf8'),
  Query: {
    cargos: operation({
      access: 'signedIn',
      async resolve(args: unknown, { db, idioma }) {
        // usuarioId and cargosPrincipais are accepted (spec section 7); every position is returned.
        parseInput(cargosArgsSchema, args, idioma);
        return q.listCargos(db);
      },
    }),
  },
  Mutation: {
    salvarCargo: operation({
      access: STAFF,
      resolve: (args: { cargo: unknown }, ctx) => save(cargoSpec, args.cargo, ctx),
    }),
    excluirCargo: operation({
      access: STAFF,
      resolve: (args: unknown, ctx) => remove({ tipo: 'CARGO', find: q.findCargo, remove: q.deleteCargo }, args, ctx),
    }),
  },
};
