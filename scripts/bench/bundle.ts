import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import fastifyStatic from '@fastify/static';
import react from '@vitejs/plugin-react';
import Fastify from 'fastify';
import { build } from 'vite';
import { CHROMIUM_LAUNCH, signInThroughPage } from '../chromium';
import type { Row } from './report';
import { freshDatabase, startServer } from './serverProcess';

/** gzip bytes of every JavaScript file the page loads while `visit` runs, read from the build directory. */
async function javascriptLoaded(
  distDir: string,
  visit: (page: Page) => Promise<void>,
): Promise<{ bytes: number; files: number }> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const page = await browser.newPage();
  const files = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) files.add(pathname);
  });
  await visit(page);
  await browser.close();
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
  return { bytes, files: files.size };
}

/** The portal's port; the bare app's is the next one (BENCH_BUNDLE_PORT: another run on the machine holds 3391). */
const PORT = Number(process.env.BENCH_BUNDLE_PORT ?? 3391);

/** gzip size of the JavaScript loaded before the first signed-in page, against a bare react-admin app. */
export async function bundleSize(): Promise<Row[]> {
  await build({ logLevel: 'warn' });
  const bareDir = path.resolve('bench-results/bare');
  await build({
    root: path.resolve('scripts/bench/bare-admin'),
    configFile: false,
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir: bareDir, emptyOutDir: true },
  });

  const database = await freshDatabase();
  const server = await startServer(PORT, database.env);
  const ours = await javascriptLoaded(path.resolve('dist'), async (page) => {
    await signInThroughPage(page, server.url, 'super@portal.test', 'Olá, Super Administrador');
    await page.waitForLoadState('networkidle');
  });
  await server.stop();
  await database.drop();

  const staticServer = Fastify();
  await staticServer.register(fastifyStatic, { root: bareDir });
  await staticServer.listen({ port: PORT + 1, host: '127.0.0.1' });
  const bare = await javascriptLoaded(bareDir, async (page) => {
    await page.goto(`http://127.0.0.1:${PORT + 1}/`);
    await page.getByText('um', { exact: true }).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
  });
  await staticServer.close();

  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
  return [
    { case: 'JS before first signed-in page (gzip)', value: kb(ours.bytes), unit: 'KB', note: `${ours.files} files` },
    {
      case: 'bare react-admin app, one lazy resource (gzip)',
      value: kb(bare.bytes),
      unit: 'KB',
      note: `${bare.files} files`,
    },
    { case: 'ratio portal / bare react-admin', value: ours.bytes / bare.bytes, unit: 'x', goal: '<= 1.0' },
  ];
}
