import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { cargos, departamentos, desligamentos, divisoes, marcas, redesSociais, setores } from '../../db/schema';
import { MAX_UNPAGED_ROWS } from '../../../domain/schemas/lista';

// Data access of the reference data (drizzle only). Every list is small and read whole.

export type MarcaRow = typeof marcas.$inferSelect;
export type CargoRow = typeof cargos.$inferSelect;
export type DepartamentoRow = typeof departamentos.$inferSelect;
export type DivisaoRow = typeof divisoes.$inferSelect;
export type SetorRow = typeof setores.$inferSelect;
export type DesligamentoRow = typeof desligamentos.$inferSelect;
export type RedeSocialRow = typeof redesSociais.$inferSelect;

/** Case-insensitive, trimmed comparison of a name column: `Vendas` and ` vendas` are the same name. */
const sameName = (column: AnyPgColumn, nome: string): SQL => sql`lower(trim(${column})) = lower(${nome.trim()})`;

/** Whether another row (not `exceptId`) already holds `nome` in `column`. */
async function nameTaken(db: DbOrTx, column: AnyPgColumn, idColumn: AnyPgColumn, nome: string, exceptId?: number) {
  const rows = await db
    .select({ id: idColumn })
    .from(column.table)
    .where(exceptId ? sql`${sameName(column, nome)} and ${idColumn} <> ${exceptId}` : sameName(column, nome))
    .limit(1);
  return rows.length > 0;
}

// Brands.

export const listMarcas = (db: DbOrTx) => db.select().from(marcas).orderBy(asc(marcas.nome)).limit(MAX_UNPAGED_ROWS);

export async function findMarca(db: DbOrTx, id: number): Promise<MarcaRow | undefined> {
  const [row] = await db.select().from(marcas).where(eq(marcas.id, id));
  return row;
}

export const marcaNameTaken = (db: DbOrTx, nome: string, exceptId?: number) =>
  nameTaken(db, marcas.nome, marcas.id, nome, exceptId);

export async function insertMarca(db: DbOrTx, values: Omit<typeof marcas.$inferInsert, 'id'>) {
  const [row] = await db.insert(marcas).values(values).returning();
  return row;
}

export async function updateMarca(db: DbOrTx, id: number, values: Partial<Omit<MarcaRow, 'id' | 'createdAt'>>) {
  const [row] = await db.update(marcas).set(values).where(eq(marcas.id, id)).returning();
  return row;
}

// Positions.

export const listCargos = (db: DbOrTx) => db.select().from(cargos).orderBy(asc(cargos.nome)).limit(MAX_UNPAGED_ROWS);

export async function findCargo(db: DbOrTx, id: number): Promise<CargoRow | undefined> {
  const [row] = await db.select().from(cargos).where(eq(cargos.id, id));
  return row;
}

export const cargoNameTaken = (db: DbOrTx, nome: string, exceptId?: number) =>
  nameTaken(db, cargos.nome, cargos.id, nome, exceptId);

export async function insertCargo(db: DbOrTx, values: { nome: string }) {
  const [row] = await db.insert(cargos).values(values).returning();
  return row;
}

export async function updateCargo(db: DbOrTx, id: number, values: { nome: string }) {
  const [row] = await db.update(cargos).set(values).where(eq(cargos.id, id)).returning();
  return row;
}

export const deleteCargo = (db: DbOrTx, id: number) => db.delete(cargos).where(eq(cargos.id, id));

// Departments.

export const listDepartamentos = (db: DbOrTx) =>
  db.select().from(departamentos).orderBy(asc(departamentos.nome)).limit(MAX_UNPAGED_ROWS);

export async function findDepartamento(db: DbOrTx, id: number): Promise<DepartamentoRow | undefined> {
  const [row] = await db.select().from(departamentos).where(eq(departamentos.id, id));
  return row;
}

export async function insertDepartamento(db: DbOrTx, values: Omit<DepartamentoRow, 'id'>) {
  const [row] = await db.insert(departamentos).values(values).returning();
  return row;
}

export async function updateDepartamento(db: DbOrTx, id: number, values: Omit<DepartamentoRow, 'id'>) {
  const [row] = await db.update(departamentos).set(values).where(eq(departamentos.id, id)).returning();
  return row;
}

export const deleteDepartamento = (db: DbOrTx, id: number) => db.delete(departamentos).where(eq(departamentos.id, id));

// Divisions.

export const listDivisoes = (db: DbOrTx) =>
  db.select().from(divisoes).orderBy(asc(divisoes.nome)).limit(MAX_UNPAGED_ROWS);

export async function findDivisao(db: DbOrTx, id: number): Promise<DivisaoRow | undefined> {
  const [row] = await db.select().from(divisoes).where(eq(divisoes.id, id));
  return row;
}

