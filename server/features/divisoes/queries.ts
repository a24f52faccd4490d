import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { divisoes } from '../../db/schema';
import { nameTaken } from '../../reference';
import { MAX_UNPAGED_ROWS } from '../../../domain/schemas/lista';

// Data access of the divisions (drizzle only). The list is small and read whole.

export type DivisaoRow = typeof divisoes.$inferSelect;

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
