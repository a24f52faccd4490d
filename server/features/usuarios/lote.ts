import { sql } from 'drizzle-orm';
import type { UsuarioInput } from '../../../domain/schemas/usuario';
import { administra } from '../../../domain/policies';
import { diff } from '../../audit';
import { queuePasswordLinks } from '../../auth/forgotPassword';
import { usuarioScope, type Session } from '../../authz';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { arrayOf } from '../../db/lists';
import { funcionalidades } from '../../db/schema';
import type { QueuedMail } from '../../mail';
import { identidadePendente } from './identidade';
import { checkLinks, loadLinkReach, snapshot, snapshotOf } from './manutencao';
import * as q from './queries';
import * as g from './gravacao';

// The bulk import's save (issue #15): the checks of salvarUsuario (the same `checkLinks`, the
// locked fields, the administered types, uniqueness, the caller's scope after the write) over a
// batch of rows already parsed with `usuarioSchema`, and the writes set-based (one statement for
// the batch, audit included). Runs inside the caller's transaction; a row the database
// refuses after the write (scope, identity provider) makes it throw `LinhasRecusadas`, so the
// caller rolls the batch back and saves it again without them.

export interface LinhaLote {
  /** The sheet row, to report against. */
  linha: number;
  input: UsuarioInput;
}

export type ResultadoLote =
  | { linha: number; status: 'CRIADO' | 'ATUALIZADO'; usuarioId: number }
  | { linha: number; status: 'ERRO'; erros: Record<string, string> };

/** Rows refused after the batch was written: roll back and save the batch without them. */
export class LinhasRecusadas extends Error {
  constructor(readonly erros: Map<number, Record<string, string>>) {
    super(`${erros.size} rows refused after the write`);
  }
}

export interface LoteDeps {
  /** The database whose job queue takes the identity provider's follow-up (identidade.ts). */
  db: Db;
  config: Pick<Config, 'keycloakAdmin' | 'embeddedOidc' | 'publicUrl'>;
  log: { error(obj: object, msg: string): void };
}