export const divisaoNameTaken = (db: DbOrTx, nome: string, exceptId?: number) =>
  nameTaken(db, divisoes.nome, divisoes.id, nome, exceptId);

export async function insertDivisao(db: DbOrTx, values: { nome: string }) {
  const [row] = await db.insert(divisoes).values(values).returning();
  return row;
}

export async function updateDivisao(db: DbOrTx, id: number, values: { nome: string }) {
  const [row] = await db.update(divisoes).set(values).where(eq(divisoes.id, id)).returning();
  return row;
}

export const deleteDivisao = (db: DbOrTx, id: number) => db.delete(divisoes).where(eq(divisoes.id, id));

// Sectors, each with its division.

const setorColumns = {
  id: setores.id,
  nome: setores.nome,
  divisaoId: setores.divisaoId,
  divisao: { id: divisoes.id, nome: divisoes.nome },
};

export const listSetores = (db: DbOrTx) =>
  db
    .select(setorColumns)
    .from(setores)
    .innerJoin(divisoes, eq(divisoes.id, setores.divisaoId))
    .orderBy(asc(divisoes.nome), asc(setores.nome))
    .limit(MAX_UNPAGED_ROWS);

export async function findSetor(db: DbOrTx, id: number) {
  const [row] = await db
    .select(setorColumns)
    .from(setores)
    .innerJoin(divisoes, eq(divisoes.id, setores.divisaoId))
    .where(eq(setores.id, id));
  return row;
}

export async function insertSetor(db: DbOrTx, values: Omit<SetorRow, 'id'>) {
  const [row] = await db.insert(setores).values(values).returning({ id: setores.id });
  return row;
}

export async function updateSetor(db: DbOrTx, id: number, values: Omit<SetorRow, 'id'>) {
  await db.update(setores).set(values).where(eq(setores.id, id));
}

export const deleteSetor = (db: DbOrTx, id: number) => db.delete(setores).where(eq(setores.id, id));

// Dismissal reasons.

export const listDesligamentos = (db: DbOrTx) =>
  db.select().from(desligamentos).orderBy(asc(desligamentos.motivo)).limit(MAX_UNPAGED_ROWS);

export async function findDesligamento(db: DbOrTx, id: number): Promise<DesligamentoRow | undefined> {
  const [row] = await db.select().from(desligamentos).where(eq(desligamentos.id, id));
  return row;
}

export async function insertDesligamento(db: DbOrTx, values: { motivo: string }) {
  const [row] = await db.insert(desligamentos).values(values).returning();
  return row;
}

export async function updateDesligamento(db: DbOrTx, id: number, values: { motivo: string }) {
  const [row] = await db.update(desligamentos).set(values).where(eq(desligamentos.id, id)).returning();
  return row;
}

export const deleteDesligamento = (db: DbOrTx, id: number) => db.delete(desligamentos).where(eq(desligamentos.id, id));

// Social networks, each with its brand.

const redeSocialColumns = {
  id: redesSociais.id,
  nome: redesSociais.nome,
  url: redesSociais.url,
  icone: redesSociais.icone,
  marcaId: redesSociais.marcaId,
  marca: {
    id: marcas.id,
    nome: marcas.nome,
    descricao: marcas.descricao,
    facebookId: marcas.facebookId,
    active: marcas.active,
  },
};

export const listRedesSociais = (db: DbOrTx, marcaId?: number | null) =>
  db
    .select(redeSocialColumns)
    .from(redesSociais)
    .innerJoin(marcas, eq(marcas.id, redesSociais.marcaId))
    .where(marcaId ? eq(redesSociais.marcaId, marcaId) : undefined)
    .orderBy(asc(marcas.nome), asc(redesSociais.nome))
    .limit(MAX_UNPAGED_ROWS);

export async function findRedeSocial(db: DbOrTx, id: number) {
  const [row] = await db
    .select(redeSocialColumns)
    .from(redesSociais)
    .innerJoin(marcas, eq(marcas.id, redesSociais.marcaId))
    .where(eq(redesSociais.id, id));
  return row;
}

export async function insertRedeSocial(db: DbOrTx, values: Omit<RedeSocialRow, 'id'>) {
  const [row] = await db.insert(redesSociais).values(values).returning({ id: redesSociais.id });
  return row;
}

export async function updateRedeSocial(db: DbOrTx, id: number, values: Omit<RedeSocialRow, 'id'>) {
  await db.update(redesSociais).set(values).where(eq(redesSociais.id, id));
}

export const deleteRedeSocial = (db: DbOrTx, id: number) => db.delete(redesSociais).where(eq(redesSociais.id, id));

/** The PostgreSQL error code (SQLSTATE) of a failed query, looking through drizzle's wrapping. */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const FOREIGN_KEY_VIOLATION = '23503';
export const UNIQUE_VIOLATION = '23505';
