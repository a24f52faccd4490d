import type { Idioma } from '../domain/enums';
import type { Messages } from './pt-BR';

/**
 * The browser's way to the catalogs: each language is a chunk of its own, loaded when that language
 * is used (the stored one at start-up, another when the user switches), never all three up front.
 * The server imports `CATALOGS` (i18n/index.ts) instead.
 */
const LOADERS: Record<Idioma, () => Promise<Messages>> = {
  PT_BR: () => import('./pt-BR').then((module) => module.ptBR),
  ES: () => import('./es').then((module) => module.es),
  EN: () => import('./en').then((module) => module.en),
};

const loaded = new Map<Idioma, Messages>();
const loading = new Map<Idioma, Promise<Messages>>();

/** A language's catalog (one request at a time; a failed load may be tried again). */
export function loadCatalog(idioma: Idioma): Promise<Messages> {
  const cached = loaded.get(idioma);
  if (cached) return Promise.resolve(cached);
  let promise = loading.get(idioma);
  if (!promise) {
    promise = LOADERS[idioma]()
      .then((catalog) => {
        loaded.set(idioma, catalog);
        return catalog;
      })
      .finally(() => loading.delete(idioma));
    loading.set(idioma, promise);
  }
  return promise;
}

/** A catalog already loaded (synchronous, for pages that render outside react-admin), if any. */
export function loadedCatalog(idioma: Idioma): Messages | undefined {
  return loaded.get(idioma);
}
