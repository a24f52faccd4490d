import { eq } from 'drizzle-orm';
import { FUNCTION_KEYS, type FunctionKey } from '../../../domain/enums';
import type { DbOrTx } from '../client';
import { funcionalidades, produtos } from '../schema';

export const PORTAL_PRODUCT = 'Portal';

/** Names of the portal's function keys as the access screens list them. */
const NOMES: Record<FunctionKey, string> = {
  PORTAL_GERENCIAR_BIBLIOTECA: 'Gerenciar biblioteca',
  PORTAL_MANUTENCAO_DEALERS_GRUPO: 'Manutenção de dealers e grupos',
  PORTAL_MANUTENCAO_USUARIOS: 'Manutenção de usuários',
  PORTAL_CONSULTA_VISUALIZACAO_USUARIOS: 'Consulta de usuários',
  PORTAL_MANUTENCAO_GRUPOS_USUARIOS: 'Manutenção de grupos de usuários',
  PORTAL_APROVACAO_ENVIO_COMUNICADOS: 'Aprovação de envio de comunicados',
  PORTAL_CRIACAO_COMUNICADOS: 'Criação de comunicados',
  PORTAL_MANUTENCAO_SLIDES: 'Manutenção de slides',
  PORTAL_MANUTENCAO_ANUNCIOS: 'Manutenção de anúncios',
  PORTAL_NOTIFICACOES_GENERICAS: 'Notificações genéricas',
  PORTAL_MANUTENCAO_MODELO: 'Manutenção de modelos de notificação',
  LIBERAR_ATIVACAO_ESPECIAL: 'Liberar ativação especial',
  PORTAL_IMPORTACAO_USUARIOS: 'Importação de usuários',
  PORTAL_ADMINISTRATIVO_TECSINAPSE: 'Administrativo Tecsinapse',
  PORTAL_CRIACAO_GRUPOS_USUARIOS_PUBLICOS: 'Criação de grupos de usuários públicos',
  RELATORIOS_PORTAL_CONSULTA_PECAS: 'Relatório de consulta de peças',
  PORTAL_AUSENCIA_TEMPORARIA: 'Ausência temporária',
};

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
