import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import type { AccessRule } from '../../../domain/access';
import {
  cargoSchema,
  cargosArgsSchema,
  departamentoSchema,
  desligamentoSchema,
  divisaoSchema,
  idArgSchema,
  marcaSchema,
  redeSocialSchema,
  redesSociaisArgsSchema,
  setorSchema,
} from '../../../domain/schemas/cadastros';
import type { Idioma } from '../../../domain/enums';
import { diff, recordAudit } from '../../audit';
import type { DbOrTx } from '../../db/client';
import type { SignedInContext } from '../../graphql/context';
import { badUserInputKeys, notFound, portalError } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { operation, type Feature } from '../../graphql/operation';
import { cadastrosExports } from './exports';
import * as q from './queries';

/** Writes of reference data are for the provider's staff only. */
const STAFF: AccessRule = { tiposUsuario: ['TECSINAPSE'] };

type Row = Record<string, unknown> & { id: number };

const fieldError = (idioma: Idioma, field: string, key: string) => badUserInputKeys(idioma, { [field]: key });

/** The audited fields of a record: nested objects (a sector's division) are left out, their ids stay. */
function auditView(row: Row): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).filter(([key, value]) => key !== 'id' && (value === null || typeof value !== 'object')),
  );
}

interface SaveSpec<S extends z.ZodType<{ id?: number | null }>, R extends Row> {
  /** Audit record kind, e.g. 'CARGO'. */
  tipo: string;
  schema: S;
  find(db: DbOrTx, id: number): Promise<R | undefined>;
  insert(db: DbOrTx, values: Omit<z.output<S>, 'id'>): Promise<{ id: number }>;
  update(db: DbOrTx, id: number, values: Omit<z.output<S>, 'id'>): Promise<unknown>;
  /** Name uniqueness (tables with a unique name): checked first, and mapped from the constraint in a race. */
  uniqueName?: {
    field: keyof z.output<S> & string;
    taken(db: DbOrTx, nome: string, exceptId?: number): Promise<boolean>;
  };
  /** Further checks of the parsed input (e.g. that a chosen division exists); throw to refuse. */
  check?(db: DbOrTx, input: z.output<S>, idioma: Idioma): Promise<void>;
}

/**
 * Creates (no id) or updates one record: parse with the shared schema, check, write and audit in
 * one transaction. Returns the record as read back.
 */
async function save<S extends z.ZodType<{ id?: number | null }>, R extends Row>(
  spec: SaveSpec<S, R>,
  rawInput: unknown,
  { db, session, idioma }: SignedInContext,
): Promise<R> {
  const input = parseInput(spec.schema, rawInput, idioma);
  const { id, ...values } = input as z.output<S> & { id?: number | null };
  const unique = spec.uniqueName;
  return db.transaction(async (tx) => {
    const before = id ? await spec.find(tx, id) : undefined;
    if (id && !before) throw notFound(idioma);
    await spec.check?.(tx, input, idioma);
    if (unique && (await unique.taken(tx, String(values[unique.field as keyof typeof values]), id ?? undefined))) {
      throw fieldError(idioma, unique.field, 'cadastros.errors.nameInUse');
    }
    try {
      if (before) {
        const changes = diff(auditView(before), values as Record<string, unknown>);
        if (!changes.changed) return before;
        await spec.update(tx, before.id, values as Omit<z.output<S>, 'id'>);
        await recordAudit(tx, {
          tipo: spec.tipo,
          registroId: before.id,
          alteracao: 'ALTERACAO',
          valorAnterior: changes.antes,
          valorNovo: changes.depois,
          autorId: session.usuarioId,
        });
        return (await spec.find(tx, before.id))!;
      }
      const { id: newId } = await spec.insert(tx, values as Omit<z.output<S>, 'id'>);
      const created = (await spec.find(tx, newId))!;
      await recordAudit(tx, {
        tipo: spec.tipo,
        registroId: newId,
        alteracao: 'CRIACAO',
        valorNovo: auditView(created),
        autorId: session.usuarioId,
      });
      return created;
    } catch (error) {
      if (unique && q.sqlStateOf(error) === q.UNIQUE_VIOLATION) {
        throw fieldError(idioma, unique.field, 'cadastros.errors.nameInUse');
      }
      throw error;
    }
  });
}

