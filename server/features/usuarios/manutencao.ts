import { sql } from 'drizzle-orm';
import { administra, policies, type Policy } from '../../../domain/policies';
import { usuarioSchema, type UsuarioInput, type UsuarioRules } from '../../../domain/schemas/usuario';
import { auditedSetActive, auditedWrite } from '../../audit/write';
import { revokeAccount } from '../../auth/oidcAdapter';
import { identidadePendente } from './identidade';
import { sendPasswordLink } from '../../auth/forgotPassword';
import {
  assignableMarcaIds,
  authorize,
  changesWithin,
  dealerScope,
  grupoScope,
  usuarioInScope,
  usuarioReach,
  type Session,
} from '../../authz';
import type { DbOrTx } from '../../db/client';
import {
  cargos,
  dealers,
  departamentos,
  desligamentos,
  funcionalidades,
  grupos,
  marcas,
  tiposAcesso,
  usuarios,
} from '../../db/schema';
import type { SignedInContext } from '../../graphql/context';
import { badUserInputKeys, notFound, portalError } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { mailerOf } from '../../mail';
import { listProdutos } from '../produtos';
import { loadProperties } from '../plataforma';
import * as q from './queries';
import * as g from './gravacao';

// salvarUsuario and the activation of users (issue #13): the rules of the shared schema, then what
// only the database knows (uniqueness, references, the caller's reach), in one audited transaction.

/** The settings and catalogue the user schema reads (domain/schemas/usuario.ts). */
export async function usuarioRules(db: DbOrTx, ctx: Pick<SignedInContext, 'config'>): Promise<UsuarioRules> {
  const [props, produtos] = await Promise.all([loadProperties(db, ctx.config), listProdutos(db)]);
  return {
    tiposUsuarioDocumentoObrigatorio: props.tiposUsuarioDocumentoObrigatorio,
    tiposUsuarioInformarCargo: props.tiposUsuarioInformarCargo,
    tiposUsuarioInformarGestao: props.tiposUsuarioInformarGestao,
    informarDepartamentoCargo: props.informarDepartamentoCargo,
    tiposAcesso: produtos.flatMap((p) =>
      p.tiposAcesso.map((t) => ({
        id: t.id,
        nome: t.nome,
        funcionalidadesPadrao: t.funcionalidadesPadrao.map((f) => f.id),
      })),
    ),
  };
}

const sorted = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** The audited shape of a user: every field the wizard saves, lists in a stable order. */
export function snapshot(u: g.UsuarioWrite & { active: boolean }) {
  return {
    nome: u.nome,
    email: u.email,
    cpf: u.cpf,
    tipo: u.tipo,
    idioma: u.idioma,
    telefones: u.telefones,
    celulares: u.celulares,
    dataAdmissao: u.dataAdmissao,
    emailSuperior: u.emailSuperior,
    desligamentoId: u.desligamentoId,
    dataDesligamento: u.dataDesligamento,
    marcaIds: sorted(u.marcaIds),
    grupoIds: sorted(u.grupoIds),
    dealerIds: sorted(u.dealerIds),
    cargos: [...u.cargos]
      .map(({ cargoId, dealerId, departamentoId, dataInicio }) => ({ cargoId, dealerId, departamentoId, dataInicio }))
      .sort((a, b) => a.dealerId - b.dealerId || a.cargoId - b.cargoId || a.dataInicio.localeCompare(b.dataInicio)),
    tiposAcessoIds: sorted(u.tiposAcessoIds),
    funcionalidadeIds: sorted(u.funcionalidadeIds),
    active: u.active,
  };
}
type Snapshot = ReturnType<typeof snapshot>;

export const snapshotOf = (row: q.UsuarioRow): Snapshot =>
  snapshot({
    ...row,
    dataAdmissao: row.dataAdmissao,
    marcaIds: row.allMarcaIds,
    grupoIds: row.allGrupoIds,
    dealerIds: row.allDealerIds,
    cargos: row.allCargos,
  });

