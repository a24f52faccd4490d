import { eq } from 'drizzle-orm';
import { FUNCTION_KEYS, type FunctionKey } from '../../../domain/enums';
import { ptBR } from '../../../i18n/pt-BR';
import type { DbOrTx } from '../client';
import { funcionalidades, produtos } from '../schema';

export const PORTAL_PRODUCT = 'Portal';

/** Names of the portal's function keys as the access screens list them (the default language's catalog). */
const NOMES: Record<FunctionKey, string> = ptBR.chavesFuncionalidade;

/**
 * The portal product and its function keys exist in every database: authorization reads them.
 * Idempotent; runs at every start.
 */
export async function ensureReferenceData(db: DbOrTx): Promise<number> {
  await db.insert(produtos).values({ nome: PORTAL_PRODUCT }).onConflictDoNothing();
  const [portal] = await db.select().from(produtos).where(eq(produtos.nome, PORTAL_PRODUCT));
  await db
    .insert(funcionalidades)
    .values(FUNCTION_KEYS.map((chave) => ({ chave, nome: NOMES[chave], produtoId: portal.id })))
    .onConflictDoNothing();
  return portal.id;
}
