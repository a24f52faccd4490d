import { expect, test, type Page } from '@playwright/test';
import { hasAccess } from '../../domain/access';
import { ROUTES } from '../../domain/routes';
import { settle, signIn } from './helpers';
import { superApi } from './comunicadosApi';
import { vitrineInativa } from './vitrineApi';

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  source?: string;
}

/** Collects every CSP violation of every document the page loads (events and console reports). */
async function watchViolations(page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  await page.exposeBinding('reportCspViolation', (_source, violation: Violation) => {
    violations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (v: Violation) => void }).reportCspViolation;
      void report({
        page: location.href,
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      violations.push({ page: page.url(), directive: 'console', blocked: message.text() });
    }
  });
  return violations;
}

/** Every route the super user may open, with a record id where the path needs one. */
const SUPER = { tipo: 'TECSINAPSE' as const, funcionalidades: [] };
const routes = ROUTES.filter((route) => !route.public && hasAccess(SUPER, route.policy.rule));
/** Records made for this walk where the journeys' data has none (an edit page of none goes back to its list). */
const ids: Record<string, string> = {};
let relatorioVersion = 1;
const pathOf = (route: (typeof routes)[number]) =>
  route.path.replace(/:id\b/g, ids[route.id] ?? '1').replace(/:tipo\b/g, 'modelo');

test.beforeAll(async () => {
  const { slide, anuncio } = await vitrineInativa('da política');
  ids.slidesEditar = slide;
  ids.anunciosEditar = anuncio;
  const { salvarRelatorio } = await superApi.call<{ salvarRelatorio: { id: string; version: number } }>(
    'mutation($r: RelatorioInput!) { salvarRelatorio(relatorio: $r) { id version } }',
    {
      r: {
        slug: `politica-${Date.now()}`,
        tituloPtBr: 'Relatório da política',
        tituloEs: 'Informe de la política',
        tituloEn: 'Policy report',
        tipo: 'INTERNO',
        interno: 'USUARIOS',
        // Out of the other journeys' menus (staff only), and gone after the walk.
        tiposUsuario: ['TECSINAPSE'],
      },
    },
  );
  ids.relatoriosEditar = salvarRelatorio.id;
  relatorioVersion = salvarRelatorio.version;
});

test.afterAll(async () => {
  await superApi.call('mutation($id: ID!, $v: Int) { excluirRelatorio(id: $id, version: $v) }', {
    id: ids.relatoriosEditar,
    v: relatorioVersion,
  });
});

test('the content security policy lets every page, signing in and signing out work without a violation', async ({
  page,
}) => {
  const paths = routes.map(pathOf);
  test.setTimeout(paths.length * 5_000 + 90_000);
  const violations = await watchViolations(page);

  const signInPage = await page.goto('/');
  await expect(page).toHaveURL(/\/interaction\//);
  // The policy is really there: without it this test would prove nothing.
  expect(signInPage?.headers()['content-security-policy']).toContain("script-src 'self'");
  await signIn(page, 'super@portal.test', 'Olá, Super Administrador');

  const shell = await page.goto('/home');
  expect(shell?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { name: 'Olá, Super Administrador' })).toBeVisible();
  // Inside the app, as a user moves: a full load per route could cut a token refresh short (the
  // rotated refresh token would be lost and the session with it), which is not what this tests.
  for (const path of paths) {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    // The page's requests answered (an edit page whose record failed to load would go back to its list).
    await settle(page);
    // Still signed in and on the page asked for (not sent to /home or to the sign-in page).
    await expect(page, path).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`));
    await expect(page.getByRole('banner').first(), path).toBeVisible();
  }

  // Signing out goes through the provider's confirmation page, which submits itself with a script.
  await page.goto('/home');
  await page.getByRole('button', { name: 'Conta de Super Administrador' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/interaction\//);
  await expect(page.locator('#email')).toBeVisible();

  // The public forgot-password page (no sign-in).
  await page.goto('/esqueci-senha');
  await expect(page.locator('input').first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(violations).toEqual([]);
});
