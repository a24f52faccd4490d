import type { Idioma } from '../domain/enums';
import { en } from './en';
import { es } from './es';
import { ptBR, type Messages } from './pt-BR';

export type { Messages };
export const CATALOGS: Record<Idioma, Messages> = { PT_BR: ptBR, ES: es, EN: en };

/**
 * Looks a dotted key up in a catalog and fills polyglot-style `%{name}` placeholders.
 * The server's own pages use it; the client goes through ra-i18n-polyglot with the same catalogs.
 */
export function translate(idioma: Idioma, key: string, params: Record<string, string | number> = {}): string {
  let node: unknown = CATALOGS[idioma];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') return key;
  return node.replace(/%\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}