/** Removes a record nothing refers to; a record in use (a foreign key refuses) is kept, with a translated error. */
async function remove<R extends Row>(
  spec: {
    tipo: string;
    find(db: DbOrTx, id: number): Promise<R | undefined>;
    remove(db: DbOrTx, id: number): Promise<unknown>;
  },
  args: unknown,
  { db, session, idioma }: SignedInContext,
): Promise<boolean> {
  const { id } = parseInput(idArgSchema, args, idioma);
  try {
    return await db.transaction(async (tx) => {
      const before = await spec.find(tx, id);
      if (!before) throw notFound(idioma);
      await spec.remove(tx, id);
      await recordAudit(tx, {
        tipo: spec.tipo,
        registroId: id,
        alteracao: 'EXCLUSAO',
        valorAnterior: auditView(before),
        autorId: session.usuarioId,
      });
      return true;
    });
  } catch (error) {
    if (q.sqlStateOf(error) === q.FOREIGN_KEY_VIOLATION) {
      throw portalError(idioma, 'BAD_USER_INPUT', 'cadastros.errors.inUse');
    }
    throw error;
  }
}

/** Activates or inactivates a brand; audited only when the state changes. */
async function setMarcaActive(args: unknown, active: boolean, { db, session, idioma }: SignedInContext) {
  const { id } = parseInput(idArgSchema, args, idioma);
  return db.transaction(async (tx) => {
    const before = await q.findMarca(tx, id);
    if (!before) throw notFound(idioma);
    if (before.active === active) return before;
    const after = await q.updateMarca(tx, id, { active });
    await recordAudit(tx, {
      tipo: 'MARCA',
      registroId: id,
      alteracao: active ? 'ATIVACAO' : 'INATIVACAO',
      valorAnterior: { active: before.active },
      valorNovo: { active },
      autorId: session.usuarioId,
    });
    return after;
  });
}

const requireDivisao = async (db: DbOrTx, input: { divisaoId: number }, idioma: Idioma) => {
  if (!(await q.findDivisao(db, input.divisaoId))) throw fieldError(idioma, 'divisaoId', 'validation.invalidOption');
};

const requireMarca = async (db: DbOrTx, input: { marcaId: number }, idioma: Idioma) => {
  if (!(await q.findMarca(db, input.marcaId))) throw fieldError(idioma, 'marcaId', 'validation.invalidOption');
};

const marcaSpec: SaveSpec<typeof marcaSchema, q.MarcaRow> = {
  tipo: 'MARCA',
  schema: marcaSchema,
  find: q.findMarca,
  insert: q.insertMarca,
  update: q.updateMarca,
  uniqueName: { field: 'nome', taken: q.marcaNameTaken },
};

const cargoSpec: SaveSpec<typeof cargoSchema, q.CargoRow> = {
  tipo: 'CARGO',
  schema: cargoSchema,
  find: q.findCargo,
  insert: q.insertCargo,
  update: q.updateCargo,
  uniqueName: { field: 'nome', taken: q.cargoNameTaken },
};

const departamentoSpec: SaveSpec<typeof departamentoSchema, q.DepartamentoRow> = {
  tipo: 'DEPARTAMENTO',
  schema: departamentoSchema,
  find: q.findDepartamento,
  insert: q.insertDepartamento,
  update: q.updateDepartamento,
};

const divisaoSpec: SaveSpec<typeof divisaoSchema, q.DivisaoRow> = {
  tipo: 'DIVISAO',
  schema: divisaoSchema,
  find: q.findDivisao,
  insert: q.insertDivisao,
  update: q.updateDivisao,
  uniqueName: { field: 'nome', taken: q.divisaoNameTaken },
};

const setorSpec: SaveSpec<typeof setorSchema, NonNullable<Awaited<ReturnType<typeof q.findSetor>>>> = {
  tipo: 'SETOR',
  schema: setorSchema,
  find: q.findSetor,
  insert: q.insertSetor,
  update: q.updateSetor,
  check: requireDivisao,
};

const desligamentoSpec: SaveSpec<typeof desligamentoSchema, q.DesligamentoRow> = {
  tipo: 'DESLIGAMENTO',
  schema: desligamentoSchema,
  find: q.findDesligamento,
  insert: q.insertDesligamento,
  update: q.updateDesligamento,
};

const redeSocialSpec: SaveSpec<typeof redeSocialSchema, NonNullable<Awaited<ReturnType<typeof q.findRedeSocial>>>> = {
  tipo: 'REDE_SOCIAL',
  schema: redeSocialSchema,
  find: q.findRedeSocial,
  insert: q.insertRedeSocial,
  update: q.updateRedeSocial,
  check: requireMarca,
};

