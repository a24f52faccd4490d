import { readFileSync } from 'node:fs';
import { policies } from '../../../domain/policies';
import { cargoSchema, cargosArgsSchema } from '../../../domain/schemas/referencia';
import { cargos } from '../../db/schema';
import { parseInput } from '../../graphql/input';
import { operation, type Feature } from '../../graphql/operation';
import { referenceExport, remove, save, type SaveSpec } from '../../reference';
import * as q from './queries';

const cargoSpec: SaveSpec<typeof cargoSchema, q.CargoRow> = {
  create: policies.cargos.create,
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
      policy: policies.cargos.export,
      read: q.listCargos,
      fileName: 'routes.cargos',
      columns: { nome: { header: 'referencia.fields.nome', value: (c) => c.nome } },
    }),
  },
  typeDefs: readFileSync(new URL('./cargos.graphql', import.meta.url), 'utf8'),
  Query: {
    cargos: operation({
      policy: policies.cargos.options,
      async resolve(args: unknown, { db, idioma }) {
        // usuarioId and cargosPrincipais are accepted (spec section 7); every position is returned.
        parseInput(cargosArgsSchema, args, idioma);
        return q.listCargos(db);
      },
    }),
  },
  Mutation: {
    salvarCargo: operation({
      policy: policies.cargos.edit,
      resolve: (args: { cargo: unknown }, ctx) => save(cargoSpec, args.cargo, ctx),
    }),
    excluirCargo: operation({
      policy: policies.cargos.delete,
      resolve: (args: unknown, ctx) =>
        remove({ tipo: 'CARGO', table: cargos, find: q.findCargo, remove: q.deleteCargo }, args, ctx),
    }),
  },
};
