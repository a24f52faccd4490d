import { useQuery } from '@tanstack/react-query';
import type { Idioma } from '../../domain/enums';
import { log } from '../../providers/logger';
import { useOperations } from '../components/useOperations';

export const MENU_USUARIO_LOGADO_KEY = ['menuUsuarioLogado'] as const;

/** A menu entry; `items` holds its sub-items, if any. */
export interface MenuItemData {
  id: string;
  title: string;
  path?: string;
  items?: MenuItemData[];
}

export interface MenuCategoryData {
  id: string;
  title: string;
  items: MenuItemData[];
}

/** `menuUsuarioLogado` with `menus` parsed (it comes as a JSON string). */
export interface MenuUsuarioLogado {
  title: string;
  theme: string;
  productName: string;
  currentProduct: string | null;
  linkHelpTec: string | null;
  linkPortal: string | null;
  linkAcademia: string | null;
  brandImageUrl: string | null;
  locales: { id: Idioma; description: string }[];
  menus: MenuCategoryData[];
}

type RawMenuUsuarioLogado = Omit<MenuUsuarioLogado, 'menus'> & { menus: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function toItem(value: unknown): MenuItemData | undefined {
  if (!isRecord(value) || value.id == null || typeof value.title !== 'string') return undefined;
  const items = Array.isArray(value.items) ? value.items.map(toItem).filter((i) => i !== undefined) : undefined;
  return {
    id: String(value.id),
    title: value.title,
    ...(typeof value.path === 'string' ? { path: value.path } : {}),
    ...(items && items.length > 0 ? { items } : {}),
  };
}

/** Parses `menus`; malformed entries are dropped, and an unreadable string gives an empty menu. */
export function parseMenus(json: string): MenuCategoryData[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    log.warn('menuUsuarioLogado.menus is not JSON; showing an empty menu', error);
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value
    .map(toItem)
    .filter((category) => category !== undefined)
    .map((category) => ({ id: category.id, title: category.title, items: category.items ?? [] }));
}

/** The signed-in user's menu, links and brand (`menuUsuarioLogado`), read once per session. */
export function useMenuUsuarioLogado() {
  const { query } = useOperations('sessao');
  return useQuery({
    queryKey: MENU_USUARIO_LOGADO_KEY,
    queryFn: async ({ signal }): Promise<MenuUsuarioLogado> => {
      const menu = await query<RawMenuUsuarioLogado>('menu', {}, { signal });
      return { ...menu, menus: parseMenus(menu.menus) };
    },
    // Rarely changes (a language switch reloads the page); refreshed on focus after 5 minutes.
    staleTime: 5 * 60_000,
    retry: 1,
  });
}
