import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { marcas, redesSociais } from '../../db/schema';
import { MAX_UNPAGED_ROWS } from '../../../domain/schemas/lista';

// Data access of the brands' social networks, each with its brand (drizzle only). The list is
// small and read whole.

export type RedeSocialRow = typeof redesSociais.$inferSelect;

const redeSocialColumns = {
  id: redesSociais.id,
  nome: redesSociais.nome,
  url: redesSociais.url,
  icone: redesSociais.icone,
  marcaId: redesSociais.marcaId,
  version: redesSociais.version,
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

/** Whether the brand a social network names exists. */
export async function marcaExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: marcas.id }).from(marcas).where(eq(marcas.id, id));
  return rows.length > 0;
}

export async function insertRedeSocial(db: DbOrTx, values: Omit<RedeSocialRow, 'id'>) {
  const [row] = await db.insert(redesSociais).values(values).returning({ id: redesSociais.id });
  return row;
}

export async function updateRedeSocial(db: DbOrTx, id: number, values: Omit<RedeSocialRow, 'id'>) {
  await db.update(redesSociais).set(values).where(eq(redesSociais.id, id));
}

export const deleteRedeSocial = (db: DbOrTx, id: number) => db.delete(redesSociais).where(eq(redesSociais.id, id));
