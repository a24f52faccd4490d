import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { policies } from '../../../domain/policies';
import { dealerFilterSchema, dealerSchema, type DealerInput } from '../../../domain/schemas/dealer';
import { idSchema } from '../../../domain/schemas/usuario';
import { auditedSetActive, auditedWrite } from '../../audit/write';
import { dealers } from '../../db/schema';
import { authorize, dealerReach, mayChangeMarcas, type Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { operation, type Feature } from '../../graphql/operation';
import { listExport } from '../../export';
import { formatCnpj } from '../../../domain/documentos';
import * as q from './queries';

const byId = z.object({ id: idSchema });
const sortedIds = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

const view = <R extends { marcas: { id: number }[]; grupos: { id: number }[] }>(row: R) => ({
  ...row,
  marcaIds: row.marcas.map((m) => m.id),
  grupoIds: row.grupos.map((g) => g.id),
});

/** The audited shape of a dealer: the wizard's fields with lists in a stable order. */
function snapshot(d: Omit<DealerInput, 'id'>) {
  return {
    nomeExibicao: d.nomeExibicao,
    razaoSocial: d.razaoSocial,
    cnpj: d.cnpj,
    cnpjsAdicionais: d.cnpjsAdicionais,
    codigos: d.codigos,
    divisaoId: d.divisaoId,
    setorId: d.setorId,
    telefones: d.telefones,
    celulares: d.celulares,
    endereco: d.endereco,
    marcaIds: sortedIds(d.marcaIds),
    grupoIds: sortedIds(d.grupoIds),
    dadosComplementares: [...d.dadosComplementares]
      .map(({ produtoId, uri }) => ({ produtoId, uri }))
      .sort((a, b) => a.produtoId - b.produtoId),
    active: d.active,
  };
}

const snapshotOf = (row: q.DealerRow) =>
  snapshot({
    ...row,
    divisaoId: row.divisaoId ?? 0,
    setorId: row.setorId ?? 0,
    marcaIds: row.marcas.map((m) => m.id),
    grupoIds: row.grupos.map((g) => g.id),
  });

async function visibleDealer(db: DbOrTx, session: Session, id: number) {
  const row = await q.findDealer(db, session, id);
  if (!row) throw notFound(session.idioma);
  return row;
}

// The answer of a write reads the saved dealer without scope (findDealer(tx, null, ...)): a
// manufacturer who removed their last brand from a shared dealer still sees what they saved.

/** The dealer before a change, when the caller may make it (the policy's record rule), else the refusal. */
async function writableDealer(db: DbOrTx, session: Session, id: number, active: boolean) {
  const reach = await dealerReach(db, session, id);
  const before = reach === 'missing' || reach === 'outside' ? undefined : await visibleDealer(db, session, id);
  const policy = before?.active !== active ? policies.dealers.setActive : policies.dealers.edit;
  authorize(session, policy, session.idioma, { reach, changesState: before?.active !== active });
  return snapshotOf(before!);
}

const savedDealer = async (db: DbOrTx, id: number) => view((await q.findDealer(db, null, id))!);

/** Validates against the database, saves and audits in one transaction. */
async function saveDealer(db: DbOrTx, session: Session, input: DealerInput) {
  const id = await auditedWrite(db, session, {
    tipo: 'DEALER',
    table: dealers,
    target: input.id ? { id: input.id, version: input.version } : undefined,
    load: (tx, id) => writableDealer(tx, session, id, input.active),
    async check(tx, before) {
      if (!before) authorize(session, policies.dealers.create, session.idioma);
      const marcasAllowed = await mayChangeMarcas(tx, session, before?.marcaIds ?? [], input.marcaIds);
      return {
        ...(await q.referenceErrors(tx, session, input, marcasAllowed, before?.grupoIds ?? [])),
        ...(await q.uniquenessErrors(tx, input)),
      };
    },
    write: (tx) => q.writeDealer(tx, input),
    after: () => snapshot(input),
    uniqueErrors: (db) => q.uniquenessErrors(db, input),
  });
  return savedDealer(db, id);
}

async function setActive(db: DbOrTx, session: Session, id: number, active: boolean) {
  await auditedSetActive(db, session, {
    tipo: 'DEALER',
    table: dealers,
    id,
    active,
    load: (tx, id) => writableDealer(tx, session, id, active),
  });
  return savedDealer(db, id);
}

const names = (list: { nome: string }[]) => list.map((item) => item.nome);

export const dealersFeature: Feature = {
  exports: {
    dealers: listExport({
      policy: policies.dealers.export,
      filterSchema: dealerFilterSchema.omit({ page: true, rowsPerPage: true }),
      rows: (db, session, filter) => q.exportDealers(db, session, filter),
      fileName: 'routes.dealers',
      columns: [
        { header: 'dealers.fields.nomeExibicao', value: (d) => d.nomeExibicao },
        { header: 'dealers.fields.razaoSocial', value: (d) => d.razaoSocial },
        { header: 'dealers.fields.cnpj', value: (d) => formatCnpj(d.cnpj) },
        { header: 'dealers.fields.codigos', value: (d) => d.codigos },
        { header: 'dealers.fields.cidade', value: (d) => d.cidade },
        { header: 'dealers.fields.estado', value: (d) => d.estado },
        { header: 'dealers.fields.divisao', value: (d) => d.divisao?.nome },
        { header: 'dealers.fields.marcas', value: (d) => names(d.marcas) },
        { header: 'dealers.fields.grupos', value: (d) => names(d.grupos) },
        { header: 'dealers.fields.totalUsuarios', value: (d) => d.totalUsuarios },
        { header: 'dealers.fields.active', value: (d) => d.active },
      ],
    }),
  },
  typeDefs: readFileSync(new URL('./dealers.graphql', import.meta.url), 'utf8'),
  Query: {
    dealers: operation({
      policy: policies.dealers.list,
      async resolve(args: { filterInput: unknown }, { db, session, idioma }) {
        const page = await q.listDealers(db, session, parseInput(dealerFilterSchema, args.filterInput ?? {}, idioma));
        return { ...page, content: page.content.map(view) };
      },
    }),
    dealersOpcoes: operation({
      policy: policies.dealers.options,
      async resolve(args: { filterInput: unknown }, { db, session, idioma }) {
        const page = await q.listDealers(db, session, parseInput(dealerFilterSchema, args.filterInput ?? {}, idioma));
        return { ...page, content: page.content.map(({ id, nomeExibicao, active }) => ({ id, nomeExibicao, active })) };
      },
    }),
    dealer: operation({
      policy: policies.dealers.list,
      resolve: async (args: unknown, { db, session, idioma }) =>
        view(await visibleDealer(db, session, parseInput(byId, args, idioma).id)),
    }),
  },
  Mutation: {
    salvarDealer: operation({
      // A create also passes policies.dealers.create (saveDealer).
      policy: policies.dealers.edit,
      resolve: (args: { dealer: unknown }, { db, session, idioma }) =>
        saveDealer(db, session, parseInput(dealerSchema, args.dealer, idioma)),
    }),
    ativarDealer: operation({
      policy: policies.dealers.setActive,
      resolve: (args: unknown, { db, session, idioma }) =>
        setActive(db, session, parseInput(byId, args, idioma).id, true),
    }),
    inativarDealer: operation({
      policy: policies.dealers.setActive,
      resolve: (args: unknown, { db, session, idioma }) =>
        setActive(db, session, parseInput(byId, args, idioma).id, false),
    }),
  },
};
