import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  TRANSICOES,
  acaoSchema,
  comunicadoFilterSchema,
  PERIODO_EM_ORDEM,
  periodoEmOrdem,
  comunicadoMensagem,
  comunicadoSchema,
  envioSchema,
  enviarParaAprovacaoSchema,
  errataSchema,
  etiquetaSchema,
  idInput,
  podeExecutar,
  rejeitarSchema,
  serieSchema,
  type AcaoComunicado,
  type ComunicadoValues,
  type EstadoComunicado,
  type Transicao,
} from '../../../domain/comunicados';
import type { Idioma, TipoUsuario } from '../../../domain/enums';
import { MB } from '../../../domain/limits';
import { policies } from '../../../domain/policies';
import { recordId, versionField } from '../../../domain/schemas/campos';
import { filterInputSchema } from '../../../domain/schemas/lista';
import { translate } from '../../../i18n';
import { countRecipients, savedGroup } from '../../audience';
import { auditedDelete, auditedWrite } from '../../audit/write';
import { autorScope, unusableGroups, usuarioScope, type Session } from '../../authz';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { comunicadoEtiquetas, comunicadoSeries, comunicados } from '../../db/schema';
import { allOf, arrayOf, pageWithTotal, searchAny } from '../../db/lists';
import { escapeHtml, sanitizeRichText } from '../../html';
import { badUserInput, badUserInputKeys, notFound, portalError } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { operation, type Feature } from '../../graphql/operation';
import { avisar, idiomaOf } from './avisos';
import { audienceOf, deliver, schedule, sessionOf } from './envio';
import * as q from './queries';
import { emailStatus, factsOf, readable, viewerOf, viewOf } from './vista';
import { alheioA, comunicadoNaoLidosExport, dashboardMutations, dashboardQueries } from './dashboard';
import { doAlcance } from './dashboardQueries';
import { leituraMutations, leituraQueries } from './leitura';

/**
 * Announcements (comunicados, issue #28): writing, approval, series, labels, sending (this
 * feature's write side) and reading, dashboards (the reading side). The contract is
 * comunicados.graphql; README.md says who builds which operation. Every action is one of
 * domain/comunicados.ts's transition table, checked here (`transition`) against the record as the
 * caller reaches it, audited (auditedWrite, version required) and notified to the people concerned.
 */
export { comunicadosJobs, deliver, ENVIO_FILA, EMAILS_FILA, sendDue, sendEmails } from './envio';
export { anexoRoutes, anexosArea } from './anexos';
export { anexoDownloadRoutes } from './leitura';

const TIPO_AUDITORIA = 'COMUNICADO';

/** The caller reaches the announcement (the write side's scope): the audit page's record check. */
export const comunicadoNoAlcance = async (db: DbOrTx, session: Session, id: number) =>
  (await q.find(db, session, id)) !== undefined;

export { serieNoAlcance } from './queries';

/** Refuses `acao` on the record unless the table allows it: not now (BAD_USER_INPUT) or not the caller's (FORBIDDEN). */
function authorizeAcao(session: Session, acao: AcaoComunicado, row: q.ComunicadoRow) {
  if (podeExecutar(acao, factsOf(row), viewerOf(session))) return;
  const t: Transicao = TRANSICOES[acao];
  const agora =
    t.de.includes(row.estado as EstadoComunicado) && (t.arquivado === undefined || t.arquivado === row.arquivado);
  throw agora
    ? portalError(session.idioma, 'FORBIDDEN', 'errors.forbidden')
    : portalError(session.idioma, 'BAD_USER_INPUT', 'comunicados.errors.acaoNaoPermitida');
}

/** What the audit keeps of an announcement. */
const snapshotOf = (row: q.ComunicadoRow) => ({
  estado: row.estado,
  titulo: row.titulo,
  mensagem: row.mensagem,
  departamentoId: row.departamento?.id ?? null,
  grupoIds: row.grupos.map((g) => Number(g.id)).sort((a, b) => a - b),
  usuarioRemovidoIds: row.usuariosRemovidos.map((u) => Number(u.id)).sort((a, b) => a - b),
  emailsAvulsos: row.emailsAvulsos.map((m) => m.email),
  etiquetas: row.etiquetas.map((e) => e.nome),
  arquivoIds: row.arquivos.map((a) => Number(a.id)),
  serieId: row.serieId,
  aprovadorId: row.aprovadorId,
  dataHoraAgendamento: row.dataHoraAgendamento,
  motivoRejeicao: row.motivoRejeicao,
  exigeConfirmacao: row.exigeConfirmacao,
  arquivado: row.arquivado,
});
type Snapshot = ReturnType<typeof snapshotOf>;

