import { readFileSync } from 'node:fs';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { policies, type Policy } from '../../../domain/policies';
import {
  anuncioFilterSchema,
  anuncioSchema,
  moverSlideSchema,
  slideFilterSchema,
  slideSchema,
  vitrineIdInput,
  type AnuncioValues,
  type SlideValues,
} from '../../../domain/schemas/vitrine';
import type { TipoVitrine } from '../../../domain/vitrine';
import { auditedSetActive, auditedWrite, type VersionedTable } from '../../audit/write';
import { unusableGroups, type Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { anuncios, slides } from '../../db/schema';
import { notFound } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { operation, type Feature } from '../../graphql/operation';
import { agendarVariante } from './imagens';
import * as q from './queries';

/**
 * Slides of the home carousel and adverts (issue #30): one feature for both, as they share the
 * display period, the image, the user groups and the audience. Records are maintained by those
 * holding PORTAL_MANUTENCAO_SLIDES / PORTAL_MANUTENCAO_ANUNCIOS, within the records whose author
 * they see (queries.scopeOf); every write goes through auditedWrite (audit tipos SLIDE, ANUNCIO).
 * A user sees, on the home page, the records on display (active, within the period) shown to a
 * group the audience engine puts them in: slidesAtivos in order, anuncioAleatorio one at random.
 */
export { vitrineArea, vitrineImagemRoutes, vitrineJobs, VARIANTES_FILA } from './imagens';

interface KindSpec {
  tipo: TipoVitrine;
  table: VersionedTable & { active: AnyPgColumn };
  policy: { list: Policy; create: Policy; edit: Policy };
}

const SLIDE: KindSpec = { tipo: 'SLIDE', table: slides, policy: policies.slides };
const ANUNCIO: KindSpec = { tipo: 'ANUNCIO', table: anuncios, policy: policies.anuncios };

/** The caller reaches the slide or advert (its scope): the audit page's record check. */
/** May the caller read a record's history: one in their scope, or none at all (an empty history, as other kinds). */
export const vitrineNoAlcance = async (db: DbOrTx, session: Session, tipo: TipoVitrine, id: number) =>
  (await q.find(db, tipo, session, id)) !== undefined || !(await q.existe(db, tipo, id));

async function readable(db: DbOrTx, k: KindSpec, session: Session, id: number) {
  const row = await q.find(db, k.tipo, session, id);
  if (!row) throw notFound(session.idioma);
  return row;
}

/** What the audit trail keeps of a record: its fields, the image by its name, the groups by id (named by the audit page). */
function snapshotOf(row: q.VitrineRow) {
  const { id: _id, version: _v, arquivo, grupos, emExibicao: _e, createdDateTime: _c, ordem: _o, ...campos } = row;
  delete (campos as Record<string, unknown>).autor;
  return {
    ...campos,
    imagem: arquivo.nome,
    grupoIds: grupos.map((g) => Number(g.id)).sort((a, b) => a - b),
  };
}

type Snapshot = ReturnType<typeof snapshotOf>;

/** The saved record's snapshot from its input (the image's name read in the transaction). */
function snapshotOfInput(input: SlideValues | AnuncioValues, k: KindSpec, imagem: string): Snapshot {
  const { id: _id, version: _v, arquivoId: _a, grupoIds, ...campos } = input as SlideValues;
  return {
    ...(k.tipo === 'SLIDE'
      ? campos
      : {
          titulo: campos.titulo,
          link: campos.link,
          linkTarget: campos.linkTarget,
          inicioDate: campos.inicioDate,
          fimDate: campos.fimDate,
          active: campos.active,
        }),
    imagem,
    grupoIds: [...new Set(grupoIds)].sort((a, b) => a - b),
  } as Snapshot;
}

async function save(db: DbOrTx, k: KindSpec, session: Session, input: SlideValues | AnuncioValues) {
  let imagem = '';
  const id = await auditedWrite(db, session, {
    tipo: k.tipo,
    table: k.table,
    target: input.id ? { id: input.id, version: input.version } : undefined,
    load: async (tx, id) => snapshotOf(await readable(tx, k, session, id)),
    async check(tx) {
      const errors: Record<string, string> = {};
      if (await unusableGroups(tx, session, input.grupoIds)) errors.grupoIds = 'vitrine.validation.grupoNaoPermitido';
      if (!(await q.imagemUtilizavel(tx, k.tipo, session, input.arquivoId, input.id ?? null))) {
        errors.arquivoId = 'vitrine.validation.imagemInvalida';
      } else {
        const { rows } = await tx.execute<{ nome: string }>(
          sql`select nome from arquivos where id = ${input.arquivoId}`,
        );
        imagem = rows[0]!.nome;
      }
      return errors;
    },
    async write(tx) {
      const saved = await q.write(tx, k.tipo, session, input);
      await agendarVariante(tx, input.arquivoId, session.usuarioId);
      return saved;
    },
    after: () => snapshotOfInput(input, k, imagem),
  });
  return readable(db, k, session, id);
}

async function setActive(db: DbOrTx, k: KindSpec, session: Session, id: number, active: boolean) {
  await auditedSetActive(db, session, {
    tipo: k.tipo,
    table: k.table,
    id,
    active,
    load: async (tx, id) => snapshotOf(await readable(tx, k, session, id)),
  });
  return readable(db, k, session, id);
}

/** Moves a slide in the carousel, audited as a change of its position. */
async function mover(db: DbOrTx, session: Session, id: number, posicao: number) {
  let ordem = 0;
  await auditedWrite(db, session, {
    tipo: 'SLIDE',
    table: slides,
    target: { id, version: 'any' },
    load: async (tx, id) => ({ ordem: (await readable(tx, SLIDE, session, id)).ordem }),
    async write(tx) {
      ordem = await q.moverSlide(tx, session, id, posicao);
      return id;
    },
    after: () => ({ ordem }),
  });
  return readable(db, SLIDE, session, id);
}

const queriesOf = (k: KindSpec, filterSchema: typeof slideFilterSchema | typeof anuncioFilterSchema) => ({
  list: operation({
    policy: k.policy.list,
    resolve: (args: { filterInput?: unknown }, { db, session, idioma }) =>
      q.list(db, k.tipo, session, parseInput(filterSchema, args.filterInput ?? {}, idioma)),
  }),
  get: operation({
    policy: k.policy.list,
    resolve: (args: unknown, { db, session, idioma }) =>
      readable(db, k, session, parseInput(vitrineIdInput, args, idioma).id),
  }),
});

const writesOf = (k: KindSpec, arg: string, schema: typeof slideSchema | typeof anuncioSchema) => ({
  save: operation({
    policy: k.policy.edit,
    resolve: (args: Record<string, unknown>, { db, session, idioma }) =>
      save(db, k, session, parseInput(schema, args[arg], idioma)),
  }),
  activate: (active: boolean) =>
    operation({
      policy: k.policy.edit,
      resolve: (args: unknown, { db, session, idioma }) =>
        setActive(db, k, session, parseInput(vitrineIdInput, args, idioma).id, active),
    }),
});

const slideQueries = queriesOf(SLIDE, slideFilterSchema);
const anuncioQueries = queriesOf(ANUNCIO, anuncioFilterSchema);
const slideWrites = writesOf(SLIDE, 'slide', slideSchema);
const anuncioWrites = writesOf(ANUNCIO, 'anuncio', anuncioSchema);

export const vitrineFeature: Feature = {
  typeDefs: readFileSync(new URL('./vitrine.graphql', import.meta.url), 'utf8'),
  Query: {
    slides: slideQueries.list,
    slide: slideQueries.get,
    anuncios: anuncioQueries.list,
    anuncio: anuncioQueries.get,
    slidesAtivos: operation({
      policy: policies.portal.use,
      resolve: (_args: unknown, { db, session }) => q.slidesAtivos(db, session.usuarioId),
    }),
    anuncioAleatorio: operation({
      policy: policies.portal.use,
      resolve: (_args: unknown, { db, session }) => q.anuncioAleatorio(db, session.usuarioId),
    }),
  },
  Mutation: {
    salvarSlide: slideWrites.save,
    ativarSlide: slideWrites.activate(true),
    inativarSlide: slideWrites.activate(false),
    moverSlide: operation({
      policy: policies.slides.edit,
      resolve: (args: unknown, { db, session, idioma }) => {
        const { id, posicao } = parseInput(moverSlideSchema, args, idioma);
        return mover(db, session, id, posicao);
      },
    }),
    salvarAnuncio: anuncioWrites.save,
    ativarAnuncio: anuncioWrites.activate(true),
    inativarAnuncio: anuncioWrites.activate(false),
  },
};
