import { readFileSync } from 'node:fs';
import { policies } from '../../../domain/policies';
import type { Idioma } from '../../../domain/enums';
import { redeSocialSchema, redesSociaisArgsSchema } from '../../../domain/schemas/referencia';
import type { DbOrTx } from '../../db/client';
import { redesSociais } from '../../db/schema';
import { parseInput } from '../../graphql/input';
import { operation, type Feature } from '../../graphql/operation';
import { fieldError, optionalRef, referenceExport, remove, save, type SaveSpec } from '../../reference';
import * as q from './queries';

type RedeSocialView = NonNullable<Awaited<ReturnType<typeof q.findRedeSocial>>>;

const requireMarca = async (db: DbOrTx, input: { marcaId: number }, idioma: Idioma) => {
  if (!(await q.marcaExists(db, input.marcaId))) throw fieldError(idioma, 'marcaId', 'validation.invalidOption');
};

const redeSocialSpec: SaveSpec<typeof redeSocialSchema, RedeSocialView> = {
  create: policies.redesSociais.create,
  tipo: 'REDE_SOCIAL',
  table: redesSociais,
  schema: redeSocialSchema,
  find: q.findRedeSocial,
  insert: q.insertRedeSocial,
  update: q.updateRedeSocial,
  check: requireMarca,
  uniqueName: { field: 'nome' },
};

export const redesSociaisFeature: Feature = {
  exports: {
    redesSociais: referenceExport<RedeSocialView>({
      policy: policies.redesSociais.export,
      read: (db) => q.listRedesSociais(db),
      fileName: 'routes.redesSociais',
      columns: {
        'marca.nome': { header: 'referencia.fields.marca', value: (r) => r.marca.nome },
        nome: { header: 'referencia.fields.nome', value: (r) => r.nome },
        url: { header: 'referencia.fields.url', value: (r) => r.url },
        icone: { header: 'referencia.fields.icone', value: (r) => r.icone },
      },
      filters: { marcaId: (r) => r.marcaId },
      filterShape: { marcaId: optionalRef },
    }),
  },
  typeDefs: readFileSync(new URL('./redesSociais.graphql', import.meta.url), 'utf8'),
  Query: {
    redesSociais: operation({
      policy: policies.redesSociais.options,
      async resolve(args: unknown, { db, idioma }) {
        const { marca } = parseInput(redesSociaisArgsSchema, args, idioma);
        return q.listRedesSociais(db, marca);
      },
    }),
  },
  Mutation: {
    salvarRedeSocial: operation({
      policy: policies.redesSociais.edit,
      resolve: (args: { redeSocial: unknown }, ctx) => save(redeSocialSpec, args.redeSocial, ctx),
    }),
    excluirRedeSocial: operation({
      policy: policies.redesSociais.delete,
      resolve: (args: unknown, ctx) =>
        remove(
          { tipo: 'REDE_SOCIAL', table: redesSociais, find: q.findRedeSocial, remove: q.deleteRedeSocial },
          args,
          ctx,
        ),
    }),
  },
};