/** The author of a record, as a session for their reach (usuarioScope) and groups (read scope). */
const autorOf = (row: q.ComunicadoRow) => sessionOf(row.autorId, row.usuarioCriador!.tipo as TipoUsuario);

/**
 * The recipients' rules of spec section 5 for a send or a request for approval, judged with the
 * author's reach: at least one recipient (a group or a loose e-mail), every group usable by the
 * author and none without recipients ('The selected group has no recipients'). An erratum goes to
 * the original's recipients.
 */
async function recipientErrors(tx: DbOrTx, row: q.ComunicadoRow): Promise<Record<string, string>> {
  if (row.idParent) return {};
  const grupoIds = row.grupos.map((g) => Number(g.id));
  if (grupoIds.length === 0 && row.emailsAvulsos.length === 0) {
    return { grupoIds: 'comunicados.validation.semDestinatarios' };
  }
  const autor = autorOf(row);
  if (await unusableGroups(tx, autor, grupoIds)) return { grupoIds: 'comunicados.validation.grupoNaoPermitido' };
  const vazios = await emptyGroups(tx, autor, grupoIds, row.id);
  if (vazios.length) return { grupoIds: 'comunicados.validation.grupoSemDestinatarios' };
  return {};
}

/** How many recipients each group gives (within the author's reach, less the removed users). */
async function countsByGroup(tx: DbOrTx, autor: Session, grupoIds: readonly number[], comunicadoId?: number) {
  const removidos = comunicadoId
    ? sql`usuarios.id not in (select r.usuario_id from comunicado_usuarios_removidos r where r.comunicado_id = ${comunicadoId})`
    : undefined;
  const counts = new Map<number, number>();
  // At most COMUNICADO_GRUPOS_MAX groups, each read once and counted with only its enabled blocks.
  for (const id of grupoIds) {
    counts.set(id, await countRecipients(tx, [savedGroup(id)], allOf(usuarioScope(autor), removidos)));
  }
  return counts;
}

async function emptyGroups(tx: DbOrTx, autor: Session, grupoIds: readonly number[], comunicadoId?: number) {
  const counts = await countsByGroup(tx, autor, grupoIds, comunicadoId);
  return grupoIds.filter((id) => counts.get(id) === 0);
}

/**
 * Field errors of a save: groups, removed users, department, series, attachments, approver. An
 * erratum (`errata`) goes to the original's recipients when sent and is no item of a series: it
 * takes none of the lists or the series.
 */
async function saveErrors(tx: DbOrTx, session: Session, input: ComunicadoValues, errata: boolean) {
  const errors: Record<string, string> = {};
  if (errata) {
    const proprios = {
      grupoIds: input.grupoIds.length > 0,
      emailsAvulsos: input.emailsAvulsos.length > 0,
      usuarioRemovidoIds: input.usuarioRemovidoIds.length > 0,
      serieId: input.serieId !== null,
    };
    for (const [campo, tem] of Object.entries(proprios)) {
      if (tem) errors[campo] = 'comunicados.validation.errataSemDestinatarios';
    }
    if (Object.keys(errors).length > 0) return errors;
  }
  if (await unusableGroups(tx, session, input.grupoIds)) errors.grupoIds = 'comunicados.validation.grupoNaoPermitido';
  if (await q.unreachableUsers(tx, session, input.usuarioRemovidoIds))
    errors.usuarioRemovidoIds = 'comunicados.validation.usuarioNaoPermitido';
  if (input.departamentoId && !(await q.departamentoExiste(tx, input.departamentoId)))
    errors.departamentoId = 'comunicados.validation.departamentoInvalido';
  if (input.serieId && !(await q.serieNoAlcance(tx, session, input.serieId, true)))
    errors.serieId = 'comunicados.validation.serieInvalida';
  if (input.aprovadorId && (await q.aprovadores(tx, session, null, input.aprovadorId)).length === 0)
    errors.aprovadorId = 'comunicados.validation.aprovadorInvalido';
  return errors;
}

/**
 * Refuses attachments that are not the caller's uploads (or already the announcement's), or that add
 * up to more than the configured total (with the limit in the message).
 */
