import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setAccessTokenGetter } from '../../providers/dataProvider';
import { renderResource } from '../../src/testing/renderResource';
import AnuncioCreate from './AnuncioCreate';

// The advert form (issue #30) shares the slide form's fields (resources/slides/Slide.test.tsx
// tests them); what is its own: the advert's recommended size and its heading.

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
beforeEach(() => setAccessTokenGetter(async () => 'token-1'));
afterAll(() => server.close());

describe('/anuncios/novo', { timeout: 20_000 }, () => {
  it('says the advert’s recommended size', async () => {
    renderResource('anuncios', { create: AnuncioCreate }, '/anuncios/novo');
    expect(await screen.findByText(/Tamanho recomendado: 244 x 360 px/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Novo anúncio' })).toBeInTheDocument();
    expect(screen.getByText('Escolha uma imagem para ver a pré-visualização.')).toBeInTheDocument();
  });
});
