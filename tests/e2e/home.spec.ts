import { expect, test, type Page } from '@playwright/test';
import { es } from '../../i18n/es';
import { ptBR } from '../../i18n/pt-BR';
import { ApiUser } from './api';
import { violations } from './axe';
import { grupoId } from './comunicadosApi';
import { settle, signIn, skipTour } from './helpers';
import { diasDaqui as at, novoSlide } from './vitrineApi';

// The home page (issue #30) for each demo user at a phone's and a desktop's width: every block
// shows its data or its empty state (none loading or failed), no serious axe violation, the
// carousel by keyboard; a slide the manufacturer makes for a group shows on the dealer's home
// within its period, and one past its period does not.

test.describe.configure({ mode: 'serial' });

const BLOCOS = ['slides', 'anuncio', 'comunicados', 'arquivos', 'redesSociais'];
const stamp = Date.now().toString(36);

const montadora = new ApiUser('montadora@portal.test');

const titulos = {
  noPeriodo: `Feirão ${stamp}`,
  segundo: `Revisão ${stamp}`,
  passado: `Encerrado ${stamp}`,
};

test.beforeAll(async () => {
  const grupoIds = [await grupoId(montadora, 'Rede Aurora Motors')];
  await novoSlide(montadora, { titulo: titulos.noPeriodo, inicioDate: at(-1), fimDate: at(1), grupoIds });
  await novoSlide(montadora, { titulo: titulos.segundo, inicioDate: at(-1), fimDate: at(2), grupoIds });
  await novoSlide(montadora, { titulo: titulos.passado, inicioDate: at(-3), fimDate: at(-1), grupoIds });
});

/** Every block at rest: its data or its empty state, none loading or failed. */
async function blocosEmPe(page: Page, onde: string) {
  await settle(page);
  for (const bloco of BLOCOS) {
    const el = page.locator(`[data-bloco="${bloco}"]`);
    await expect(el, `${onde} ${bloco}`).toBeVisible();
    await expect(el.getByRole('alert'), `${onde} ${bloco} failed`).toHaveCount(0);
    await expect(el.getByRole('status'), `${onde} ${bloco} still loading`).toHaveCount(0);
  }
  expect(await violations(page, onde)).toEqual([]);
}

const USERS = [
  { email: 'super@portal.test', greeting: 'Olá, Super Administrador', catalog: ptBR },
  { email: 'montadora@portal.test', greeting: 'Olá, Marina Montadora', catalog: ptBR },
  { email: 'dealer@portal.test', greeting: 'Hola, Diego Dealer', catalog: es },
] as const;

for (const user of USERS) {
  test(`${user.email}'s home shows each block or its empty state at 375 and 1280 px, without serious axe violations`, async ({
    page,
  }) => {
    await skipTour(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, user.email, user.greeting);
    await blocosEmPe(page, `${user.email} 375`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await blocosEmPe(page, `${user.email} 1280`);
  });
}

test("a slide the manufacturer made for the dealer's group shows on the dealer's home within its period, and the carousel works by keyboard", async ({
  page,
}) => {
  const home = es.home;
  await skipTour(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, 'dealer@portal.test', 'Hola, Diego Dealer');
  await settle(page);
  const carrossel = page.getByRole('region', { name: home.blocos.slides.titulo });
  await expect(carrossel).toBeVisible();
  const grupos = carrossel.getByRole('group');
  const total = await carrossel.getByRole('button', { name: /^Ir a la diapositiva/ }).count();
  expect(total).toBeGreaterThanOrEqual(2);
  // Within their period: both slides are in the carousel; the one past its period is not.
  await expect(carrossel.getByRole('button', { name: new RegExp(titulos.noPeriodo) })).toHaveCount(1);
  await expect(carrossel.getByRole('button', { name: new RegExp(titulos.segundo) })).toHaveCount(1);
  await expect(carrossel.getByRole('button', { name: new RegExp(titulos.passado) })).toHaveCount(0);

  // Reduced motion: it waits for play. Arrows move between slides.
  await expect(carrossel.getByRole('button', { name: home.carrossel.reproduzir })).toBeVisible();
  await carrossel.focus();
  await expect(grupos).toHaveAttribute('aria-label', `1 de ${total}`);
  await page.keyboard.press('ArrowRight');
  await expect(grupos).toHaveAttribute('aria-label', `2 de ${total}`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(grupos).toHaveAttribute('aria-label', `${total} de ${total}`);

  // The play/pause button by keyboard.
  await page.keyboard.press('Tab');
  await expect(carrossel.getByRole('button', { name: home.carrossel.reproduzir })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(carrossel.getByRole('button', { name: home.carrossel.pausar })).toBeFocused();
});