async function checkAnexos(
  db: DbOrTx,
  session: Session,
  config: Config,
  comunicadoId: number | null,
  arquivoIds: readonly number[],
) {
  if (arquivoIds.length === 0) return;
  const { invalidos, total } = await q.anexos(db, session, comunicadoId, arquivoIds);
  const max = config.comunicados.anexosTotalMaxBytes;
  if (invalidos) throw badUserInputKeys(session.idioma, { arquivoIds: 'comunicados.validation.arquivoInvalido' });
  if (total > max) {
    throw badUserInput(session.idioma, {
      arquivoIds: translate(session.idioma, 'comunicados.validation.anexosTotal', {
        max: Math.floor(max / MB),
      }),
    });
  }
}

/**
 * The input with its message as it is stored (sanitised: the allowlist of domain/html.ts), checked
 * again as stored: sanitising can lengthen it ('&' becomes '&amp;'), and the audit keeps it so too.
 */
function comMensagemArmazenada<T extends { mensagem: string }>(input: T, idioma: Idioma): T {
  const mensagem = sanitizeRichText(input.mensagem, { comunicado: true });
  parseInput(z.object({ mensagem: comunicadoMensagem }), { mensagem }, idioma);
  return { ...input, mensagem };
}

async function save(db: Db, session: Session, config: Config, input: ComunicadoValues) {
  let errata = false;
  const id = await auditedWrite<Snapshot>(db, session, {
    tipo: TIPO_AUDITORIA,
    table: comunicados,
    target: input.id ? { id: input.id, version: input.version } : undefined,
    async load(tx, id) {
      const row = await readable(tx, session, id);
      authorizeAcao(session, 'salvar', row);
      errata = row.idParent !== null;
      return snapshotOf(row);
    },
    // After load: the attachments of an announcement the caller may not save are nobody's business.
    async check(tx) {
      await checkAnexos(tx, session, config, input.id ?? null, input.arquivoIds);
      return saveErrors(tx, session, input, errata);
    },
    write: (tx) => q.write(tx, session, input),
    after: (before) => ({
      ...before,
      estado: 'RASCUNHO',
      titulo: input.titulo,
      mensagem: input.mensagem,
      departamentoId: input.departamentoId,
      grupoIds: [...new Set(input.grupoIds)].sort((a, b) => a - b),
      usuarioRemovidoIds: [...new Set(input.usuarioRemovidoIds)].sort((a, b) => a - b),
      emailsAvulsos: input.emailsAvulsos,
      etiquetas: input.etiquetas,
      arquivoIds: input.arquivoIds,
      serieId: input.serieId,
      aprovadorId: input.aprovadorId,
      dataHoraAgendamento: input.dataHoraAgendamento,
      motivoRejeicao: before?.motivoRejeicao ?? null,
      exigeConfirmacao: input.exigeConfirmacao,
      arquivado: false,
    }),
  });
  return viewOf(await readable(db, session, id), session);
}

interface TransitionSpec {
  check?(tx: DbOrTx, row: q.ComunicadoRow): Promise<Record<string, string>>;
  /** The change, in the audited transaction; answers the state it leaves the record in. */
  write(tx: DbOrTx, row: q.ComunicadoRow): Promise<Partial<Snapshot>>;
}

/**
 * One action of the transition table on one record at the version the caller read: loaded in the
 * caller's reach, refused unless the table allows it, checked, written and audited in one transaction.
 */
async function transition(
  db: Db,
  session: Session,
  acao: AcaoComunicado,
  target: { id: number; version?: number | null | 'any' },
  spec: TransitionSpec,
) {
  let row: q.ComunicadoRow | undefined;
  let changed: Partial<Snapshot> = {};
  await auditedWrite<Snapshot>(db, session, {
    tipo: TIPO_AUDITORIA,
    table: comunicados,
    target: { id: target.id, version: target.version },
    async load(tx, id) {
      row = await readable(tx, session, id);
      authorizeAcao(session, acao, row);
      return snapshotOf(row);
    },
    check: async (tx) => (spec.check ? spec.check(tx, row!) : {}),
    async write(tx) {
      changed = await spec.write(tx, row!);
      return row!.id;
    },
    after: (before) => ({ ...before!, ...changed }),
  });
  // Answered as it stands now, to whoever took the action, even when it left their reach (an
  // approver cancelling another author's schedule makes it that author's draft again).
  return viewOf((await q.find(db, session, target.id)) ?? (await q.findAny(db, target.id))!, session);
}

/**
 * Sends now or schedules (a time still ahead), in the transaction of the approval or of the
 * author's send: the state it leaves.
 */
