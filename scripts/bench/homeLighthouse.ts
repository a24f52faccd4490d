import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { build } from 'vite';
import { ApiUser } from '../../tests/e2e/api';
import { enviadoAoDealer, grupoId } from '../../tests/e2e/comunicadosApi';
import { diasDaqui, novoAnuncio, novoSlide } from '../../tests/e2e/vitrineApi';
import { CHROMIUM_LAUNCH, signInThroughPage } from '../chromium';
import type { Row } from './report';
import { freshDatabase, startServer } from './serverProcess';

// The home page's Lighthouse performance score (issue #30), in Debian's Chromium driven by the
// Lighthouse npm package: the production build served by the portal, the demo data plus three
// slides and an advert with photo-sized banners and three announcements for the dealer user, who
// is signed in (in the same browser profile) before Lighthouse loads /home. Lighthouse's mobile
// defaults (a mid-range phone on a slow 4G link, simulated) and its desktop preset.

const GOAL_SCORE = 90;
/** The portal's port, and the browser's DevTools port (BENCH_LIGHTHOUSE_PORT when 3395 is taken). */
const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3395);
const DEVTOOLS_PORT = PORT + 1;

/** A 1440x480 JPEG banner (a gradient with text, as a campaign photo compresses), drawn by Chromium. */
async function banner(page: Page, texto: string): Promise<Buffer> {
  await page.setViewportSize({ width: 1440, height: 480 });
  await page.setContent(`<body style="margin:0"><div style="width:1440px;height:480px;display:flex;align-items:center;
    justify-content:center;font:bold 96px sans-serif;color:#fff;background:radial-gradient(circle at 30% 40%,#f9a826,
    #c2185b 45%,#1a237e)">${texto}</div></body>`);
  return page.screenshot({ type: 'jpeg', quality: 80 });
}

async function seedHome(url: string, page: Page) {
  const portal = { url, config: { oidcClientId: 'portal', publicUrl: url } };
  const montadora = new ApiUser('montadora@portal.test', portal);
  const grupoIds = [await grupoId(montadora, 'Rede Aurora Motors')];
  for (const titulo of ['Feirão de fim de ano', 'Revisão programada', 'Novo utilitário']) {
    const imagem = { name: 'banner.jpg', content: await banner(page, titulo), type: 'image/jpeg' };
    await novoSlide(montadora, { titulo, grupoIds, inicioDate: diasDaqui(-1), fimDate: diasDaqui(7), imagem });
  }
  const anuncio = { name: 'anuncio.jpg', content: await banner(page, 'Peças originais'), type: 'image/jpeg' };
  await novoAnuncio(montadora, { titulo: 'Peças originais', grupoIds, imagem: anuncio });
  const staff = new ApiUser('super@portal.test', portal);
  for (const titulo of ['Campanha de recall', 'Metas do trimestre', 'Treinamento de vendas']) {
    await enviadoAoDealer(titulo, {}, staff);
  }
  // The dealer's first-visit tour would cover the page Lighthouse measures: seen already.
  await new ApiUser('dealer@portal.test', portal).call('mutation { setCurrentUserOnboardingSeen(id: HOME) }');
}

export async function homeLighthouse(): Promise<Row[]> {
  await build({ logLevel: 'warn' });
  const database = await freshDatabase();
  const server = await startServer(PORT, database.env);
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  // A persistent profile is the browser's default context: the tab Lighthouse opens shares the
  // signed-in session (kept in localStorage).
  const browser = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM_LAUNCH,
    args: [...CHROMIUM_LAUNCH.args, `--remote-debugging-port=${DEVTOOLS_PORT}`],
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await seedHome(server.url, page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInThroughPage(page, server.url, 'dealer@portal.test', 'Hola, Diego Dealer');
    await page.goto('about:blank');

    const flags: Flags = {
      port: DEVTOOLS_PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
    };
    const rows: Row[] = [];
    for (const [nome, config] of [
      ['mobile (Lighthouse defaults: slow 4G, 4x CPU, simulated)', undefined],
      ['desktop preset', desktopConfig],
    ] as const) {
      const result = await lighthouse(`${server.url}/home`, flags, config);
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse gave no result');
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      if (!lhr.finalDisplayedUrl.endsWith('/home')) throw new Error(`Lighthouse ended at ${lhr.finalDisplayedUrl}`);
      // BENCH_LIGHTHOUSE_REPORT=dir keeps each run's whole report (what shifted, what blocked).
      const keep = process.env.BENCH_LIGHTHOUSE_REPORT;
      if (keep) writeFileSync(path.join(keep, `home-${config ? 'desktop' : 'mobile'}.json`), JSON.stringify(lhr));
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
      rows.push({
        case: `home page, Lighthouse performance score, ${nome}`,
        value: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        unit: 'score',
        goal: `>= ${GOAL_SCORE}`,
        note: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}; Chromium ${browser.browser()?.version() ?? '?'}`,
      });
    }
    return rows;
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
    await server.stop();
    await database.drop();
  }
}
