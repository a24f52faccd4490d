import type { TipoUsuario } from '../../../domain/enums';
import { isThemeId } from '../../../domain/themes';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { propriedades } from '../../db/schema';

/** Portal properties of spec section 3; each can be overridden by a row of the `propriedades` table. */
export interface PortalProperties {
  name: string;
  favicon: string | null;
  theme: string;
  productName: string;
  currentProduct: string | null;
  linkHelpTec: string | null;
  linkPortal: string | null;
  linkAcademia: string | null;
  brandImageUrl: string | null;
  portalAnalyticsCode: string | null;
  tiposUsuarioDocumentoObrigatorio: TipoUsuario[];
  tiposUsuarioInformarCargo: TipoUsuario[];
  tiposUsuarioInformarGestao: TipoUsuario[];
  informarDepartamentoCargo: boolean;
}

export function defaultProperties(config: Config): PortalProperties {
  return {
    name: config.portalName,
    favicon: null,
    theme: config.theme,
    productName: config.portalName,
    currentProduct: 'PORTAL',
    linkHelpTec: null,
    linkPortal: config.publicUrl,
    linkAcademia: null,
    brandImageUrl: null,
    portalAnalyticsCode: null,
    tiposUsuarioDocumentoObrigatorio: ['DEALER_GRUPO', 'MONTADORA'],
    tiposUsuarioInformarCargo: ['DEALER_GRUPO'],
    tiposUsuarioInformarGestao: ['DEALER_GRUPO'],
    informarDepartamentoCargo: true,
  };
}

export async function loadProperties(db: DbOrTx, config: Config): Promise<PortalProperties> {
  const stored = await db.select().from(propriedades);
  const overrides = Object.fromEntries(stored.map((row) => [row.chave, row.valor]));
  const properties = { ...defaultProperties(config), ...overrides };
  // A theme id stored by hand that this build does not know falls back to the configured one.
  if (!isThemeId(properties.theme)) properties.theme = config.theme;
  return properties;
}