/**
 * The user before a change, when the caller may change them: in the caller's scope (else
 * FORBIDDEN 'outside your scope'; NOT_FOUND when missing), of a type the caller administers, and,
 * for a change of their active state (`changesState`), owned by the caller: a user shared with
 * another brand or dealer group keeps it (usuarioOwnedScope, the network's rule).
 */
async function writableUsuario(
  db: DbOrTx,
  session: Session,
  id: number,
  policy: Policy = policies.usuarios.edit,
  changesState: (row: q.UsuarioRow) => boolean = () => false,
) {
  const reach = await usuarioReach(db, session, id);
  authorize(session, policy, session.idioma, { reach });
  const row = await q.findUsuario(db, session, id);
  if (!row) throw portalError(session.idioma, 'FORBIDDEN', 'errors.outsideScope');
  authorize(session, policy, session.idioma, { reach, tipo: row.tipo, changesState: changesState(row) });
  return row;
}

/** Ids of `after` the caller could not have chosen: added or removed, and not in `allowed`. */
const changedOutside = (before: readonly number[], after: readonly number[], allowed: Set<number> | null) =>
  !changesWithin(before, after, allowed);

/**
 * What the link checks need to know about the ids a save names (and those the user already has):
 * which exist, which the caller sees or may give. Loaded for one save (salvarUsuario) or for a
 * whole batch of the import at once (one query per kind), then checked row by row by `checkLinks`.
 */
export interface LinkReach {
  /** Brands that exist and the caller may give (their own; every one for provider staff). */
  visibleMarcas: Set<number>;
  visibleDealers: Set<number>;
  activeDealers: Set<number>;
  visibleGrupos: Set<number>;
  cargos: Set<number>;
  departamentos: Set<number>;
  desligamentos: Set<number>;
  tiposAcesso: Set<number>;
  funcionalidades: Set<number>;
  grantable: { tiposAcesso: Set<number> | null; funcionalidades: Set<number> | null };
}

type LinkInput = Pick<UsuarioInput, 'marcaIds' | 'dealerIds' | 'grupoIds' | 'cargos' | 'desligamentoId' | 'produtos'>;
type LinkBefore = Pick<
  q.UsuarioRow,
  'allMarcaIds' | 'allDealerIds' | 'allGrupoIds' | 'allCargos' | 'tiposAcessoIds' | 'funcionalidadeIds'
>;

/** Loads the reach of the caller over every id of `inputs` and `befores`, one query per kind. */
export async function loadLinkReach(
  tx: DbOrTx,
  session: Session,
  inputs: readonly LinkInput[],
  befores: readonly LinkBefore[],
): Promise<LinkReach> {
  const all = (f: (i: LinkInput) => readonly number[], g: (b: LinkBefore) => readonly number[] = () => []) =>
    sorted([...inputs.flatMap(f), ...befores.flatMap(g)]);
  const allMarcas = await q.existingIds(
    tx,
    marcas,
    all(
      (i) => i.marcaIds,
      (b) => b.allMarcaIds,
    ),
  );
  const assignable = await assignableMarcaIds(tx, session);
  const dealerIds = all(
    (i) => i.dealerIds,
    (b) => b.allDealerIds,
  );
  return {
    visibleMarcas: assignable ? new Set([...allMarcas].filter((id) => assignable.has(id))) : allMarcas,
    visibleDealers: await q.existingIds(tx, dealers, dealerIds, dealerScope(session)),
    activeDealers: await q.existingIds(
      tx,
      dealers,
      all((i) => i.dealerIds),
      sql`${dealers.active}`,
    ),
    visibleGrupos: await q.existingIds(
      tx,
      grupos,
      all(
        (i) => i.grupoIds,
        (b) => b.allGrupoIds,
      ),
      grupoScope(session),
    ),
    cargos: await q.existingIds(
      tx,
      cargos,
      all((i) => i.cargos.map((c) => c.cargoId)),
    ),
    departamentos: await q.existingIds(
      tx,
      departamentos,
      all((i) => i.cargos.flatMap((c) => (c.departamentoId ? [c.departamentoId] : []))),
    ),
    desligamentos: await q.existingIds(
      tx,
      desligamentos,
      all((i) => (i.desligamentoId ? [i.desligamentoId] : [])),
    ),
    tiposAcesso: await q.existingIds(
      tx,
      tiposAcesso,
      all((i) => i.produtos.flatMap((p) => p.tiposAcessoIds)),
    ),
    funcionalidades: await q.existingIds(
      tx,
      funcionalidades,
      all((i) => i.produtos.flatMap((p) => p.funcionalidadeIds)),
    ),
    grantable: await q.grantableOf(tx, session),
  };
}

