import type { I18nProvider } from 'react-admin';
import { IDIOMA_PADRAO } from '../domain/enums';
import { CATALOGS } from '../i18n';
import { createCatalogI18nProvider, type I18nProviderOptions } from './i18nCore';

export * from './i18nCore';

/**
 * The i18n provider with the three catalogs bundled, synchronous in every language: for tests and
 * for pages that load their own chunk anyway. The app's start-up (main.tsx) uses
 * createCatalogI18nProvider with i18n/load.ts instead, so the first page carries one language.
 */
export function createI18nProvider(options: Omit<I18nProviderOptions, 'catalog' | 'loadCatalog'> = {}): I18nProvider {
  const idioma = options.idioma ?? IDIOMA_PADRAO;
  return createCatalogI18nProvider({
    ...options,
    idioma,
    catalog: CATALOGS[idioma],
    loadCatalog: async (other) => CATALOGS[other],
  });
}
