import type { AccessSubject } from '../../../domain/access';
import { allows } from '../../../domain/policies';
import type { Idioma } from '../../../domain/enums';
import { MENU_CATEGORIES, ROUTES } from '../../../domain/routes';
import { translate } from '../../../i18n';

export interface MenuCategoryData {
  id: string;
  title: string;
  items: { id: string; path: string; title: string }[];
}

/** The menu a user may open: the route table's menu entries their access allows, by category. */
export function buildMenu(subject: AccessSubject, idioma: Idioma): MenuCategoryData[] {
  return MENU_CATEGORIES.map((category) => ({
    id: category,
    title: translate(idioma, `menu.categories.${category}`),
    items: ROUTES.filter((route) => route.menu === category && allows(subject, route.policy)).map((route) => ({
      id: route.id,
      path: route.path,
      title: translate(idioma, `routes.${route.id}`),
    })),
  })).filter((category) => category.items.length > 0);
}