/**
 * The final link sets and the field errors of references: links the caller cannot see are kept
 * as they are; every link added must be one the caller may give (a manufacturer: its own brands
 * and dealers; everyone: only access types and features they hold themselves). The one check of
 * salvarUsuario and of the bulk import.
 */
export function checkLinks(reach: LinkReach, input: LinkInput, before: LinkBefore | undefined) {
  const errors: Record<string, string> = {};
  const { visibleMarcas, visibleDealers, activeDealers, visibleGrupos } = reach;

  // What the caller cannot see stays; what they send replaces what they can see.
  const keep = (all: readonly number[], visible: Set<number>) => all.filter((id) => !visible.has(id));
  const marcaIds = sorted([...input.marcaIds, ...keep(before?.allMarcaIds ?? [], visibleMarcas)]);
  const finalDealers = sorted([...input.dealerIds, ...keep(before?.allDealerIds ?? [], visibleDealers)]);
  const finalGrupos = sorted([...input.grupoIds, ...keep(before?.allGrupoIds ?? [], visibleGrupos)]);

  const wasThere = (ids: readonly number[] | undefined) => new Set(ids ?? []);
  const marcasBefore = wasThere(before?.allMarcaIds);
  if (input.marcaIds.some((id) => !visibleMarcas.has(id) && !marcasBefore.has(id))) {
    errors.marcaIds = 'usuarios.validation.marcaNaoPermitida';
  }
  const dealersBefore = wasThere(before?.allDealerIds);
  if (input.dealerIds.some((id) => !dealersBefore.has(id) && (!visibleDealers.has(id) || !activeDealers.has(id)))) {
    errors.dealerIds = 'usuarios.validation.dealerNaoPermitido';
  }
  const gruposBefore = wasThere(before?.allGrupoIds);
  if (input.grupoIds.some((id) => !gruposBefore.has(id) && !visibleGrupos.has(id))) {
    errors.grupoIds = 'usuarios.validation.grupoNaoPermitido';
  }

  // Positions: those at dealers the caller cannot see stay; the others are what the form sent.
  const cargosKept = (before?.allCargos ?? []).filter((c) => !visibleDealers.has(c.dealerId));
  input.cargos.forEach((cargo, index) => {
    // A position at a dealer the caller cannot see is another's to give, even at a dealer the user
    // keeps (a dealer new to the user is refused above).
    if (dealersBefore.has(cargo.dealerId) && !visibleDealers.has(cargo.dealerId)) {
      errors[`cargos.${index}.dealerId`] = 'usuarios.validation.dealerNaoPermitido';
    }
    if (!reach.cargos.has(cargo.cargoId)) errors[`cargos.${index}.cargoId`] = 'validation.invalidOption';
    if (cargo.departamentoId && !reach.departamentos.has(cargo.departamentoId)) {
      errors[`cargos.${index}.departamentoId`] = 'validation.invalidOption';
    }
  });
  if (input.desligamentoId && !reach.desligamentos.has(input.desligamentoId)) {
    errors.desligamentoId = 'validation.invalidOption';
  }

  // Permissions: the ids must exist, and a change may touch only what the caller holds.
  const tiposAcessoIds = sorted(input.produtos.flatMap((p) => p.tiposAcessoIds));
  const funcionalidadeIds = sorted(input.produtos.flatMap((p) => p.funcionalidadeIds));
  const { grantable } = reach;
  const tiposBefore = before?.tiposAcessoIds ?? [];
  const funcsBefore = before?.funcionalidadeIds ?? [];
  if (
    tiposAcessoIds.some((id) => !reach.tiposAcesso.has(id)) ||
    changedOutside(tiposBefore, tiposAcessoIds, grantable.tiposAcesso)
  ) {
    errors.produtos = 'usuarios.validation.tipoAcessoNaoPermitido';
  }
  if (
    funcionalidadeIds.some((id) => !reach.funcionalidades.has(id)) ||
    changedOutside(funcsBefore, funcionalidadeIds, grantable.funcionalidades)
  ) {
    errors.produtos = 'usuarios.validation.funcionalidadeNaoPermitida';
  }

  return {
    errors,
    links: {
      marcaIds,
      dealerIds: finalDealers,
      grupoIds: finalGrupos,
      cargos: [...cargosKept, ...input.cargos],
      tiposAcessoIds,
      funcionalidadeIds,
    },
  };
}

