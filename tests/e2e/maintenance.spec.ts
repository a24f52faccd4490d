import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { expect, test } from '@playwright/test';
import Fastify from 'fastify';
import { e2ePaths } from './server';

test('the maintenance screen replaces the app when the API cannot be reached at start-up', async ({ page }) => {
  // The built front end served alone, as a CDN would while the API is down.
  const web = Fastify();
  await web.register(fastifyStatic, { root: path.join(e2ePaths.root, 'dist') });
  const api = ['/config.json', '/portalProperties', '/graphql', '/oidc'];
  web.setNotFoundHandler((req, reply) =>
    api.some((prefix) => req.url.startsWith(prefix)) ? reply.code(503).send() : reply.sendFile('index.html'),
  );
  await web.listen({ port: 3321, host: '127.0.0.1' });
  try {
    await page.goto('http://127.0.0.1:3321/home');
    await expect(page.getByRole('heading', { name: 'Atualização em Curso' })).toBeVisible();
  } finally {
    await web.close();
  }
});