async function sendOrSchedule(tx: DbOrTx, session: Session, row: q.ComunicadoRow, quando: Date | null) {
  if (quando && quando.getTime() > Date.now()) {
    await tx.execute(sql`update comunicados set estado = 'AGENDADO', agendado_para = ${quando.toISOString()},
      remetente_id = ${session.usuarioId}, updated_at = now() where id = ${row.id}`);
    await schedule(tx, row.id, quando, session.usuarioId);
    return { estado: 'AGENDADO', dataHoraAgendamento: quando.toISOString() } as const;
  }
  await deliver(tx, row.id, sql`c.estado in ('RASCUNHO', 'REJEITADO', 'EM_APROVACAO', 'APROVADO')`, session.usuarioId);
  return { estado: 'ENVIADO' } as const;
}

const byIdVersion = acaoSchema;
const arquivarArgs = z.object({ id: recordId(), arquivado: z.boolean() });
const previaArgs = z.object({
  grupoIds: z.array(recordId()).max(50, 'validation.maxItems'),
  usuarioRemovidoIds: z.array(recordId()).max(1000, 'validation.maxItems').nullish(),
});
const emailsFilter = filterInputSchema(['email'] as const).extend({
  status: z.enum(['FILA', 'ENVIADO', 'FALHOU'], 'validation.invalidOption').nullish(),
});
const busca = filterInputSchema(['nome'] as const);
const removerEtiquetaArgs = z.object({ id: recordId(), version: versionField });

