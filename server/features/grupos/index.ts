import { readFileSync } from 'node:fs';
import { policies } from '../../../domain/policies';
import { grupoFilterSchema, grupoSchema, type GrupoInput } from '../../../domain/schemas/grupo';
import { idSchema } from '../../../domain/schemas/usuario';
import { z } from 'zod';
import { auditedWrite } from '../../audit/write';
import { grupos } from '../../db/schema';
import { authorize, grupoReach, mayChangeMarcas, type Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { operation, type Feature } from '../../graphql/operation';
import { listExport } from '../../export';
import { applyCascade, cascadeCounts } from './cascade';
import * as q from './queries';

const byId = z.object({ id: idSchema });

const view = <R extends { marcas: { id: number }[] }>(row: R) => ({ ...row, marcaIds: row.marcas.map((m) => m.id) });
const snapshot = (g: { nome: string; active: boolean; marcaIds: number[] }) => ({
  nome: g.nome,
  active: g.active,
  marcaIds: [...g.marcaIds].sort((a, b) => a - b),
});

/** The group as the caller may see it, or NOT_FOUND (also for groups outside the caller's scope). */
async function visibleGrupo(db: DbOrTx, session: Session, id: number) {
  const row = await q.findGrupo(db, session, id);
  if (!row) throw notFound(session.idioma);
  return view(row);
}

/** The group just saved: the caller may have removed their last brand from it, and still sees the result. */
const savedGrupo = async (db: DbOrTx, id: number) => view((await q.findGrupo(db, null, id))!);

/** The group before a change, when the caller may make it (the policy's record rule), else the refusal. */
async function writableGrupo(db: DbOrTx, session: Session, id: number, active: boolean) {
  const reach = await grupoReach(db, session, id);
  const before = reach === 'missing' || reach === 'outside' ? undefined : await visibleGrupo(db, session, id);
  const policy = before?.active !== active ? policies.grupos.setActive : policies.grupos.edit;
  authorize(session, policy, session.idioma, { reach, changesState: before?.active !== active });
  return snapshot(before!);
}

const nameErrors = async (db: DbOrTx, input: GrupoInput): Promise<Record<string, string>> =>
  (await q.nomeEmUso(db, input.nome, input.id)) ? { nome: 'grupos.validation.nomeEmUso' } : {};

/** Server-side rules the schema cannot see: unique name, known brands the caller may change. */
async function grupoErrors(db: DbOrTx, session: Session, input: GrupoInput, before: number[]) {
  const errors = await nameErrors(db, input);
  const known = await q.existingMarcaIds(db, input.marcaIds);
  if (input.marcaIds.some((id) => !known.has(id)) || !(await mayChangeMarcas(db, session, before, input.marcaIds))) {
    errors.marcaIds = 'grupos.validation.marcaNaoPermitida';
  }
  return errors;
}

/** Saves a group and its cascade in one transaction, audited per record. */
async function saveGrupo(db: DbOrTx, session: Session, input: GrupoInput, version: number | 'any' | null | undefined) {
  const id = await auditedWrite(db, session, {
    tipo: 'GRUPO',
    table: grupos,
    target: input.id ? { id: input.id, version } : undefined,
    load: (tx, id) => writableGrupo(tx, session, id, input.active),
    async check(tx, before) {
      if (!before) authorize(session, policies.grupos.create, session.idioma);
      return grupoErrors(tx, session, input, before?.marcaIds ?? []);
    },
    async write(tx, before) {
      if (!before) return q.insertGrupo(tx, input);
      await applyCascade(tx, session, input.id!, input);
      await q.updateGrupo(tx, input.id!, input);
      return input.id!;
    },
    after: () => snapshot(input),
    uniqueErrors: (db) => nameErrors(db, input),
  });
  return savedGrupo(db, id);
}

/** Saves the group as it stands with another state; saveGrupo checks the caller's reach on it. */
async function setActive(db: DbOrTx, session: Session, id: number, active: boolean) {
  const current = await q.findGrupo(db, null, id);
  if (!current) throw notFound(session.idioma);
  return saveGrupo(db, session, { id, nome: current.nome, marcaIds: view(current).marcaIds, active }, 'any');
}

const names = (list: { nome: string }[]) => list.map((item) => item.nome);

export const gruposFeature: Feature = {
  exports: {
    grupos: listExport({
      policy: policies.grupos.export,
      filterSchema: grupoFilterSchema.omit({ page: true, rowsPerPage: true }),
      rows: (db, session, filter) => q.exportGrupos(db, session, filter),
      fileName: 'routes.grupos',
      columns: [
        { header: 'grupos.fields.nome', value: (g) => g.nome },
        { header: 'grupos.fields.marcas', value: (g) => names(g.marcas) },
        { header: 'grupos.fields.totalDealers', value: (g) => g.totalDealers },
        { header: 'grupos.fields.active', value: (g) => g.active },
      ],
    }),
  },
  typeDefs: readFileSync(new URL('./grupos.graphql', import.meta.url), 'utf8'),
  Query: {
    grupos: operation({
      policy: policies.grupos.list,
      async resolve(args: { filterInput: unknown }, { db, session, idioma }) {
        const page = await q.listGrupos(db, session, parseInput(grupoFilterSchema, args.filterInput ?? {}, idioma));
        return { ...page, content: page.content.map(view) };
      },
    }),
    grupo: operation({
      policy: policies.grupos.list,
      resolve: (args: unknown, { db, session, idioma }) => visibleGrupo(db, session, parseInput(byId, args, idioma).id),
    }),
    gruposAtivos: operation({
      policy: policies.grupos.options,
      resolve: async (_args: unknown, { db, session }) => (await q.listGruposAtivos(db, session)).map(view),
    }),
    impactoGrupo: operation({
      policy: policies.grupos.edit,
      async resolve(args: { grupo: unknown }, { db, session, idioma }) {
        const input = parseInput(grupoSchema, args.grupo, idioma);
        if (!input.id) return { dealersDesvinculados: 0, dealersInativados: 0, usuariosInativados: 0 };
        await visibleGrupo(db, session, input.id);
        return cascadeCounts(db, session, input.id, input);
      },
    }),
  },
  Mutation: {
    salvarGrupo: operation({
      // A create also passes policies.grupos.create (saveGrupo).
      policy: policies.grupos.edit,
      resolve(args: { grupo: unknown }, { db, session, idioma }) {
        const input = parseInput(grupoSchema, args.grupo, idioma);
        return saveGrupo(db, session, input, input.version);
      },
    }),
    ativarGrupo: operation({
      policy: policies.grupos.setActive,
      resolve: (args: unknown, { db, session, idioma }) =>
        setActive(db, session, parseInput(byId, args, idioma).id, true),
    }),
    inativarGrupo: operation({
      policy: policies.grupos.setActive,
      resolve: (args: unknown, { db, session, idioma }) =>
        setActive(db, session, parseInput(byId, args, idioma).id, false),
    }),
  },
};