async function resolveLinks(tx: DbOrTx, session: Session, input: UsuarioInput, before: q.UsuarioRow | undefined) {
  return checkLinks(await loadLinkReach(tx, session, [input], before ? [before] : []), input, before);
}

/** salvarUsuario: validates with the shared schema and the database, saves, audits; the identity provider follows. */
export async function saveUsuario(ctx: SignedInContext, raw: unknown): Promise<number> {
  const { db, session, idioma } = ctx;
  const input = parseInput(usuarioSchema(await usuarioRules(db, ctx)), raw, idioma);
  let write: g.UsuarioWrite | undefined;
  let row: q.UsuarioRow | undefined;
  let created = false;
  const id = await auditedWrite(db, session, {
    tipo: 'USUARIO',
    table: usuarios,
    target: input.id ? { id: input.id, version: input.version } : undefined,
    async load(tx, id) {
      row = await writableUsuario(tx, session, id);
      return snapshotOf(row);
    },
    async check(tx, before) {
      if (!before) authorize(session, policies.usuarios.create, idioma);
      // Locked once the user exists: e-mail and type always, the CPF once filled.
      const email = row ? row.email : input.email;
      const tipo = row ? row.tipo : input.tipo;
      const cpf = row?.cpf ?? input.cpf;
      const errors: Record<string, string> = {};
      if (!administra(session, tipo)) errors.tipo = 'usuarios.validation.tipoNaoPermitido';
      const { errors: linkErrors, links } = await resolveLinks(tx, session, input, row);
      write = { ...input, id: input.id, email, tipo, cpf, ...links };
      return { ...errors, ...linkErrors, ...(await q.uniquenessErrors(tx, session, { id: input.id, email, cpf })) };
    },
    async write(tx) {
      const id = await g.writeUsuario(tx, write!);
      created = !input.id;
      // A save that would take the user out of the caller's sight (no brand or dealer of theirs
      // left) is refused: nobody creates or keeps a user they could not see again.
      if (!(await usuarioInScope(tx, session, id))) {
        throw badUserInputKeys(idioma, { marcaIds: 'usuarios.validation.foraDoEscopo' });
      }
      // The identity provider follows once this commits (identidade.ts).
      await identidadePendente(db, tx, ctx.config, sql`select ${id}::int`, session.usuarioId);
      return id;
    },
    after: (before) => snapshot({ ...write!, active: before?.active ?? true }),
    uniqueErrors: (db) => q.uniquenessErrors(db, session, { id: input.id, email: write!.email, cpf: write!.cpf }),
  });
  if (created && ctx.config.embeddedOidc) {
    // The embedded provider's account is this row: the new user chooses a password from a link.
    await sendPasswordLink(
      { db, config: ctx.config, mailer: mailerOf(db, ctx.config, ctx.request.server.log) },
      { id, nome: write!.nome, email: write!.email, idioma: write!.idioma },
      { subjectKey: 'usuarios.boasVindas.mailSubject', bodyKey: 'usuarios.boasVindas.mailBody' },
    );
  }
  return id;
}

