import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { policies } from '../../../domain/policies';
import {
  envioSchema,
  idInput,
  versionedIdInput,
  notificacaoGenericaFilterSchema,
  notificacaoGenericaSchema,
  previaSchema,
  type NotificacaoGenericaValues,
} from '../../../domain/schemas/notificacaoGenerica';
import { countRecipients, savedGroup } from '../../audience';
import { auditedWrite } from '../../audit/write';
import { authorize, usuarioScope, type Session } from '../../authz';
import type { Db, DbOrTx } from '../../db/client';
import { notificacoesGenericas } from '../../db/schema';
import { notFound, portalError } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { operation, type Feature } from '../../graphql/operation';
import { jobQueueOf } from '../../jobs';
import { ENVIO_FILA, sendDue } from './envio';
import * as q from './queries';

/**
 * Notification models and generic notifications (/notificacoesGenericas, issue #27). A model is a
 * template (title, rich text with {nome}/{email}, link, product); a notification (comModelo) adds
 * user groups and is sent now or at a time, by a pg-boss job (envio.ts), once. Every save keeps a
 * version. Records are those whose author the caller sees (queries.scopeOf); writing a model also
 * needs PORTAL_MANUTENCAO_MODELO (policies.notificacoesGenericas.modelo).
 */
export { envioJob, ENVIO_FILA, sendDue } from './envio';

/** The caller reaches the notification or model (its scope): the audit page's record check. */
export const notificacaoGenericaNoAlcance = async (db: DbOrTx, session: Session, id: number) =>
  (await q.find(db, session, id)) !== undefined;

async function readable(db: DbOrTx, session: Session, id: number) {
  const row = await q.find(db, session, id);
  if (!row) throw notFound(session.idioma);
  return row;
}

/** The record before a change, when the caller may change it: in reach, not sent, a model only with its key. */
async function writable(db: DbOrTx, session: Session, id: number) {
  const row = await readable(db, session, id);
  if (row.tipo === 'modelo') authorize(session, policies.notificacoesGenericas.modelo, session.idioma);
  if (row.estado === 'enviada') {
    throw portalError(session.idioma, 'BAD_USER_INPUT', 'notificacoesGenericas.errors.enviada');
  }
  return row;
}

const snapshot = (r: {
  titulo: string;
  texto: string;
  link: string | null;
  produtoId: number | null;
  grupoIds: number[];
  estado: string;
  dataHoraAgendamento: string | null;
}) => ({ ...r, grupoIds: [...r.grupoIds].sort((a, b) => a - b) });

const snapshotOf = (row: q.NotificacaoGenericaRow) =>
  snapshot({
    titulo: row.titulo,
    texto: row.texto,
    link: row.link,
    produtoId: row.produto ? Number(row.produto.id) : null,
    grupoIds: row.grupos.map((g) => Number(g.id)),
    estado: row.estado,
    dataHoraAgendamento: row.dataHoraAgendamento,
  });

/** Field errors of a save: groups the caller may not use, a model that is not one they reach. */
async function saveErrors(db: DbOrTx, session: Session, input: NotificacaoGenericaValues) {
  const errors: Record<string, string> = {};
  if (input.tipo === 'modelo' && input.grupoIds.length)
    errors.grupoIds = 'notificacoesGenericas.validation.modeloSemGrupos';
  else if (await q.unusableGroups(db, session, input.grupoIds)) {
    errors.grupoIds = 'notificacoesGenericas.validation.grupoNaoPermitido';
  }
  if (input.modeloId && !(await q.modeloExists(db, session, input.modeloId))) {
    errors.modeloId = 'validation.invalidOption';
  }
  if (input.produtoId && !(await q.produtoExists(db, input.produtoId))) errors.produtoId = 'validation.invalidOption';
  return errors;
}

async function save(db: DbOrTx, session: Session, input: NotificacaoGenericaValues) {
  if (input.tipo === 'modelo') authorize(session, policies.notificacoesGenericas.modelo, session.idioma);
  const id = await auditedWrite(db, session, {
    tipo: 'NOTIFICACAO_GENERICA',
    table: notificacoesGenericas,
    target: input.id ? { id: input.id, version: input.version } : undefined,
    async load(tx, id) {
      const row = await writable(tx, session, id);
      if (row.tipo !== input.tipo) throw notFound(session.idioma);
      return snapshotOf(row);
    },
    check: (tx) => saveErrors(tx, session, input),
    async write(tx) {
      const id = await q.write(tx, session, input, input.modeloId ? await q.latestVersao(tx, input.modeloId) : null);
      // A scheduled notification goes within its sender's reach: whoever rewrites it sends what they
      // wrote, to no one they could not address themselves.
      await tx.execute(sql`update notificacoes_genericas set remetente_id = ${session.usuarioId}
        where id = ${id} and estado = 'agendada'`);
      return id;
    },
    after: (before) =>
      snapshot({
        ...input,
        estado: before?.estado ?? 'rascunho',
        dataHoraAgendamento: before?.dataHoraAgendamento ?? null,
      }),
  });
  return readable(db, session, id);
}

/** How many active users the groups reach within the caller's reach (after each group's exclusions). */
const recipients = (db: DbOrTx, session: Session, grupoIds: readonly number[]) =>
  countRecipients(
    db,
    grupoIds.map((id) => savedGroup(id)),
    usuarioScope(session),
  );

