// Enumerations shared by client and server; their values are the GraphQL enum values.

export const IDIOMAS = ['PT_BR', 'ES', 'EN'] as const;
export type Idioma = (typeof IDIOMAS)[number];
export const IDIOMA_PADRAO: Idioma = 'PT_BR';

/** BCP 47 tag of each language, as used by the catalogs, Intl and the sign-in page. */
export const LOCALE_OF: Record<Idioma, string> = { PT_BR: 'pt-BR', ES: 'es', EN: 'en' };

export function idiomaFromLocale(tag: string | undefined | null): Idioma | undefined {
  const lower = (tag ?? '').toLowerCase();
  if (lower.startsWith('pt')) return 'PT_BR';
  if (lower.startsWith('es')) return 'ES';
  if (lower.startsWith('en')) return 'EN';
  return undefined;
}

export const TIPOS_USUARIO = ['TECSINAPSE', 'MONTADORA', 'DEALER_GRUPO'] as const;
export type TipoUsuario = (typeof TIPOS_USUARIO)[number];
/** The provider's own staff: passes any single function check. */
export const TIPO_PROVEDOR: TipoUsuario = 'TECSINAPSE';

export const PERMISSOES_ACESSO_PASTA = ['LEITURA', 'LEITURA_ESCRITA'] as const;
export type PermissaoAcessoPasta = (typeof PERMISSOES_ACESSO_PASTA)[number];

export const ONBOARDING_IDS = ['HOME', 'USUARIO_EDICAO', 'GRUPO_USUARIO'] as const;
export type OnboardingId = (typeof ONBOARDING_IDS)[number];

export const IMPORT_STATUS = ['RECEIVED', 'PROCESSING', 'FINISHED', 'ERROR'] as const;
export type ImportStatus = (typeof IMPORT_STATUS)[number];

export const LOG_TYPES = ['error', 'info', 'warn'] as const;
export type LogType = (typeof LOG_TYPES)[number];

/** Fine-grained function keys of spec section 6 (funcionalidades of the portal product). */
export const FUNCTION_KEYS = [
  'PORTAL_GERENCIAR_BIBLIOTECA',
  'PORTAL_MANUTENCAO_DEALERS_GRUPO',
  'PORTAL_MANUTENCAO_USUARIOS',
  'PORTAL_CONSULTA_VISUALIZACAO_USUARIOS',
  'PORTAL_MANUTENCAO_GRUPOS_USUARIOS',
  'PORTAL_APROVACAO_ENVIO_COMUNICADOS',
  'PORTAL_CRIACAO_COMUNICADOS',
  'PORTAL_MANUTENCAO_SLIDES',
  'PORTAL_MANUTENCAO_ANUNCIOS',
  'PORTAL_NOTIFICACOES_GENERICAS',
  'PORTAL_MANUTENCAO_MODELO',
  'LIBERAR_ATIVACAO_ESPECIAL',
  'PORTAL_IMPORTACAO_USUARIOS',
  'PORTAL_ADMINISTRATIVO_TECSINAPSE',
  'PORTAL_CRIACAO_GRUPOS_USUARIOS_PUBLICOS',
  'RELATORIOS_PORTAL_CONSULTA_PECAS',
  'PORTAL_AUSENCIA_TEMPORARIA',
] as const;
export type FunctionKey = (typeof FUNCTION_KEYS)[number];