/** ativarUsuario / inativarUsuario: audited; inactivating signs the user out everywhere. */
export async function setUsuarioActive(ctx: SignedInContext, id: number, active: boolean): Promise<number> {
  const { db, session } = ctx;
  if (active === false && id === session.usuarioId) {
    throw portalError(session.idioma, 'FORBIDDEN', 'usuarios.errors.inativarSiMesmo');
  }
  return auditedSetActive(db, session, {
    tipo: 'USUARIO',
    table: usuarios,
    id,
    active,
    load: async (tx, id) =>
      snapshotOf(await writableUsuario(tx, session, id, policies.usuarios.edit, (row) => row.active !== active)),
    async write(tx, before) {
      await g.setUsuarioActive(tx, id, active);
      if (!active) await revokeAccount(tx, id);
      if (before.active !== active) {
        await identidadePendente(ctx.db, tx, ctx.config, sql`select ${id}::int`, ctx.session.usuarioId);
      }
    },
  });
}

/**
 * liberarAtivacaoEspecial / removerAtivacaoEspecial: a user with special activation is never
 * inactivated for lack of access. Needs LIBERAR_ATIVACAO_ESPECIAL and the user within the caller's
 * users scope (as any other write on a user); audited, version bumped.
 */
export async function setAtivacaoEspecial(
  ctx: SignedInContext,
  id: number,
  ativacaoEspecial: boolean,
): Promise<number> {
  const { db, session } = ctx;
  return auditedWrite(db, session, {
    tipo: 'USUARIO',
    table: usuarios,
    target: { id, version: 'any' },
    load: async (tx, id) => {
      // Removing it exposes the user to inactivation: a change of their active state.
      const row = await writableUsuario(
        tx,
        session,
        id,
        policies.usuarios.ativacaoEspecial,
        (row) => row.ativacaoEspecial && !ativacaoEspecial,
      );
      return { ...snapshotOf(row), ativacaoEspecial: row.ativacaoEspecial };
    },
    async write(tx) {
      await g.setAtivacaoEspecial(tx, id, ativacaoEspecial);
      return id;
    },
    after: (before) => ({ ...before!, ativacaoEspecial }),
  });
}

/** A user as the API answers it, read in the caller's scope after a change. */
export async function usuarioView(db: DbOrTx, session: Session, id: number) {
  const row = await q.findUsuario(db, session, id);
  if (!row) throw notFound(session.idioma);
  return viewOf(row);
}

export function viewOf(
  row: Omit<q.UsuarioRow, 'allMarcaIds' | 'allDealerIds' | 'allGrupoIds' | 'allCargos'> | q.ListRow,
) {
  const full = row as Partial<q.UsuarioRow> & q.ListRow;
  return {
    ...full,
    tipo: { id: full.tipo },
    idioma: { id: full.idioma },
    ultimoAcesso: full.ultimoAcesso ? new Date(full.ultimoAcesso).toISOString() : null,
    createdAt: new Date(full.createdAt).toISOString(),
    marcaIds: full.marcas.map((m) => m.id),
    dealerIds: full.dealers.map((d) => d.id),
    grupoIds: full.grupos.map((g) => g.id),
    cargos: full.cargos ?? [],
    telefones: full.telefones ?? [],
    celulares: full.celulares ?? [],
  };
}