export const comunicadosFeature: Feature = {
  typeDefs: readFileSync(new URL('./comunicados.graphql', import.meta.url), 'utf8'),
  Query: {
    comunicado: operation({
      policy: policies.comunicados.edit,
      resolve: async (args: unknown, { db, session, idioma }) =>
        viewOf(await readable(db, session, parseInput(idInput, args, idioma).id), session),
    }),
    comunicados: operation({
      policy: policies.comunicados.edit,
      async resolve(args: { filterInput?: unknown }, { db, session, idioma }) {
        const filter = parseInput(
          comunicadoFilterSchema.extend({ arquivados: z.boolean().nullish() }).refine(periodoEmOrdem, PERIODO_EM_ORDEM),
          args.filterInput ?? {},
          idioma,
        );
        const page = await q.list(db, session, filter);
        return { ...page, content: page.content.map((row) => viewOf(row, session)) };
      },
    }),
    aprovadoresComunicado: operation({
      policy: policies.comunicados.edit,
      resolve: (args: { busca?: string | null }, { db, session, idioma }) =>
        q.aprovadores(db, session, parseInput(z.object({ busca: z.string().max(200).nullish() }), args, idioma).busca),
    }),
    // The attachment limits as configured (COMUNICADO_ANEXO_MAX_MB, COMUNICADO_ANEXOS_TOTAL_MAX_MB): the
    // form refuses what the upload would, with the same figures.
    limitesAnexosComunicado: operation({
      policy: policies.comunicados.edit,
      resolve: (_args: unknown, { config }) => ({
        porArquivo: config.comunicados.anexoMaxBytes,
        total: config.comunicados.anexosTotalMaxBytes,
      }),
    }),
    departamentosComunicados: operation({
      policy: policies.comunicados.edit,
      resolve: async (_args: unknown, { db }) =>
        (
          await db.execute(
            sql`select id, sigla, nome, assinatura, version from departamentos order by fold(nome), id limit 1000`,
          )
        ).rows,
    }),
    seriesComunicados: operation({
      policy: policies.comunicados.edit,
      async resolve(args: { filterInput?: unknown }, { db, session, idioma }) {
        const filter = parseInput(busca, args.filterInput ?? {}, idioma);
        const where = allOf(sql`true`, q.serieScope(session), searchAny(filter.busca, [sql`s.nome`, sql`s.prefixo`]));
        return pageWithTotal(
          filter,
          async (limit, offset) =>
            (
              await db.execute(sql`select s.id, s.version, s.nome, s.prefixo, s.contador, s.active
                from comunicado_series s where ${where} order by fold(s.nome), s.id limit ${limit} offset ${offset}`)
            ).rows,
          async () =>
            Number(
              (await db.execute<{ n: number }>(sql`select count(*)::int as n from comunicado_series s where ${where}`))
                .rows[0]!.n,
            ),
        );
      },
    }),
    etiquetasComunicados: operation({
      policy: policies.comunicados.edit,
      async resolve(args: { filterInput?: unknown }, { db, session, idioma }) {
        const filter = parseInput(busca, args.filterInput ?? {}, idioma);
        const where = allOf(sql`true`, etiquetaVisivel(session), searchAny(filter.busca, [sql`e.nome`]));
        return pageWithTotal(
          filter,
          async (limit, offset) =>
            (
              await db.execute(sql`select e.id, e.version, e.nome, ${q.usosDaEtiqueta(session)} as "totalComunicados"
                from comunicado_etiquetas e where ${where} order by fold(e.nome), e.id limit ${limit} offset ${offset}`)
            ).rows,
          async () =>
            Number(
              (
                await db.execute<{ n: number }>(
                  sql`select count(*)::int as n from comunicado_etiquetas e where ${where}`,
                )
              ).rows[0]!.n,
            ),
        );
      },
    }),
    previaDestinatariosComunicado: operation({
      policy: policies.comunicados.edit,
      async resolve(args: unknown, { db, session, idioma }) {
        const { grupoIds, usuarioRemovidoIds } = parseInput(previaArgs, args, idioma);
        if (await unusableGroups(db, session, grupoIds)) throw notFound(idioma);
        const removidos = usuarioRemovidoIds?.length
          ? sql`not (usuarios.id = any(${arrayOf(usuarioRemovidoIds)}))`
          : undefined;
        return countRecipients(
          db,
          grupoIds.map((id) => savedGroup(id)),
          allOf(usuarioScope(session), removidos),
        );
      },
    }),
    visualizarEnvio: operation({
      policy: policies.comunicados.read,
      async resolve(args: unknown, { db, session, idioma }) {
        const row = await readable(db, session, parseInput(idInput, args, idioma).id);
        if (!podeExecutar('visualizarEnvio', factsOf(row), viewerOf(session))) throw notFound(idioma);
        return previaEnvio(db, session, row);
      },
    }),
    comunicadoEmails: operation({
      policy: policies.comunicados.edit,
      async resolve(args: { id?: unknown; filterInput?: unknown }, { db, session, idioma }) {
        const { id } = parseInput(idInput, { id: args.id }, idioma);
        const c = await readable(db, session, id);
        const filter = parseInput(emailsFilter, args.filterInput ?? {}, idioma);
        const where = allOf(
          sql`m.comunicado_id = ${id} and m.status is not null`,
          doAlcance(alheioA(c, session), sql`m.usuario_id`, sql`m.avulso`),
          filter.status ? sql`m.status = ${filter.status}` : undefined,
          searchAny(filter.busca, [sql`m.email`]),
        );
        const page = await pageWithTotal(
          filter,
          async (limit, offset) =>
            (
              await db.execute<{ email: string; avulso: boolean; status: string; erro: string | null }>(sql`select
                m.email, m.avulso, m.status, m.erro, m.tentativas, to_json(m.enviado_em) #>> '{}' as "enviadoEm"
                from comunicado_emails m where ${where} order by m.email limit ${limit} offset ${offset}`)
            ).rows,
          async () =>
            Number(
              (await db.execute<{ n: number }>(sql`select count(*)::int as n from comunicado_emails m where ${where}`))
                .rows[0]!.n,
            ),
        );
        return {
          ...page,
          content: page.content.map((m) => ({ ...m, status: emailStatus(idioma, m.status, m.erro) })),
        };
      },
    }),
    // The reading side (leitura.ts, dashboard.ts).
    ...leituraQueries,
    ...dashboardQueries,
  },
  Mutation: {
    salvarComunicado: operation({
      policy: policies.comunicados.edit,
      resolve: (args: { comunicado: unknown }, { db, session, config, idioma }) =>
        save(db, session, config, comMensagemArmazenada(parseInput(comunicadoSchema, args.comunicado, idioma), idioma)),
    }),
    excluirComunicado: operation({
      policy: policies.comunicados.edit,
      async resolve(args: unknown, { db, session, idioma }) {
        const { id, version } = parseInput(byIdVersion, args, idioma);
        return auditedDelete(db, session, {
          tipo: TIPO_AUDITORIA,
          table: comunicados,
          target: { id, version },
          async load(tx, id) {
            const row = await readable(tx, session, id);
            authorizeAcao(session, 'excluir', row);
            return snapshotOf(row);
          },
          remove: (tx, id) => tx.execute(sql`delete from comunicados where id = ${id}`),
        });
      },
    }),
    enviarComunicadoParaAprovacao: operation({
      policy: policies.comunicados.edit,
      async resolve(args: unknown, { db, session, idioma }) {
        const input = parseInput(enviarParaAprovacaoSchema(), args, idioma);
        return transition(db, session, 'enviarParaAprovacao', input, {
          async check(tx, row) {
            if ((await q.aprovadores(tx, session, null, input.aprovadorId)).length === 0)
              return { aprovadorId: 'comunicados.validation.aprovadorInvalido' };
            return recipientErrors(tx, row);
          },
          async write(tx, row) {
            await tx.execute(sql`update comunicados set estado = 'EM_APROVACAO', aprovador_id = ${input.aprovadorId},
                agendado_para = ${input.dataHoraAgendamento}::timestamptz, submetido_em = now(), motivo_rejeicao = null,
                decidido_por_id = null, decidido_em = null, updated_at = now()
              where id = ${row.id}`);
            await avisar(
              tx,
              session.usuarioId,
              { ...row, aprovadorId: input.aprovadorId },
              'detentores',
              'aprovacaoPendente',
            );
            return {
              estado: 'EM_APROVACAO',
              aprovadorId: input.aprovadorId,
              dataHoraAgendamento: input.dataHoraAgendamento,
              motivoRejeicao: null,
            };
          },
        });
      },
    }),
    retirarComunicadoDaAprovacao: operation({
      policy: policies.comunicados.edit,
      resolve: (args: unknown, { db, session, idioma }) =>
        transition(db, session, 'retirarDaAprovacao', parseInput(byIdVersion, args, idioma), {
          async write(tx, row) {
            // Told while they still hold it: once a draft, nobody does.
            await avisar(tx, session.usuarioId, row, 'detentores', 'retirado', { semLink: true });
            await tx.execute(sql`update comunicados set estado = 'RASCUNHO', updated_at = now() where id = ${row.id}`);
            return { estado: 'RASCUNHO' };
          },
        }),
    }),
    aprovarComunicado: operation({
      policy: policies.comunicados.edit,
      resolve: (args: unknown, { db, session, idioma }) =>
        transition(db, session, 'aprovar', parseInput(byIdVersion, args, idioma), {
          check: (tx, row) => recipientErrors(tx, row),
          async write(tx, row) {
            await tx.execute(sql`update comunicados set estado = 'APROVADO', decidido_por_id = ${session.usuarioId},
              decidido_em = now() where id = ${row.id}`);
            const quando = row.dataHoraAgendamento ? new Date(row.dataHoraAgendamento) : null;
            const after = await sendOrSchedule(tx, session, row, quando);
            await avisar(tx, session.usuarioId, row, 'autor', 'aprovado');
            return after;
          },
        }),
    }),
    rejeitarComunicado: operation({
      policy: policies.comunicados.edit,
      async resolve(args: unknown, { db, session, idioma }) {
        const input = parseInput(rejeitarSchema, args, idioma);
        return transition(db, session, 'rejeitar', input, {
          async write(tx, row) {
            await tx.execute(sql`update comunicados set estado = 'REJEITADO', motivo_rejeicao = ${input.motivo},
              decidido_por_id = ${session.usuarioId}, decidido_em = now(), updated_at = now() where id = ${row.id}`);
            const idiomaAutor = await idiomaOf(tx, row.autorId);
            await avisar(tx, session.usuarioId, row, 'autor', 'rejeitado', {
              extra: `<p>${escapeHtml(translate(idiomaAutor, 'comunicados.notificacoes.rejeitadoTexto', { motivo: input.motivo }))}</p>`,
            });
            return { estado: 'REJEITADO', motivoRejeicao: input.motivo };
          },
        });
      },
    }),
    enviarComunicado: operation({
      policy: policies.comunicados.edit,
      async resolve(args: unknown, { db, session, idioma }) {
        const input = parseInput(envioSchema(), args, idioma);
        return transition(db, session, 'enviar', input, {
          check: (tx, row) => recipientErrors(tx, row),
          write: (tx, row) =>
            sendOrSchedule(tx, session, row, input.dataHoraAgendamento ? new Date(input.dataHoraAgendamento) : null),
        });
      },
    }),
    cancelarAgendamentoComunicado: operation({
      policy: policies.comunicados.edit,
      resolve: (args: unknown, { db, session, idioma }) =>
        transition(db, session, 'cancelarAgendamento', parseInput(byIdVersion, args, idioma), {
          async write(tx, row) {
            // The queued run finds it no longer AGENDADO and does nothing.
            await tx.execute(sql`update comunicados set estado = 'RASCUNHO', updated_at = now() where id = ${row.id}`);
            // The other side: the author cancelling tells who approved it; an approver tells the author.
            if (row.autorId !== session.usuarioId) {
              await avisar(tx, session.usuarioId, row, 'autor', 'agendamentoCancelado');
            } else if (row.decididoPor && row.decididoPor.id !== session.usuarioId) {
              await avisar(tx, session.usuarioId, row, { usuarioId: row.decididoPor.id }, 'agendamentoCancelado', {
                semLink: true,
              });
            }
            return { estado: 'RASCUNHO' };
          },
        }),
    }),
    arquivarComunicado: operation({
      policy: policies.comunicados.edit,
      async resolve(args: unknown, { db, session, idioma }) {
        const { id, arquivado } = parseInput(arquivarArgs, args, idioma);
        return transition(
          db,
          session,
          arquivado ? 'arquivar' : 'desarquivar',
          { id, version: 'any' },
          {
            async write(tx, row) {
              await tx.execute(sql`update comunicados set arquivado = ${arquivado} where id = ${row.id}`);
              return { arquivado };
            },
          },
        );
      },
    }),
    criarErrataComunicado: operation({
      policy: policies.comunicados.edit,
      async resolve(args: { errata: unknown }, { db, session, config, idioma }) {
        const input = comMensagemArmazenada(parseInput(errataSchema, args.errata, idioma), idioma);
        const original = await readable(db, session, input.idParent);
        authorizeAcao(session, 'errata', original);
        if (original.idParent) throw badUserInputKeys(idioma, { idParent: 'comunicados.validation.errataDeErrata' });
        await checkAnexos(db, session, config, null, input.arquivoIds);
        const id = await auditedWrite<Record<string, unknown>>(db, session, {
          tipo: TIPO_AUDITORIA,
          table: comunicados,
          load: async () => ({}),
          write: (tx) => q.insertErrata(tx, session, original, input),
          after: () => ({
            estado: 'RASCUNHO',
            idParent: original.id,
            titulo: input.titulo,
            justificativa: input.justificativa,
            renotificar: input.renotificar,
            reiniciarLeitura: input.reiniciarLeitura,
          }),
        });
        return viewOf(await readable(db, session, id), session);
      },
    }),
    salvarSerieComunicado: operation({
      policy: policies.comunicados.edit,
      async resolve(args: { serie: unknown }, { db, session, idioma }) {
        const input = parseInput(serieSchema, args.serie, idioma);
        const snapshot = (r: { nome: string; prefixo: string; active: boolean }) => ({
          nome: r.nome,
          prefixo: r.prefixo,
          active: r.active,
        });
        const id = await auditedWrite(db, session, {
          tipo: 'COMUNICADO_SERIE',
          table: comunicadoSeries,
          target: input.id ? { id: input.id, version: input.version } : undefined,
          async load(tx, id) {
            const { rows } = await tx.execute<{ nome: string; prefixo: string; active: boolean }>(
              sql`select nome, prefixo, active from comunicado_series s
                where ${allOf(sql`s.id = ${id}`, q.serieScope(session))}`,
            );
            if (!rows[0]) throw notFound(idioma);
            return snapshot(rows[0]);
          },
          async write(tx) {
            if (input.id) {
              await tx.execute(sql`update comunicado_series set nome = ${input.nome}, prefixo = ${input.prefixo},
                active = ${input.active} where id = ${input.id}`);
              return input.id;
            }
            const { rows } = await tx.execute<{
              id: number;
            }>(sql`insert into comunicado_series (nome, prefixo, active, autor_id)
              values (${input.nome}, ${input.prefixo}, ${input.active}, ${session.usuarioId}) returning id`);
            return Number(rows[0]!.id);
          },
          after: () => snapshot(input),
          uniqueErrors: async () => ({ prefixo: 'comunicados.validation.prefixoEmUso' }),
        });
        const { rows } = await db.execute(sql`select id, version, nome, prefixo, contador, active
          from comunicado_series where id = ${id}`);
        return rows[0];
      },
    }),
    salvarEtiquetaComunicado: operation({
      policy: policies.comunicados.edit,
      async resolve(args: { etiqueta: unknown }, { db, session, idioma }) {
        const input = parseInput(etiquetaSchema, args.etiqueta, idioma);
        const id = await auditedWrite(db, session, {
          tipo: 'COMUNICADO_ETIQUETA',
          table: comunicadoEtiquetas,
          target: input.id ? { id: input.id, version: input.version } : undefined,
          load: (tx, id) => etiquetaAlteravel(tx, session, id),
          async write(tx) {
            if (input.id) {
              await tx.execute(sql`update comunicado_etiquetas set nome = ${input.nome} where id = ${input.id}`);
              return input.id;
            }
            const { rows } = await tx.execute<{ id: number }>(
              sql`insert into comunicado_etiquetas (nome) values (${input.nome}) returning id`,
            );
            return Number(rows[0]!.id);
          },
          after: () => ({ nome: input.nome }),
          uniqueErrors: async () => ({ nome: 'comunicados.validation.etiquetaEmUso' }),
        });
        const { rows } =
          await db.execute(sql`select e.id, e.version, e.nome, ${q.usosDaEtiqueta(session)} as "totalComunicados"
          from comunicado_etiquetas e where e.id = ${id}`);
        return rows[0];
      },
    }),
    excluirEtiquetaComunicado: operation({
      policy: policies.comunicados.edit,
      async resolve(args: unknown, { db, session, idioma }) {
        const { id, version } = parseInput(removerEtiquetaArgs, args, idioma);
        return auditedDelete(db, session, {
          tipo: 'COMUNICADO_ETIQUETA',
          table: comunicadoEtiquetas,
          target: { id, version },
          load: (tx, id) => etiquetaAlteravel(tx, session, id),
          remove: (tx, id) => tx.execute(sql`delete from comunicado_etiquetas where id = ${id}`),
        });
      },
    }),
    ...leituraMutations,
    ...dashboardMutations,
  },
  exports: { comunicadoNaoLidos: comunicadoNaoLidosExport },
};