/** Sends now (in this transaction) or schedules a pg-boss run at the time; audited as a change of state. */
async function send(db: Db, session: Session, args: unknown) {
  const input = parseInput(envioSchema(), args, session.idioma);
  const quando = input.dataHoraAgendamento ? new Date(input.dataHoraAgendamento) : null;
  let grupoIds: number[] = [];
  const id = await auditedWrite(db, session, {
    tipo: 'NOTIFICACAO_GENERICA',
    table: notificacoesGenericas,
    target: { id: input.id, version: input.version },
    async load(tx, id) {
      const row = await writable(tx, session, id);
      if (row.tipo !== 'comModelo')
        throw portalError(session.idioma, 'BAD_USER_INPUT', 'notificacoesGenericas.errors.modelo');
      grupoIds = row.grupos.map((g) => Number(g.id));
      return snapshotOf(row);
    },
    async check(tx): Promise<Record<string, string>> {
      if (grupoIds.length === 0) return { grupoIds: 'notificacoesGenericas.validation.semGrupos' };
      if (await q.unusableGroups(tx, session, grupoIds)) {
        return { grupoIds: 'notificacoesGenericas.validation.grupoNaoPermitido' };
      }
      if ((await recipients(tx, session, grupoIds)) === 0)
        return { grupoIds: 'notificacoesGenericas.validation.semDestinatarios' };
      return {};
    },
    async write(tx) {
      await tx.execute(sql`update notificacoes_genericas set estado = 'agendada',
        agendado_para = ${quando ? quando.toISOString() : sql`now()`}, remetente_id = ${session.usuarioId}
        where id = ${input.id}`);
      if (quando) {
        await jobQueueOf(db).enqueueWithin(tx, ENVIO_FILA, { id: input.id }, session.usuarioId, {
          startAfter: quando,
          singletonKey: String(input.id),
        });
      } else {
        await sendDue(tx, input.id);
      }
      return input.id;
    },
    after: (before) => ({
      ...before!,
      estado: quando ? 'agendada' : 'enviada',
      dataHoraAgendamento: quando ? quando.toISOString() : null,
    }),
  });
  return readable(db, session, id);
}

/** A scheduled notification back to a draft; sendDue's claim then finds it not scheduled and sends nothing. */
async function cancelSchedule(db: Db, session: Session, args: unknown) {
  const input = parseInput(versionedIdInput, args, session.idioma);
  const id = await auditedWrite(db, session, {
    tipo: 'NOTIFICACAO_GENERICA',
    table: notificacoesGenericas,
    target: { id: input.id, version: input.version },
    async load(tx, id) {
      const row = await writable(tx, session, id);
      if (row.estado !== 'agendada')
        throw portalError(session.idioma, 'BAD_USER_INPUT', 'notificacoesGenericas.errors.naoAgendada');
      return snapshotOf(row);
    },
    async write(tx) {
      await tx.execute(sql`update notificacoes_genericas set estado = 'rascunho', agendado_para = null,
        remetente_id = null where id = ${input.id} and estado = 'agendada'`);
      return input.id;
    },
    after: (before) => ({ ...before!, estado: 'rascunho', dataHoraAgendamento: null }),
  });
  return readable(db, session, id);
}

export const notificacoesGenericasFeature: Feature = {
  typeDefs: readFileSync(new URL('./notificacoesGenericas.graphql', import.meta.url), 'utf8'),
  Query: {
    notificacoesGenericas: operation({
      policy: policies.notificacoesGenericas.list,
      resolve: (args: { filterInput?: unknown }, { db, session, idioma }) =>
        q.list(db, session, parseInput(notificacaoGenericaFilterSchema, args.filterInput ?? {}, idioma)),
    }),
    notificacaoGenerica: operation({
      policy: policies.notificacoesGenericas.list,
      resolve: (args: unknown, { db, session, idioma }) => readable(db, session, parseInput(idInput, args, idioma).id),
    }),
    versoesNotificacaoGenerica: operation({
      policy: policies.notificacoesGenericas.list,
      async resolve(args: unknown, { db, session, idioma }) {
        const { id } = parseInput(idInput, args, idioma);
        await readable(db, session, id);
        return q.versoes(db, id);
      },
    }),
    previaNotificacaoGenerica: operation({
      policy: policies.notificacoesGenericas.list,
      async resolve(args: unknown, { db, session, idioma }) {
        const { grupoIds } = parseInput(previaSchema, args, idioma);
        if (await q.unusableGroups(db, session, grupoIds)) throw notFound(idioma);
        return recipients(db, session, grupoIds);
      },
    }),
  },
  Mutation: {
    salvarNotificacaoGenerica: operation({
      policy: policies.notificacoesGenericas.edit,
      resolve(args: { notificacaoGenerica: unknown }, { db, session, idioma }) {
        return save(db, session, parseInput(notificacaoGenericaSchema, args.notificacaoGenerica, idioma));
      },
    }),
    copiarNotificacaoGenerica: operation({
      policy: policies.notificacoesGenericas.create,
      async resolve(args: unknown, { db, session, idioma }) {
        const { id } = parseInput(idInput, args, idioma);
        const row = await readable(db, session, id);
        if (row.tipo === 'modelo') authorize(session, policies.notificacoesGenericas.modelo, idioma);
        const copia = await auditedWrite(db, session, {
          tipo: 'NOTIFICACAO_GENERICA',
          table: notificacoesGenericas,
          load: async () => snapshotOf(row),
          write: (tx) => q.copy(tx, session, id),
          after: () => ({ ...snapshotOf(row), estado: 'rascunho', dataHoraAgendamento: null }),
        });
        return readable(db, session, copia);
      },
    }),
    enviarNotificacaoGenerica: operation({
      policy: policies.notificacoesGenericas.send,
      resolve: (args: unknown, { db, session }) => send(db, session, args),
    }),
    cancelarAgendamentoNotificacaoGenerica: operation({
      policy: policies.notificacoesGenericas.send,
      resolve: (args: unknown, { db, session }) => cancelSchedule(db, session, args),
    }),
  },
};
