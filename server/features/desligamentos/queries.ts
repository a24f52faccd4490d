import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { desligamentos } from '../../db/schema';
import { MAX_UNPAGED_ROWS } from '../../../domain/schemas/lista';

// Data access of the dismissal reasons (drizzle only). The list is small and read whole.

export type DesligamentoRow = typeof desligamentos.$inferSelect;

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
