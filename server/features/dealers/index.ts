import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { routeAccess } from '../../../domain/routes';
import { dealerFilterSchema, dealerSchema, type DealerInput } from '../../../domain/schemas/dealer';
import { idSchema } from '../../../domain/schemas/usuario';
import { diff, recordAudit } from '../../audit';
import { assertWriteReach, dealerReach, mayChangeMarcas, mayCreateInNetwork, type Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { badUserInputKeys, forbidden, notFound } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { operation, type Feature } from '../../graphql/operation';
import { listExport } from '../../export';
import { formatCnpj } from '../../../domain/documentos';
import * as q from './queries';

const access = routeAccess('dealers');
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

/** The dealer before a change, when the caller may make it (assertWriteReach), else the refusal. */
async function writableDealer(db: DbOrTx, session: Session, id: number, active: boolean) {
  const reach = await dealerReach(db, session, id);
  const before = reach === 'missing' || reach === 'outside' ? undefined : await visibleDealer(db, session, id);
  assertWriteReach(session, reach, { active: before?.active !== active });
  return before!;
}

/** Validates against the database, saves and audits in one transaction. */
async function saveDealer(db: DbOrTx, session: Session, input: DealerInput) {
  return db.transaction(async (tx) => {
    if (!input.id && !mayCreateInNetwork(session)) throw forbidden(session.idioma);
    const before = input.id ? await writableDealer(tx, session, input.id, input.active) : undefined;
    const errors = {
      ...(await q.referenceErrors(
        tx,
        session,
        input,
        await mayChangeMarcas(tx, session, before?.marcas.map((m) => m.id) ?? [], input.marcaIds),
        before?.grupos.map((g) => g.id) ?? [],
      )),
      ...(await q.uniquenessErrors(tx, input)),
    };
    if (Object.keys(errors).length) throw badUserInputKeys(session.idioma, errors);
    const id = await q.writeDealer(tx, input);
    const after = snapshot(input);
    if (!before) {
      await recordAudit(tx, {
        tipo: 'DEALER',
        registroId: id,
        alteracao: 'CRIACAO',
        valorNovo: after,
        autorId: session.usuarioId,
      });
    } else {
      const change = diff(snapshotOf(before), after);
      if (change.changed) {
        const alteracao = before.active === input.active ? 'ALTERACAO' : input.active ? 'ATIVACAO' : 'INATIVACAO';
        await recordAudit(tx, {
          tipo: 'DEALER',
          registroId: id,
          alteracao,
          valorAnterior: change.antes,
          valorNovo: change.depois,
          autorId: session.usuarioId,
        });
      }
    }
    return view((await q.findDealer(tx, null, id))!);
  });
}

async function setActive(db: DbOrTx, session: Session, id: number, active: boolean) {
  return db.transaction(async (tx) => {
    const before = await writableDealer(tx, session, id, active);
    if (before.active !== active) {
      await q.setDealerActive(tx, id, active);
      await recordAudit(tx, {
        tipo: 'DEALER',
        registroId: id,
        alteracao: active ? 'ATIVACAO' : 'INATIVACAO',
        valorAnterior: { active: before.active },
        valorNovo: { active },
        autorId: session.usuarioId,
      });
    }
    return view((await q.findDealer(tx, null, id))!);
  });
}

const names = (list: { nome: string }[]) => list.map((item) => item.nome);

export const dealersFeature: Feature = {
  exports: {
    dealers: listExport({
      access,
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
      access,
      async resolve(args: { filterInput: unknown }, { db, session, idioma }) {
        const page = await q.listDealers(db, session, parseInput(dealerFilterSchema, args.filterInput ?? {}, idioma));
        return { ...page, content: page.content.map(view) };
      },
    }),
    dealer: operation({
      access,
      resolve: async (args: unknown, { db, session, idioma }) =>
        view(await visibleDealer(db, session, parseInput(byId, args, idioma).id)),
    }),
  },
  Mutation: {
    salvarDealer: operation({
      access,
      resolve: (args: { dealer: unknown }, { db, session, idioma }) =>
        saveDealer(db, session, parseInput(dealerSchema, args.dealer, idioma)),
    }),
    ativarDealer: operation({
      access,
      resolve: (args: unknown, { db, session, idioma }) =>
        setActive(db, session, parseInput(byId, args, idioma).id, true),
    }),
    inativarDealer: operation({
      access,
      resolve: (args: unknown, { db, session, idioma }) =>
        setActive(db, session, parseInput(byId, args, idioma).id, false),
    }),
  },
};
