import { matchRoute, routeTrail } from '../../domain/routes';
import type { MenuCategoryData, MenuItemData } from './useMenuUsuarioLogado';

/** Lower case without accents: "usuarios" finds "Usuários", "COMUNICA" finds "Comunicação". */
export function normalizeTitle(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}

function filterItem(item: MenuItemData, needle: string): MenuItemData | undefined {
  // A matching item keeps all its sub-items; otherwise it stays only for its matching sub-items.
  if (normalizeTitle(item.title).includes(needle)) return item;
  const items = (item.items ?? []).map((child) => filterItem(child, needle)).filter((i) => i !== undefined);
  return items.length > 0 ? { ...item, items } : undefined;
}

/**
 * The menu restricted to titles containing the query (case- and accent-insensitive). A category
 * stays while one of its items or sub-items matches; a matching category title keeps it whole.
 */
export function filterMenu(categories: readonly MenuCategoryData[], query: string): MenuCategoryData[] {
  const needle = normalizeTitle(query.trim());
  if (!needle) return [...categories];
  return categories
    .map((category) => {
      if (normalizeTitle(category.title).includes(needle)) return category;
      const items = category.items.map((item) => filterItem(item, needle)).filter((i) => i !== undefined);
      return { ...category, items };
    })
    .filter((category) => category.items.length > 0);
}

function flatten(items: readonly MenuItemData[]): MenuItemData[] {
  return items.flatMap((item) => [item, ...flatten(item.items ?? [])]);
}

const trimSlashes = (path: string) => path.replace(/\/+$/, '') || '/';

/**
 * The id of the one entry to highlight at this pathname: an entry for exactly this path, else the
 * nearest route of the breadcrumb trail that is an entry (/dealers/3 is under Dealers), else the
 * entry whose path is the longest prefix of the pathname.
 */
export function currentItemId(categories: readonly MenuCategoryData[], pathname: string): string | undefined {
  const items = flatten(categories.flatMap((category) => category.items));
  const here = trimSlashes(pathname);
  const exact = items.find((item) => item.path !== undefined && trimSlashes(item.path) === here);
  if (exact) return exact.id;
  const match = matchRoute(here);
  const trail = match ? routeTrail(match.route).reverse() : [];
  for (const route of trail) {
    const item = items.find((entry) => entry.id === route.id || entry.path === route.path);
    if (item) return item.id;
  }
  const prefixed = items
    .filter((item) => item.path !== undefined && here.startsWith(`${trimSlashes(item.path)}/`))
    .sort((a, b) => b.path!.length - a.path!.length);
  return prefixed[0]?.id;
}