const list = (read: (db: DbOrTx) => Promise<unknown>) =>
  operation({ access: 'signedIn', resolve: (_args: unknown, { db }) => read(db) });

export const cadastrosFeature: Feature = {
  // Exports of the lists, for the staff who maintain them (as the screens).
  exports: cadastrosExports(STAFF),
  typeDefs: readFileSync(new URL('./cadastros.graphql', import.meta.url), 'utf8'),
  Query: {
    marcas: list(q.listMarcas),
    cargos: operation({
      access: 'signedIn',
      async resolve(args: unknown, { db, idioma }) {
        // usuarioId and cargosPrincipais are accepted (spec section 7); every position is returned.
        parseInput(cargosArgsSchema, args, idioma);
        return q.listCargos(db);
      },
    }),
    departamentos: list(q.listDepartamentos),
    divisoes: list(q.listDivisoes),
    setores: list(q.listSetores),
    desligamentos: list(q.listDesligamentos),
    redesSociais: operation({
      access: 'signedIn',
      async resolve(args: unknown, { db, idioma }) {
        const { marca } = parseInput(redesSociaisArgsSchema, args, idioma);
        return q.listRedesSociais(db, marca);
      },
    }),
  },
  Mutation: {
    salvarMarca: operation({
      access: STAFF,
      resolve: (args: { marca: unknown }, ctx) => save(marcaSpec, args.marca, ctx),
    }),
    ativarMarca: operation({ access: STAFF, resolve: (args: unknown, ctx) => setMarcaActive(args, true, ctx) }),
    inativarMarca: operation({ access: STAFF, resolve: (args: unknown, ctx) => setMarcaActive(args, false, ctx) }),
    salvarCargo: operation({
      access: STAFF,
      resolve: (args: { cargo: unknown }, ctx) => save(cargoSpec, args.cargo, ctx),
    }),
    excluirCargo: operation({
      access: STAFF,
      resolve: (args: unknown, ctx) => remove({ tipo: 'CARGO', find: q.findCargo, remove: q.deleteCargo }, args, ctx),
    }),
    salvarDepartamento: operation({
      access: STAFF,
      resolve: (args: { departamento: unknown }, ctx) => save(departamentoSpec, args.departamento, ctx),
    }),
    excluirDepartamento: operation({
      access: STAFF,
      resolve: (args: unknown, ctx) =>
        remove({ tipo: 'DEPARTAMENTO', find: q.findDepartamento, remove: q.deleteDepartamento }, args, ctx),
    }),
    salvarDivisao: operation({
      access: STAFF,
      resolve: (args: { divisao: unknown }, ctx) => save(divisaoSpec, args.divisao, ctx),
    }),
    excluirDivisao: operation({
      access: STAFF,
      resolve: (args: unknown, ctx) =>
        remove({ tipo: 'DIVISAO', find: q.findDivisao, remove: q.deleteDivisao }, args, ctx),
    }),
    salvarSetor: operation({
      access: STAFF,
      resolve: (args: { setor: unknown }, ctx) => save(setorSpec, args.setor, ctx),
    }),
    excluirSetor: operation({
      access: STAFF,
      resolve: (args: unknown, ctx) => remove({ tipo: 'SETOR', find: q.findSetor, remove: q.deleteSetor }, args, ctx),
    }),
    salvarDesligamento: operation({
      access: STAFF,
      resolve: (args: { desligamento: unknown }, ctx) => save(desligamentoSpec, args.desligamento, ctx),
    }),
    excluirDesligamento: operation({
      access: STAFF,
      resolve: (args: unknown, ctx) =>
        remove({ tipo: 'DESLIGAMENTO', find: q.findDesligamento, remove: q.deleteDesligamento }, args, ctx),
    }),
    salvarRedeSocial: operation({
      access: STAFF,
      resolve: (args: { redeSocial: unknown }, ctx) => save(redeSocialSpec, args.redeSocial, ctx),
    }),
    excluirRedeSocial: operation({
      access: STAFF,
      resolve: (args: unknown, ctx) =>
        remove({ tipo: 'REDE_SOCIAL', find: q.findRedeSocial, remove: q.deleteRedeSocial }, args, ctx),
    }),
  },
};
