import { readFileSync } from 'node:fs';
import { policies } from '../../../domain/policies';
import { idArgSchema, marcaSchema } from '../../../domain/schemas/referencia';
import { optionalBoolean } from '../../../domain/schemas/lista';
import { auditedSetActive } from '../../audit/write';
import { marcas } from '../../db/schema';
import type { SignedInContext } from '../../graphql/context';
import { notFound } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { operation } from '../../graphql/operation';
import { auditView } from '../../reference';
import { referenceFeature } from '../../reference/feature';
import * as q from './queries';

/** Activates or inactivates a brand; audited only when the state changes. */
async function setMarcaActive(args: unknown, active: boolean, { db, session, idioma }: SignedInContext) {
  const { id } = parseInput(idArgSchema, args, idioma);
  await auditedSetActive(db, session, {
    tipo: 'MARCA',
    table: marcas,
    id,
    active,
    async load(tx, id) {
      const row = await q.findMarca(tx, id);
      if (!row) throw notFound(idioma);
      return auditView(row);
    },
  });
  return (await q.findMarca(db, id))!;
}

export const marcasFeature = referenceFeature({
  name: 'marcas',
  record: 'Marca',
  arg: 'marca',
  policies: policies.marcas,
  typeDefs: readFileSync(new URL('./marcas.graphql', import.meta.url), 'utf8'),
  save: {
    tipo: 'MARCA',
    table: marcas,
    schema: marcaSchema,
    find: q.findMarca,
    insert: q.insertMarca,
    update: q.updateMarca,
    uniqueName: { field: 'nome', taken: q.marcaNameTaken },
  },
  export: {
    read: q.listMarcas,
    columns: {
      nome: { header: 'referencia.fields.nome', value: (m) => m.nome },
      descricao: { header: 'referencia.fields.descricao', value: (m) => m.descricao },
      facebookId: { header: 'referencia.fields.facebookId', value: (m) => m.facebookId },
      active: { header: 'referencia.fields.active', value: (m) => m.active },
    },
    filters: { active: (m) => m.active },
    filterShape: { active: optionalBoolean },
  },
  // Each brand says whether the caller may assign it (dealers, groups).
  list: (_args, { db, session }) => q.listMarcasFor(db, session),
  Mutation: {
    ativarMarca: operation({
      policy: policies.marcas.setActive,
      resolve: (args: unknown, ctx) => setMarcaActive(args, true, ctx),
    }),
    inativarMarca: operation({
      policy: policies.marcas.setActive,
      resolve: (args: unknown, ctx) => setMarcaActive(args, false, ctx),
    }),
  },
});