// Labels are shared, but each caller sees those of the announcements of authors they reach (and
// those nobody uses yet), counted over those announcements only (q.usosDaEtiqueta).
const etiquetaVisivel = (session: Session) =>
  autorScope(session, sql`c.autor_id`) &&
  sql`(${q.usosDaEtiqueta(session)} > 0 or not exists (select 1 from comunicado_etiquetas_comunicados x where x.etiqueta_id = e.id))`;

/**
 * A label as audited, when the caller may rename or remove it: a label is shared, but renaming or
 * removing it changes every announcement carrying it, so all of those must be of authors the
 * caller reaches (FORBIDDEN otherwise, with the reason).
 */
async function etiquetaAlteravel(tx: DbOrTx, session: Session, id: number) {
  const alcance = autorScope(session, sql`c.autor_id`);
  const { rows } = await tx.execute<{ nome: string; alheia: boolean }>(sql`select e.nome,
      ${
        alcance
          ? sql`exists (select 1 from comunicado_etiquetas_comunicados x join comunicados c on c.id = x.comunicado_id
        where x.etiqueta_id = e.id and not ${alcance})`
          : sql`false`
      } as alheia
    from comunicado_etiquetas e where e.id = ${id}`);
  if (!rows[0]) throw notFound(session.idioma);
  if (rows[0].alheia) throw portalError(session.idioma, 'FORBIDDEN', 'comunicados.errors.etiquetaDeOutros');
  return { nome: rows[0].nome };
}

