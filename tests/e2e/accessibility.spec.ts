import { expect, test, type Page } from '@playwright/test';
import type axe from 'axe-core';
import { hasAccess } from '../../domain/access';
import { ROUTES } from '../../domain/routes';
import type { ThemeId } from '../../domain/themes';
import { COLOUR_RULES, violations, WCAG_AA } from './axe';
import { skipTour, navigateInApp, signIn } from './helpers';
import { vitrineInativa } from './vitrineApi';

/** Every route the demo administrator (provider staff: every function) may open. */
const SUPER = { tipo: 'TECSINAPSE' as const, funcionalidades: [] };
const routes = ROUTES.filter((route) => !route.public && hasAccess(SUPER, route.policy.rule));

/**
 * The path of a route with real parameters: the first record of its resource's list for `:id`
 * (the list comes first in ROUTES), a dealer for the audit page. Screens not built yet show the
 * same placeholder whatever their parameters.
 */
function pathOf(path: string, ids: Map<string, string>): string {
  const resource = path.split('/')[1];
  return path
    .replace('/auditoria/:id/:tipo', `/auditoria/${ids.get('dealers')}/DEALER`)
    .replace(':id', ids.get(resource) ?? '1')
    .replace(':tipo', 'modelo')
    .replace(':slug', 'vendas')
    .replace(':idPasta', '1');
}

/** Opens every route in turn and collects what axe finds; records the first id of each list. */
async function checkEveryRoute(
  page: Page,
  theme: ThemeId,
  ids: Map<string, string>,
  runOnly: axe.RunOnly,
): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    const path = pathOf(route.path, ids);
    const resource = route.path.split('/')[1];
    await navigateInApp(page, path);
    // An edit route of a list still empty here has no record to open: its screen says so and goes
    // back to the list, which is checked then (the walk's own slide and advert keep theirs filled:
    // that return, landing late, could take the walk off the route after).
    const guessed = route.path.includes(':id') && !ids.has(resource);
    await expect(page, path).toHaveURL(new RegExp(guessed ? `(${path}|/${resource})$` : `${path}$`));
    found.push(...(await violations(page, `${theme} ${path}`, runOnly)));
    const firstRow = page.getByRole('row').nth(1);
    const editRoute = ROUTES.find((other) => other.id === `${route.id}Editar`);
    if (editRoute && !ids.has(route.id) && (await firstRow.count()) > 0) {
      // Clicked again if the list re-rendered under the first click (its first load after sign-in).
      await expect(async () => {
        await firstRow.click();
        await expect(page).toHaveURL(new RegExp(`${editRoute.path.replace(/:\w+/g, '[^/]+')}$`), { timeout: 3_000 });
      }).toPass({ timeout: 20_000 });
      ids.set(route.id, page.url().split('/').pop()!);
    }
  }
  return found;
}

test.beforeAll(async () => {
  // So that the slide and advert edit screens are checked too.
  await vitrineInativa('da acessibilidade');
});

test('every route the administrator may open has no serious or critical WCAG 2.2 AA violation, in the default and a dark theme', async ({
  page,
}) => {
  // Every route twice (two themes); the library and the announcement screens made the walk longer.
  test.setTimeout(240_000);
  const ids = new Map<string, string>();
  await skipTour(page);
  await signIn(page, 'super@portal.test', 'Olá, Super Administrador');
  const found = await checkEveryRoute(page, 'default', ids, { type: 'tag', values: WCAG_AA });

  // The theme reaches the browser in the menu data (menuUsuarioLogado.theme, from PORTAL_THEME or
  // the client's properties; the data provider's `sessao_menu`): answering it with Granito, the
  // darkest, spares a server start.
  await page.route('**/graphql', async (route) => {
    if (!(route.request().postData() ?? '').includes('sessao_menu')) return route.fallback();
    const response = await route.fetch();
    const body = await response.json();
    body.data.result.theme = 'granito' satisfies ThemeId;
    await route.fulfill({ response, json: body });
  });
  await page.reload();
  await expect(page.getByRole('banner')).toHaveCSS('background-color', 'rgb(77, 72, 68)');
  // A theme changes colours only (and type and corners, which no other rule reads).
  found.push(...(await checkEveryRoute(page, 'granito', ids, { type: 'rule', values: COLOUR_RULES })));

  expect(found).toEqual([]);
});
