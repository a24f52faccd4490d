import type { Idioma } from '../domain/enums';
import { en } from './en';
import { es } from './es';
import { lookup } from './lookup';
import { ptBR, type Messages } from './pt-BR';

export type { Messages };
export const CATALOGS: Record<Idioma, Messages> = { PT_BR: ptBR, ES: es, EN: en };

/**
 * A key in one language's catalog, with polyglot-style `%{name}` placeholders filled. The server's
 * own pages use it; the client goes through ra-i18n-polyglot and loads one catalog at a time (./load).
 */
export function translate(idioma: Idioma, key: string, params: Record<string, string | number> = {}): string {
  return lookup(CATALOGS[idioma], key, params);
}