/** The send preview: how many it reaches now, by group, and the warnings. */
async function previaEnvio(db: Db, session: Session, row: q.ComunicadoRow) {
  const autor = autorOf(row);
  let destinatarios: number;
  const grupoIds = row.grupos.map((g) => Number(g.id));
  const counts = await countsByGroup(db, autor, grupoIds, row.id);
  if (row.estado === 'ENVIADO') {
    destinatarios = row.destinatarios ?? 0;
  } else if (row.idParent) {
    const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from comunicado_envios e
      join usuarios u on u.id = e.usuario_id and u.active where e.comunicado_id = ${row.idParent}`);
    destinatarios = Number(rows[0]!.n);
  } else {
    const where = await audienceOf(db, row.id, autor);
    const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from usuarios where ${where}`);
    destinatarios = Number(rows[0]!.n);
  }
  const emails = row.emailsAvulsos.map((m) => m.email);
  const { rows: deUsuarios } = await db.execute<{ email: string }>(
    // Only users the caller sees: the warning must not tell whether an address is anyone's account.
    sql`select email from usuarios where email = any(${sql.param(emails)}::text[])
      and ${usuarioScope(session) ?? sql`true`} order by email`,
  );
  const { idioma } = session;
  const avisos = [
    ...row.grupos
      .filter((g) => counts.get(Number(g.id)) === 0)
      .map((g) => ({
        tipo: 'GRUPO_SEM_DESTINATARIOS',
        mensagem: translate(idioma, 'comunicados.avisos.GRUPO_SEM_DESTINATARIOS', { grupo: g.nome }),
        grupo: g,
        email: null,
      })),
    ...deUsuarios.map(({ email }) => ({
      tipo: 'EMAIL_DE_USUARIO',
      mensagem: translate(idioma, 'comunicados.avisos.EMAIL_DE_USUARIO', { email }),
      grupo: null,
      email,
    })),
  ];
  return {
    comunicado: viewOf(row, session),
    destinatarios,
    grupos: row.grupos.map((g) => ({ ...g, destinatarios: counts.get(Number(g.id)) ?? 0 })),
    emailsAvulsos: emails,
    avisos,
  };
}
