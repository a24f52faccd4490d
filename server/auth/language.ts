import { IDIOMA_PADRAO, idiomaFromLocale, type Idioma } from '../../domain/enums';

/** First language recognised among candidates such as ui_locales, a query parameter or Accept-Language. */
export function pickIdioma(...candidates: (string | string[] | undefined | null)[]): Idioma {
  for (const candidate of candidates) {
    const values = Array.isArray(candidate) ? candidate : (candidate ?? '').split(/[\s,;]+/);
    for (const value of values) {
      const idioma = idiomaFromLocale(value);
      if (idioma) return idioma;
    }
  }
  return IDIOMA_PADRAO;
}
