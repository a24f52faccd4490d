import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { marcas } from '../../db/schema';
import { nameTaken } from '../../reference';
import { MAX_UNPAGED_ROWS } from '../../../domain/schemas/lista';

// Data access of the brands (drizzle only). The list is small and read whole.

export type MarcaRow = typeof marcas.$inferSelect;

export const listMarcas = (db: DbOrTx) => db.select().from(marcas).orderBy(asc(marcas.nome)).limit(MAX_UNPAGED_ROWS);

/** Every brand, each saying whether the caller may add it to or remove it from a dealer or group. */
export const listMarcasFor = (db: DbOrTx, session: Session) =>
  db
    .select({
      ...getTableColumns(marcas),
      atribuivel:
        session.tipo === 'TECSINAPSE'
          ? sql<boolean>`true`
          : sql<boolean>`exists (select 1 from usuario_marcas um
              where um.marca_id = ${marcas.id} and um.usuario_id = ${session.usuarioId})`,
    })
    .from(marcas)
    .orderBy(asc(marcas.nome))
    .limit(MAX_UNPAGED_ROWS);

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
