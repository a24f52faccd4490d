import { readFileSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { administra, policies } from '../../../domain/policies';
import {
  destinatariosFilterSchema,
  grupoUsuariosFilterSchema,
  grupoUsuariosSchema,
  GRUPO_USUARIOS_NOME_MAX,
  type GrupoUsuariosInput,
} from '../../../domain/schemas/grupoUsuarios';
import { idSchema } from '../../../domain/schemas/usuario';
import { draftGroup, listRecipients, savedGroup } from '../../audience';
import { auditedWrite } from '../../audit/write';
import {
  authorize,
  dealerScope,
  grupoScope,
  grupoUsuariosReach,
  grupoUsuariosReadScope,
  usuarioScope,
  type Session,
} from '../../authz';
import type { DbOrTx } from '../../db/client';
import { arrayOf, containsPattern } from '../../db/lists';
import { gruposUsuarios } from '../../db/schema';
import { notFound } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import type { Context } from '../../graphql/context';
import { operation, type Feature } from '../../graphql/operation';
import * as q from './queries';

const byId = z.object({ id: idSchema });
const byIds = z.object({ ids: z.array(idSchema).min(1, 'validation.minItems').max(50, 'validation.maxItems') });
const byNome = z.object({ nome: z.string().trim().min(1, 'validation.required').max(GRUPO_USUARIOS_NOME_MAX) });
const MANUAL_SEARCH_LIMIT = 20;

/** The group as the caller may read it, or NOT_FOUND (also for groups they may not read). */
async function readableGrupo(db: DbOrTx, session: Session, id: number) {
  const row = await q.findGrupoUsuarios(db, session, id);
  if (!row) throw notFound(session.idioma);
  return row;
}

const sorted = <T extends number | string>(values: readonly T[]) => [...values].sort();
const idsOf = (list: { id: number }[]) => sorted(list.map((item) => Number(item.id)));

/** What the audit trail keeps of a group: its name, flags and every block's values. */
const snapshot = (g: GrupoUsuariosInput) => ({
  nome: g.nome,
  publico: g.publico,
  active: g.active ?? true,
  possuiPerfil: g.possuiPerfil,
  possuiCargos: g.possuiCargos,
  possuiSetores: g.possuiSetores,
  possuiGrupos: g.possuiGrupos,
  possuiUsuariosManuais: g.possuiUsuariosManuais,
  todosDealers: g.todosDealers,
  marcaIds: sorted(g.marcaIds),
  tiposUsuario: sorted(g.tiposUsuario),
  tipoAcessoIds: sorted(g.tipoAcessoIds),
  dealerIds: sorted(g.dealerIds),
  cargoIds: sorted(g.cargoIds),
  setorIds: sorted(g.setorIds),
  grupoIds: sorted(g.grupoIds),
  usuarioManualIds: sorted(g.usuarioManualIds),
  usuarioRemovidoIds: sorted(g.usuarioRemovidoIds),
  leitorIds: sorted(g.leitorIds),
  editorIds: sorted(g.editorIds),
});

/** A saved group in the form's shape (the audit snapshot and the values kept through a save). */
const asInput = (row: q.GrupoUsuariosRow): GrupoUsuariosInput & { active: boolean } => ({
  id: row.id,
  version: row.version,
  nome: row.nome,
  publico: row.publico,
  active: row.active,
  possuiPerfil: row.possuiPerfil,
  possuiCargos: row.possuiCargos,
  possuiSetores: row.possuiSetores,
  possuiGrupos: row.possuiGrupos,
  possuiUsuariosManuais: row.possuiUsuariosManuais,
  todosDealers: row.todosDealers,
  marcaIds: idsOf(row.marcas),
  tiposUsuario: sorted(row.tiposUsuarios) as GrupoUsuariosInput['tiposUsuario'],
  tipoAcessoIds: idsOf(row.tiposAcesso),
  dealerIds: idsOf(row.dealers as { id: number }[]),
  cargoIds: idsOf(row.cargos as { id: number }[]),
  setorIds: idsOf(row.setores as { id: number }[]),
  grupoIds: idsOf(row.grupos as { id: number }[]),
  usuarioManualIds: idsOf(row.usuariosManuais),
  usuarioRemovidoIds: idsOf(row.usuariosRemovidos),
  leitorIds: idsOf(row.leitores),
  editorIds: idsOf(row.editores),
});

/**
 * What the caller may put in each block (spec section 6): their own brands, the user types they
 * administer, their products' access types, the active dealers and dealer groups they see, any
 * position and sector, the users they see. Provider staff: anything that exists. Values already
 * in the group stay even if the caller could not add them (another maintainer's choice).
 */
type IdField =
  | 'marcaIds'
  | 'tipoAcessoIds'
  | 'dealerIds'
  | 'grupoIds'
  | 'cargoIds'
  | 'setorIds'
  | 'usuarioManualIds'
  | 'usuarioRemovidoIds'
  | 'leitorIds'
  | 'editorIds';

function allowedValues(session: Session): Record<IdField, SQL> {
  const staff = session.tipo === 'TECSINAPSE';
  const me = session.usuarioId;
  const users = sql`select usuarios.id from usuarios where ${usuarioScope(session) ?? sql`true`}`;
  return {
    marcaIds: staff ? sql`select id from marcas` : sql`select marca_id from usuario_marcas where usuario_id = ${me}`,
    tipoAcessoIds: staff
      ? sql`select id from tipos_acesso`
      : sql`select tipo_acesso_id from usuario_tipos_acesso where usuario_id = ${me}`,
    dealerIds: sql`select dealers.id from dealers where dealers.active and ${dealerScope(session) ?? sql`true`}`,
    grupoIds: sql`select grupos.id from grupos where grupos.active and ${grupoScope(session) ?? sql`true`}`,
    cargoIds: sql`select id from cargos`,
    setorIds: sql`select id from setores`,
    usuarioManualIds: users,
    usuarioRemovidoIds: users,
    leitorIds: users,
    editorIds: users,
  };
}

const MESSAGES: Record<string, string> = {
  marcaIds: 'gruposUsuarios.validation.marcaNaoPermitida',
  tiposUsuario: 'gruposUsuarios.validation.tipoNaoPermitido',
  tipoAcessoIds: 'gruposUsuarios.validation.tipoAcessoNaoPermitido',
  dealerIds: 'gruposUsuarios.validation.dealerNaoPermitido',
  grupoIds: 'gruposUsuarios.validation.grupoNaoPermitido',
  cargoIds: 'validation.invalidOption',
  setorIds: 'validation.invalidOption',
  usuarioManualIds: 'gruposUsuarios.validation.usuarioNaoPermitido',
  usuarioRemovidoIds: 'gruposUsuarios.validation.usuarioNaoPermitido',
  leitorIds: 'gruposUsuarios.validation.usuarioNaoPermitido',
  editorIds: 'gruposUsuarios.validation.usuarioNaoPermitido',
};

/** Field errors for values the caller may not add, the public flag without its key, a taken name. */
async function grupoErrors(db: DbOrTx, session: Session, input: GrupoUsuariosInput, before?: GrupoUsuariosInput) {
  const errors: Record<string, string> = {};
  if (await q.grupoUsuariosByNome(db, input.nome, input.id)) errors.nome = 'gruposUsuarios.validation.nomeEmUso';
  const allowed = allowedValues(session);
  for (const field of Object.keys(allowed) as IdField[]) {
    const values = input[field];
    const kept = new Set(before?.[field] ?? []);
    const added = values.filter((v) => !kept.has(v));
    if (added.length === 0) continue;
    const [{ outside }] = (
      await db.execute<{ outside: number }>(
        sql`select count(*)::int as outside from unnest(${arrayOf(added)}) v where v not in (${allowed[field]})`,
      )
    ).rows;
    if (outside > 0) errors[field] = MESSAGES[field];
  }
  const tiposKept = new Set(before?.tiposUsuario ?? []);
  if (input.tiposUsuario.some((t) => !tiposKept.has(t) && !administra(session, t))) {
    errors.tiposUsuario = MESSAGES.tiposUsuario;
  }
  return errors;
}

/** The group before a change, when the caller may make it; else the refusal. */
async function writableGrupo(db: DbOrTx, session: Session, id: number, active: boolean | undefined) {
  const reach = await grupoUsuariosReach(db, session, id);
  const before = reach === 'missing' || reach === 'outside' ? undefined : await q.findGrupoUsuarios(db, session, id);
  const changesState = active !== undefined && before?.active !== active;
  authorize(session, changesState ? policies.gruposUsuarios.setActive : policies.gruposUsuarios.edit, session.idioma, {
    reach,
    changesState,
  });
  return asInput(before!);
}

/** Saves a group (its row and every block) in one transaction, audited. */
async function saveGrupoUsuarios(
  db: DbOrTx,
  session: Session,
  input: GrupoUsuariosInput,
  version: number | 'any' | null | undefined,
) {
  let saved = input;
  const id = await auditedWrite(db, session, {
    tipo: 'GRUPO_USUARIOS',
    table: gruposUsuarios,
    target: input.id ? { id: input.id, version } : undefined,
    load: (tx, id) => writableGrupo(tx, session, id, input.active),
    async check(tx, before) {
      if (!before) authorize(session, policies.gruposUsuarios.create, session.idioma);
      if (!before && input.publico) authorize(session, policies.gruposUsuarios.createPublic, session.idioma);
      // Public or private is fixed once the group is saved; a missing state keeps the stored one.
      saved = before
        ? { ...input, publico: before.publico, active: input.active ?? before.active }
        : { ...input, active: input.active ?? true };
      return grupoErrors(tx, session, saved, before);
    },
    write: (tx) => q.writeGrupoUsuarios(tx, session, saved),
    after: () => snapshot(saved),
    uniqueErrors: async (db): Promise<Record<string, string>> =>
      (await q.grupoUsuariosByNome(db, input.nome, input.id)) ? { nome: 'gruposUsuarios.validation.nomeEmUso' } : {},
  });
  return readableGrupo(db, session, id);
}

/** Saves the group as it stands with another state; the save checks the caller's reach on it. */
async function setActive(db: DbOrTx, session: Session, id: number, active: boolean) {
  const current = await q.findGrupoUsuarios(db, session, id);
  if (!current) throw notFound(session.idioma);
  return saveGrupoUsuarios(db, session, { ...asInput(current), active }, 'any');
}

export const gruposUsuariosFeature: Feature = {
  typeDefs: readFileSync(new URL('./gruposUsuarios.graphql', import.meta.url), 'utf8'),
  types: {
    UsuarioLogado: {
      gruposUsuarios: (parent: { id: number }, _args: never, { db }: Context) =>
        q.gruposOfRecipient(db, Number(parent.id)),
    },
    GrupoUsuarios: {
      // Counted only when asked for (the list and the selector), within what the caller sees.
      totalDestinatarios: (parent: { id: number }, _args: never, { db, session }: Context) =>
        q.totalDestinatarios(db, session!, Number(parent.id)),
    },
  },
  Query: {
    gruposUsuarios: operation({
      policy: policies.gruposUsuarios.list,
      resolve: (args: { filterInput: unknown }, { db, session, idioma }) =>
        q.listGruposUsuarios(db, session, parseInput(grupoUsuariosFilterSchema, args.filterInput ?? {}, idioma)),
    }),
    gruposUsuariosAtivos: operation({
      policy: policies.gruposUsuarios.use,
      resolve: (_args: unknown, { db, session }) => q.listGruposUsuariosAtivos(db, session),
    }),
    grupoUsuarios: operation({
      policy: policies.gruposUsuarios.use,
      resolve: (args: unknown, { db, session, idioma }) =>
        readableGrupo(db, session, parseInput(byId, args, idioma).id),
    }),
    grupoUsuariosByNome: operation({
      policy: policies.gruposUsuarios.list,
      resolve: (args: unknown, { db, session, idioma }) =>
        q.grupoUsuariosByNome(db, parseInput(byNome, args, idioma).nome, undefined, grupoUsuariosReadScope(session)),
    }),
    usuariosByGruposUsuariosPaged: operation({
      policy: policies.gruposUsuarios.use,
      async resolve(args: { filterInput: unknown }, { db, session, idioma }) {
        const filter = parseInput(destinatariosFilterSchema, args.filterInput ?? {}, idioma);
        const grupos = filter.grupos ?? [];
        if (!(await q.readsAll(db, session, grupos))) throw notFound(session.idioma);
        const draft = filter.definicao
          ? draftGroup(filter.definicao, { ignorarRemovidos: Boolean(filter.incluirRemovidos) })
          : undefined;
        return listRecipients(db, [...grupos.map((id) => savedGroup(id)), ...(draft ? [draft] : [])], {
          ...filter,
          scope: usuarioScope(session),
          removidos: filter.incluirRemovidos && filter.definicao ? draftGroup(filter.definicao) : undefined,
        });
      },
    }),
    usuariosByNomeOrEmailStartingWith: operation({
      policy: policies.gruposUsuarios.findUsers,
      async resolve(args: unknown, { db, session, idioma }) {
        const { nome } = parseInput(byNome, args, idioma);
        const prefix = containsPattern(nome).slice(1);
        const result = await db.execute<{ id: number; nome: string; email: string; tipo: string }>(sql`
          select usuarios.id, usuarios.nome, usuarios.email, usuarios.tipo from usuarios
          where usuarios.active and (fold(usuarios.nome) like fold(${prefix}) or usuarios.email like lower(${prefix}))
            and ${usuarioScope(session) ?? sql`true`}
          order by usuarios.nome, usuarios.id limit ${MANUAL_SEARCH_LIMIT}`);
        return result.rows;
      },
    }),
  },
  Mutation: {
    salvarGrupoUsuarios: operation({
      // A create also passes policies.gruposUsuarios.create (and createPublic for a public group).
      policy: policies.gruposUsuarios.edit,
      resolve(args: { grupoUsuarios: unknown }, { db, session, idioma }) {
        const input = parseInput(grupoUsuariosSchema, args.grupoUsuarios, idioma);
        return saveGrupoUsuarios(db, session, input, input.version);
      },
    }),
    atualizarGrupoFavorito: operation({
      policy: policies.gruposUsuarios.use,
      async resolve(args: unknown, { db, session, idioma }) {
        const { id } = parseInput(byId, args, idioma);
        await readableGrupo(db, session, id);
        await q.toggleFavorito(db, session, id);
        return readableGrupo(db, session, id);
      },
    }),
    importarGrupoUsuarios: operation({
      policy: policies.gruposUsuarios.list,
      async resolve(args: unknown, { db, session, idioma }) {
        const { ids } = parseInput(byIds, args, idioma);
        const list = await q.findGruposUsuarios(db, session, ids);
        if (!list) throw notFound(session.idioma);
        return list;
      },
    }),
    ativarGrupoUsuarios: operation({
      policy: policies.gruposUsuarios.setActive,
      resolve: (args: unknown, { db, session, idioma }) =>
        setActive(db, session, parseInput(byId, args, idioma).id, true),
    }),
    inativarGrupoUsuarios: operation({
      policy: policies.gruposUsuarios.setActive,
      resolve: (args: unknown, { db, session, idioma }) =>
        setActive(db, session, parseInput(byId, args, idioma).id, false),
    }),
  },
};
