import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { divisoes, setores } from '../../db/schema';
import { MAX_UNPAGED_ROWS } from '../../../domain/schemas/lista';

// Data access of the sectors, each with its division (drizzle only). The list is small and read whole.

export type SetorRow = typeof setores.$inferSelect;

const setorColumns = {
  id: setores.id,
  nome: setores.nome,
  divisaoId: setores.divisaoId,
  version: setores.version,
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

/** Whether the division a sector names exists. */
export async function divisaoExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: divisoes.id }).from(divisoes).where(eq(divisoes.id, id));
  return rows.length > 0;
}

export async function insertSetor(db: DbOrTx, values: Omit<SetorRow, 'id'>) {
  const [row] = await db.insert(setores).values(values).returning({ id: setores.id });
  return row;
}

export async function updateSetor(db: DbOrTx, id: number, values: Omit<SetorRow, 'id'>) {
  await db.update(setores).set(values).where(eq(setores.id, id));
}

export const deleteSetor = (db: DbOrTx, id: number) => db.delete(setores).where(eq(setores.id, id));
