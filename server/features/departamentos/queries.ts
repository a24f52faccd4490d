import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { departamentos } from '../../db/schema';
import { MAX_UNPAGED_ROWS } from '../../../domain/schemas/lista';

// Data access of the departments (drizzle only). The list is small and read whole.

export type DepartamentoRow = typeof departamentos.$inferSelect;

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
