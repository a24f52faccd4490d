import { readFileSync } from 'node:fs';
import { policies } from '../../../domain/policies';
import { idArgSchema, marcaSchema } from '../../../domain/schemas/referencia';
import { optionalBoolean } from '../../../domain/schemas/lista';
import { auditedWrite } from '../../audit/write';
import { marcas } from '../../db/schema';
import type { SignedInContext } from '../../graphql/context';
import { notFound } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { operation, type Feature } from '../../graphql/operation';
import { auditView, referenceExport, save, type SaveSpec } from '../../reference';
import * as q from './queries';

/** Activates or inactivates a brand; audited only when the state changes. */
async function setMarcaActive(args: unknown, active: boolean, { db, session, idioma }: SignedInContext) {
  const { id } = parseInput(idArgSchema, args, idioma);
  await auditedWrite(db, session, {
    tipo: 'MARCA',
    table: marcas,
    target: { id, version: 'any' },
    async load(tx, id) {
      const row = await q.findMarca(tx, id);
      if (!row) throw notFound(idioma);
      return auditView(row);
    },
    write: (tx) => q.updateMarca(tx, id, { active }).then(() => id),
    after: (before) => ({ ...before!, active }),
  });
  return (await q.findMarca(db, id))!;
}

const marcaSpec: SaveSpec<typeof marcaSchema, q.MarcaRow> = {
  create: policies.marcas.create,
  tipo: 'MARCA',
  table: marcas,
  schema: marcaSchema,
  find: q.findMarca,
  insert: q.insertMarca,
  update: q.updateMarca,
  uniqueName: { field: 'nome', taken: q.marcaNameTaken },
};

export const marcasFeature: Feature = {
  exports: {
    marcas: referenceExport<q.MarcaRow>({
      policy: policies.marcas.export,
      read: q.listMarcas,
      fileName: 'routes.marcas',
      columns: {
        nome: { header: 'referencia.fields.nome', value: (m) => m.nome },
        descricao: { header: 'referencia.fields.descricao', value: (m) => m.descricao },
        facebookId: { header: 'referencia.fields.facebookId', value: (m) => m.facebookId },
        active: { header: 'referencia.fields.active', value: (m) => m.active },
      },
      filters: { active: (m) => m.active },
      filterShape: { active: optionalBoolean },
    }),
  },
  typeDefs: readFileSync(new URL('./marcas.graphql', import.meta.url), 'utf8'),
  Query: {
    marcas: operation({
      policy: policies.marcas.options,
      resolve: (_args: unknown, { db, session }) => q.listMarcasFor(db, session),
    }),
  },
  Mutation: {
    salvarMarca: operation({
      policy: policies.marcas.edit,
      resolve: (args: { marca: unknown }, ctx) => save(marcaSpec, args.marca, ctx),
    }),
    ativarMarca: operation({
      policy: policies.marcas.setActive,
      resolve: (args: unknown, ctx) => setMarcaActive(args, true, ctx),
    }),
    inativarMarca: operation({
      policy: policies.marcas.setActive,
      resolve: (args: unknown, ctx) => setMarcaActive(args, false, ctx),
    }),
  },
};
