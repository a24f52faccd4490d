import { useEffect, useState } from 'react';
import type { Idioma } from '../domain/enums';
import { loadCatalog, loadedCatalog } from '../i18n/load';
import { lookup } from '../i18n/lookup';

/**
 * `translate` for pages that render outside react-admin (the maintenance and router-error pages):
 * the language's catalog as i18n/load.ts has it (main.tsx loads the stored language before either
 * can show), loading it when missing. Keys show until it arrives; a failed load leaves them.
 */
export function useCatalogTranslate(idioma: Idioma) {
  const [catalog, setCatalog] = useState(() => loadedCatalog(idioma));
  useEffect(() => {
    if (catalog) return;
    let active = true;
    loadCatalog(idioma).then(
      (loaded) => active && setCatalog(loaded),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [catalog, idioma]);
  return (key: string, params?: Record<string, string | number>) => lookup(catalog, key, params);
}