export async function salvarUsuariosLote(
  tx: DbOrTx,
  session: Session,
  { db, config }: LoteDeps,
  linhas: readonly LinhaLote[],
): Promise<{ resultados: ResultadoLote[]; mails: QueuedMail[] }> {
  const resultados: ResultadoLote[] = [];
  const recusar = (linha: number, erros: Record<string, string>) => resultados.push({ linha, status: 'ERRO', erros });

  const existentes = new Map(
    (
      await q.usuariosByEmails(
        tx,
        session,
        linhas.map((l) => l.input.email),
      )
    ).map((u) => [u.email, u]),
  );

  // Locked fields and the reach of the caller over the user as it is.
  const aceitas: (LinhaLote & { before?: q.UsuarioRow & { inScope: boolean } })[] = [];
  for (const l of linhas) {
    const before = existentes.get(l.input.email);
    if (before && !before.inScope) recusar(l.linha, { email: q.emUsoError('email', false) });
    else if (before && !administra(session, before.tipo)) recusar(l.linha, { email: 'errors.outsideScope' });
    else if (!before && !administra(session, l.input.tipo)) {
      recusar(l.linha, { tipo: 'usuarios.validation.tipoNaoPermitido' });
    } else aceitas.push({ ...l, before });
  }

  // An update keeps the user's features of the products it still has access types in (the
  // wizard keeps those of still-selected types); the row's defaults are added to them.
  const featuresBefore = [...new Set(aceitas.flatMap((a) => a.before?.funcionalidadeIds ?? []))];
  const produtoDe = new Map<number, number>();
  if (featuresBefore.length) {
    const rows = await tx
      .select({ id: funcionalidades.id, produtoId: funcionalidades.produtoId })
      .from(funcionalidades)
      .where(
        sql`${funcionalidades.id} in (select value::int from json_array_elements_text(${JSON.stringify(featuresBefore)}::json))`,
      );
    for (const r of rows) produtoDe.set(r.id, r.produtoId);
  }
  for (const a of aceitas) {
    if (!a.before) continue;
    const before = a.before;
    a.input = {
      ...a.input,
      // Not in the sheet: dismissal data stay as they are.
      desligamentoId: before.desligamentoId,
      dataDesligamento: before.dataDesligamento,
      produtos: a.input.produtos.map((p) => ({
        ...p,
        funcionalidadeIds: [
          ...new Set([
            ...p.funcionalidadeIds,
            ...before.funcionalidadeIds.filter((f) => produtoDe.get(f) === p.produtoId),
          ]),
        ],
      })),
    };
  }

  const reach = await loadLinkReach(
    tx,
    session,
    aceitas.map((a) => a.input),
    aceitas.flatMap((a) => (a.before ? [a.before] : [])),
  );
  const cpfs = aceitas.flatMap((a) => (a.before?.cpf ? [] : a.input.cpf ? [a.input.cpf] : []));
  const donosCpf = new Map<string, { id: number; visible: boolean }>();
  if (cpfs.length) {
    const { rows } = await tx.execute<{ id: number; cpf: string; visible: boolean }>(
      sql`select id, cpf, ${usuarioScope(session) ?? sql`true`} as visible from usuarios
        where cpf in (select json_array_elements_text(${JSON.stringify(cpfs)}::json))`,
    );
    for (const r of rows) donosCpf.set(r.cpf, { id: Number(r.id), visible: Boolean(r.visible) });
  }

  const writes: (g.UsuarioLote & g.UsuarioWrite & { linha: number; before?: q.UsuarioRow })[] = [];
  for (const { linha, input, before } of aceitas) {
    const { errors, links } = checkLinks(reach, input, before);
    const cpf = before?.cpf ?? input.cpf;
    const dono = cpf ? donosCpf.get(cpf) : undefined;
    if (dono && dono.id !== before?.id) errors.cpf = q.emUsoError('cpf', dono.visible);
    if (Object.keys(errors).length) {
      recusar(linha, errors);
      continue;
    }
    const write = {
      ...input,
      id: before?.id ?? null,
      email: before?.email ?? input.email,
      tipo: before?.tipo ?? input.tipo,
      cpf,
      ...links,
    };
    // What is written is the audited snapshot; a creation is audited whole, a change by its diff.
    const usuario = snapshot({ ...write, active: before?.active ?? true });
    const change = before ? diff(snapshotOf(before), usuario) : null;
    writes.push({
      ...write,
      linha,
      before,
      usuario,
      auditoria: !change ? 'CRIACAO' : change.changed ? { antes: change.antes, depois: change.depois } : null,
    });
  }

  const ids = await g.writeUsuariosLote(tx, writes, session.usuarioId);
  const idOf = (w: (typeof writes)[number]) => ids.get(w.email)!;

  // Nobody creates or keeps a user they could not see again (salvarUsuario's rule), checked for
  // the whole batch in one query.
  const fora = await q.outsideScope(tx, session, [...ids.values()]);
  const recusadas = new Map<number, Record<string, string>>();
  for (const w of writes)
    if (fora.has(idOf(w))) recusadas.set(w.linha, { marcaIds: 'usuarios.validation.foraDoEscopo' });
  if (recusadas.size) throw new LinhasRecusadas(recusadas);

  // The identity provider follows after the commit (identidade.ts): the batch's accounts are marked
  // and the job queued in this transaction.
  await identidadePendente(db, tx, config, sql`select unnest(${arrayOf([...ids.values()])})`, session.usuarioId);

  // With the embedded provider the account is the row: each new user gets the welcome e-mail with
  // a set-password link, queued in this transaction (sent after the commit).
  const criados = writes.filter((w) => !w.before);
  const mails = config.embeddedOidc
    ? await queuePasswordLinks(
        tx,
        config,
        criados.map((w) => ({ id: idOf(w), nome: w.nome, email: w.email, idioma: w.idioma })),
        { subjectKey: 'usuarios.boasVindas.mailSubject', bodyKey: 'usuarios.boasVindas.mailBody' },
      )
    : [];

  for (const w of writes) {
    resultados.push({ linha: w.linha, status: w.before ? 'ATUALIZADO' : 'CRIADO', usuarioId: idOf(w) });
  }
  return { resultados: resultados.sort((a, b) => a.linha - b.linha), mails };
}
