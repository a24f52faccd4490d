import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cargos } from '../../db/schema';
import { nameTaken } from '../../reference';
import { MAX_UNPAGED_ROWS } from '../../../domain/schemas/lista';

// Data access of the positions (drizzle only). The list is small and read whole.

export type CargoRow = typeof cargos.$inferSelect;

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
