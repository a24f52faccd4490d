import { readFileSync } from 'node:fs';
import { policies } from '../../../domain/policies';
import type { Idioma } from '../../../domain/enums';
import { setorSchema } from '../../../domain/schemas/referencia';
import type { DbOrTx } from '../../db/client';
import { setores } from '../../db/schema';
import { operation, type Feature } from '../../graphql/operation';
import { fieldError, optionalRef, referenceExport, remove, save, type SaveSpec } from '../../reference';
import * as q from './queries';

type SetorView = NonNullable<Awaited<ReturnType<typeof q.findSetor>>>;

const requireDivisao = async (db: DbOrTx, input: { divisaoId: number }, idioma: Idioma) => {
  if (!(await q.divisaoExists(db, input.divisaoId))) throw fieldError(idioma, 'divisaoId', 'validation.invalidOption');
};

const setorSpec: SaveSpec<typeof setorSchema, SetorView> = {
  create: policies.setores.create,
  tipo: 'SETOR',
  table: setores,
  schema: setorSchema,
  find: q.findSetor,
  insert: q.insertSetor,
  update: q.updateSetor,
  check: requireDivisao,
  uniqueName: { field: 'nome' },
};

export const setoresFeature: Feature = {
  exports: {
    setores: referenceExport<SetorView>({
      policy: policies.setores.export,
      read: q.listSetores,
      fileName: 'routes.setores',
      columns: {
        nome: { header: 'referencia.fields.nome', value: (s) => s.nome },
        'divisao.nome': { header: 'referencia.fields.divisao', value: (s) => s.divisao.nome },
      },
      filters: { divisaoId: (s) => s.divisaoId },
      filterShape: { divisaoId: optionalRef },
    }),
  },
  typeDefs: readFileSync(new URL('./setores.graphql', import.meta.url), 'utf8'),
  Query: {
    setores: operation({ policy: policies.setores.options, resolve: (_args: unknown, { db }) => q.listSetores(db) }),
  },
  Mutation: {
    salvarSetor: operation({
      policy: policies.setores.edit,
      resolve: (args: { setor: unknown }, ctx) => save(setorSpec, args.setor, ctx),
    }),
    excluirSetor: operation({
      policy: policies.setores.delete,
      resolve: (args: unknown, ctx) =>
        remove({ tipo: 'SETOR', table: setores, find: q.findSetor, remove: q.deleteSetor }, args, ctx),
    }),
  },
};
