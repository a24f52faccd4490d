import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { AdminContext, TestMemoryRouter, memoryStore } from 'react-admin';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Idioma } from '../../../domain/enums';
import { setAccessTokenGetter } from '../../../providers/dataProvider';
import { createI18nProvider } from '../../../providers/i18nProvider';
import { initials, type MinhaConta } from './minhaConta';
import { MINHA_CONTA_EMPTY, MINHA_CONTA_USUARIO } from './minhaConta.fixtures';
import MinhaContaPage from './MinhaContaPage';
import { queryStates } from '../../testing/viewStates';

const api = graphql.link(new URL('/graphql', window.location.origin).href);
const authorizations: (string | null)[] = [];
const answer = (usuario: MinhaConta) =>
  api.query('minhaConta', ({ request }) => {
    authorizations.push(request.headers.get('authorization'));
    return HttpResponse.json({ data: { usuarioLogado: usuario } });
  });
const server = setupServer(answer(MINHA_CONTA_USUARIO));

/** The page's four states (src/testing/viewStates), from its fixtures. */
const STATES = queryStates('minhaConta', {
  empty: { usuarioLogado: MINHA_CONTA_EMPTY },
  loaded: { usuarioLogado: MINHA_CONTA_USUARIO },
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => setAccessTokenGetter(async () => 'token-1'));
afterEach(() => {
  server.resetHandlers();
  authorizations.length = 0;
});
afterAll(() => server.close());

function renderPage(idioma: Idioma = 'PT_BR') {
  render(
    <TestMemoryRouter initialEntries={['/minha-conta']}>
      <AdminContext i18nProvider={createI18nProvider({ idioma })} store={memoryStore()}>
        <MinhaContaPage />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

/** The value shown next to a label of the definition list. */
function valueOf(label: string): string | null {
  const term = screen.getAllByRole('term').find((t) => t.textContent === label);
  return term?.nextElementSibling?.textContent ?? null;
}

describe('/minha-conta', () => {
  it("shows the signed-in user's data (Loaded)", async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeInTheDocument();
    expect(await screen.findByText('Ana Maria Souza')).toBeInTheDocument();
    expect(authorizations).toEqual(['Bearer token-1']);

    expect(valueOf('Nome')).toBe('Ana Maria Souza');
    expect(valueOf('E-mail')).toBe('ana@portal.test');
    expect(valueOf('Tipo de usuário')).toBe('Dealer / Grupo');
    expect(valueOf('Idioma')).toBe('Português');
    // No avatar link: the initials.
    expect(screen.getByText('AS')).toBeInTheDocument();

    const marcas = screen.getByRole('region', { name: 'Marcas' });
    expect(within(marcas).getByText('2 marcas')).toBeInTheDocument();
    expect(
      within(marcas)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Aurora', 'Boreal']);

    const produtos = screen.getByRole('region', { name: 'Produtos' });
    expect(within(produtos).getByText('1 produto')).toBeInTheDocument();
    expect(within(produtos).getByText('Portal Rede')).toBeInTheDocument();

    const dealers = screen.getByRole('region', { name: 'Dealers' });
    expect(within(dealers).getByText('2 dealers')).toBeInTheDocument();
    const rows = within(dealers)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Dealer', 'Grupo econômico'],
      ['Aurora Centro', 'Grupo Sul'],
      ['Aurora Norte', 'Sem grupo econômico'],
    ]);
  });

  it('shows the avatar image and empty lists in English (Empty)', async () => {
    server.use(...STATES.Empty);
    renderPage('EN');
    expect(screen.getByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Caio' })).toHaveAttribute('src', MINHA_CONTA_EMPTY.avatarLink);
    expect(valueOf('User type')).toBe('Tecsinapse');
    expect(valueOf('Language')).toBe('English');
    expect(screen.getByText('No brands linked.')).toBeInTheDocument();
    expect(screen.getByText('0 brands')).toBeInTheDocument();
    expect(screen.getByText('No products linked.')).toBeInTheDocument();
    expect(screen.getByText('No dealers linked.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('writes the translated labels in Spanish', async () => {
    renderPage('ES');
    expect(await screen.findByText('Ana Maria Souza')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeInTheDocument();
    expect(valueOf('Correo electrónico')).toBe('ana@portal.test');
    expect(screen.getByText('2 concesionarios')).toBeInTheDocument();
    expect(screen.getByText('Sin grupo económico')).toBeInTheDocument();
  });

  it('shows a loading state until the data arrives (Loading)', async () => {
    server.use(...STATES.Loading);
    renderPage();
    expect(screen.getByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
    expect(screen.queryByText('Ana Maria Souza')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('replaces the loading state with the data once it comes (Loaded)', async () => {
    server.use(...STATES.Loaded);
    renderPage();
    expect(screen.getByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
    expect(await screen.findByText('Ana Maria Souza')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says the data could not be loaded, and tries again (Error)', async () => {
    server.use(...STATES.Error);
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar os dados da sua conta.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Ana Maria Souza')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['Ana Maria Souza', 'AS'],
    ['caio', 'C'],
    ['  Érica   Lima ', 'ÉL'],
    ['', ''],
  ])('initials of %j: %j', (nome, expected) => {
    expect(initials(nome)).toBe(expected);
  });
});
