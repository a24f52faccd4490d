import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { IDIOMAS, IDIOMA_PADRAO, LOCALE_OF, idiomaFromLocale, type Idioma } from '../domain/enums';
import type { Messages } from '../i18n/pt-BR';
import { graphqlRequest } from './dataProvider/graphqlRequest';

export interface I18nLabel {
  key: string;
  value: string;
}

export type LabelsLoader = (idioma: Idioma) => Promise<readonly I18nLabel[]>;

/** The three interface languages, named in their own language (for `getLocales()`; every catalog names them alike). */
export const localesOf = (catalog: Messages) =>
  IDIOMAS.map((idioma) => ({ locale: LOCALE_OF[idioma], name: catalog.languages[idioma] }));

export const I18N_LABELS_QUERY = 'query i18nLabels($idioma: Idioma) { i18nLabels(idioma: $idioma) { key value } }';

/** Reads the server's labels (dotted keys) for one language. */
export function fetchServerLabels(signal?: AbortSignal): LabelsLoader {
  return async (idioma) => {
    const data = await graphqlRequest<{ i18nLabels: I18nLabel[] }>(I18N_LABELS_QUERY, { idioma }, { signal });
    return data.i18nLabels ?? [];
  };
}

/** Server labels are optional: a failure is logged and the bundled catalog is used alone. */
export async function loadServerLabels(
  idioma: Idioma,
  loader: LabelsLoader,
  log: (message: string, error: unknown) => void = (message, error) => console.warn(message, error),
): Promise<readonly I18nLabel[]> {
  try {
    return await loader(idioma);
  } catch (error) {
    log(`Could not load the server's i18n labels (${idioma}); using the bundled catalog.`, error);
    return [];
  }
}

/**
 * Returns a copy of `messages` with each label's dotted key set to its value. A label that would
 * replace a whole branch of the catalog (e.g. `home` while `home.welcome` exists) is ignored.
 */
export function mergeLabels(messages: object, labels: readonly I18nLabel[]): TranslationMessages {
  const result = structuredClone(messages) as Record<string, unknown>;
  for (const { key, value } of labels) {
    const parts = key.split('.').filter(Boolean);
    if (parts.length === 0 || typeof value !== 'string') continue;
    let node = result;
    let blocked = false;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (next === undefined) node[part] = {};
      else if (typeof next !== 'object' || next === null) {
        blocked = true;
        break;
      }
      node = node[part] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1];
    if (blocked || (typeof node[last] === 'object' && node[last] !== null)) continue;
    node[last] = value;
  }
  return result as TranslationMessages;
}

export interface I18nProviderOptions {
  /** Language of the first render (the stored language). */
  idioma?: Idioma;
  /** That language's catalog, already loaded (the first render must be synchronous). */
  catalog: Messages;
  /** Loads another language's catalog when the user switches language (i18n/load.ts in the browser). */
  loadCatalog: (idioma: Idioma) => Promise<Messages>;
  /** Server labels of that language, already loaded (the first render must be synchronous). */
  labels?: readonly I18nLabel[];
  /** Loads a language's server labels when the user switches language. */
  loadLabels?: LabelsLoader;
  /** Called after a switch (to remember the language). */
  onLocaleChange?: (idioma: Idioma) => void;
  log?: (message: string, error: unknown) => void;
}

/**
 * ra-i18n-polyglot over the catalogs of i18n/ (pt-BR, es, en), with the server's `i18nLabels`
 * merged over them; a language's catalog is loaded when that language is first used. A missing key
 * is shown as the key itself.
 */
export function createCatalogI18nProvider(options: I18nProviderOptions): I18nProvider {
  const initial = options.idioma ?? IDIOMA_PADRAO;
  const cache = new Map<Idioma, TranslationMessages>([[initial, mergeLabels(options.catalog, options.labels ?? [])]]);

  const getMessages = (locale: string): TranslationMessages | Promise<TranslationMessages> => {
    const idioma = idiomaFromLocale(locale) ?? IDIOMA_PADRAO;
    const cached = cache.get(idioma);
    if (cached) return cached;
    return (async () => {
      const [catalog, labels] = await Promise.all([
        options.loadCatalog(idioma),
        options.loadLabels ? loadServerLabels(idioma, options.loadLabels, options.log) : [],
      ]);
      const messages = mergeLabels(catalog, labels);
      cache.set(idioma, messages);
      return messages;
    })();
  };

  const provider = polyglotI18nProvider(getMessages, LOCALE_OF[initial], localesOf(options.catalog), {
    allowMissing: true,
  });
  return {
    ...provider,
    changeLocale: async (locale: string, ...rest: unknown[]) => {
      await (provider.changeLocale as (l: string, ...r: unknown[]) => Promise<void>)(locale, ...rest);
      options.onLocaleChange?.(idiomaFromLocale(locale) ?? IDIOMA_PADRAO);
    },
  };
}
