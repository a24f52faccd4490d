import { screen, waitFor, within } from '@testing-library/react';
import { renderResource } from '../../src/testing/renderResource';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setAccessTokenGetter } from '../../providers/dataProvider';
import { MARCAS } from './marcas.fixtures';
import MarcaList from './MarcaList';
import { mockApiServer } from '../../src/testing/mockApi';

const api = graphql.link(new URL('/graphql', window.location.origin).href);
let marcas = MARCAS.map((m) => ({ ...m }));
const toggled: { id: unknown; query: string }[] = [];

mockApiServer(
  api.query('marcas_getList', () => HttpResponse.json({ data: { result: marcas } })),
  api.mutation('SetActive', ({ variables, query }) => {
    toggled.push({ id: variables.id, query });
    marcas = marcas.map((m) => (m.id === variables.id ? { ...m, active: !m.active } : m));
    const marca = marcas.find((m) => m.id === variables.id)!;
    return HttpResponse.json({ data: { result: { id: marca.id, active: marca.active, __typename: 'Marca' } } });
  }),
);

beforeEach(() => {
  setAccessTokenGetter(async () => 'token-1');
  marcas = MARCAS.map((m) => ({ ...m }));
});
afterEach(() => {
  toggled.length = 0;
});

function renderList() {
  return renderResource('marcas', { list: MarcaList }, '/marcas');
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('/marcas', { timeout: 15_000 }, () => {
  it('lists every brand by name with its state, and offers a new brand at /marcas/novo', async () => {
    renderList();
    expect(await screen.findByText('Aurora Motors')).toBeInTheDocument();
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0].textContent);
    expect(names).toEqual(['Aurora Motors', 'Boreal Caminhões', 'Cometa Veículos']);
    expect(within(rowOf('Cometa Veículos')).getByText('Inativo')).toBeInTheDocument();
    expect(within(rowOf('Aurora Motors')).getByText('marca1')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 1 a 3 de 3 registros')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Criar' })).toHaveAttribute('href', '/marcas/novo');
  });

  it('searches ignoring case and accents', async () => {
    const user = userEvent.setup({ delay: null });
    renderList();
    await screen.findByText('Aurora Motors');
    await user.type(screen.getByPlaceholderText('Buscar'), 'CAMINHOES');
    await waitFor(() => expect(screen.queryByText('Aurora Motors')).not.toBeInTheDocument());
    expect(screen.getByText('Boreal Caminhões')).toBeInTheDocument();
  });

  it('inactivates a brand after confirmation, with inativarMarca', async () => {
    const user = userEvent.setup({ delay: null });
    renderList();
    await screen.findByText('Aurora Motors');
    await user.click(within(rowOf('Aurora Motors')).getByRole('button', { name: 'Inativar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Inativar Aurora Motors?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Inativar' }));
    await waitFor(() => expect(within(rowOf('Aurora Motors')).getByText('Inativo')).toBeInTheDocument());
    expect(toggled).toEqual([{ id: '1', query: expect.stringContaining('inativarMarca(id: $id)') }]);
  });

  it('opens a brand for editing on its row', async () => {
    const user = userEvent.setup({ delay: null });
    const { location } = renderList();
    await user.click(await screen.findByText('Boreal Caminhões'));
    await waitFor(() => expect(location()).toBe('/marcas/2'));
  });
});
