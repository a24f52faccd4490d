/**
 * Looks a dotted key up in a catalog and fills polyglot-style `%{name}` placeholders; the key
 * itself when missing. The server's pages and the client's pages outside react-admin use it.
 */
export function lookup(catalog: object | undefined, key: string, params: Record<string, string | number> = {}): string {
  let node: unknown = catalog;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') return key;
  return node.replace(/%\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}
