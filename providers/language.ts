import { IDIOMA_PADRAO, IDIOMAS, type Idioma } from '../domain/enums';

/**
 * The interface language remembered in this browser: the user's language once known, kept after
 * sign-out so that the next sign-in page (ui_locales) and the start-up screens use it too.
 * react-admin's own store is reset on sign-out, hence a key of our own.
 */
export const IDIOMA_STORAGE_KEY = 'portal.idioma';

export function getStoredIdioma(): Idioma {
  try {
    const value = window.localStorage.getItem(IDIOMA_STORAGE_KEY);
    return IDIOMAS.includes(value as Idioma) ? (value as Idioma) : IDIOMA_PADRAO;
  } catch {
    return IDIOMA_PADRAO;
  }
}

export function setStoredIdioma(idioma: Idioma): void {
  try {
    window.localStorage.setItem(IDIOMA_STORAGE_KEY, idioma);
  } catch {
    // Storage may be unavailable (private mode): the language then lasts for this page only.
  }
}
