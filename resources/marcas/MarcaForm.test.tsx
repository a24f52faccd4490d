import { screen, waitFor } from '@testing-library/react';
import { renderResource } from '../../src/testing/renderResource';
import userEvent from '@testing-library/user-event';
import { delay, graphql, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setAccessTokenGetter } from '../../providers/dataProvider';
import { MARCAS } from './marcas.fixtures';
import MarcaCreate from './MarcaCreate';
import MarcaEdit from './MarcaEdit';
import { mockApiServer } from '../../src/testing/mockApi';

const api = graphql.link(new URL('/graphql', window.location.origin).href);
const saved: Record<string, unknown>[] = [];

const server = mockApiServer(
  api.query('marcas_getOne', () => HttpResponse.json({ data: { result: MARCAS } })),
  api.mutation('marcas_create', ({ variables }) => {
    saved.push(variables.input);
    return HttpResponse.json({
      data: {
        result: { id: '9', active: true, descricao: null, facebookId: null, ...variables.input, __typename: 'Marca' },
      },
    });
  }),
  api.mutation('marcas_update', ({ variables }) => {
    saved.push(variables.input);
    return HttpResponse.json({ data: { result: { active: true, ...variables.input, __typename: 'Marca' } } });
  }),
);

beforeEach(() => setAccessTokenGetter(async () => 'token-1'));
afterEach(() => {
  saved.length = 0;
});

function renderAt(path: string) {
  return renderResource('marcas', { create: MarcaCreate, edit: MarcaEdit }, path);
}

const field = (label: RegExp) => screen.getByRole('textbox', { name: label });

describe('/marcas/novo', { timeout: 15_000 }, () => {
  it('shows the shared schema’s errors under the fields and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/marcas/novo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nova marca' })).toBeInTheDocument();
    await user.click(field(/^Descrição/));
    await user.paste('x'.repeat(501));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Campo obrigatório')).toBeInTheDocument();
    // The bound of the message comes from the schema.
    expect(screen.getByText('Deve ter no máximo 500 caracteres')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('creates the brand with salvarMarca and goes back to the list', async () => {
    const user = userEvent.setup({ delay: null });
    const { location } = renderAt('/marcas/novo');
    await user.type(await screen.findByRole('textbox', { name: /^Nome/ }), 'Delta Motos');
    await user.type(field(/^ID do Facebook/), 'delta');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('/marcas')).toBeInTheDocument();
    expect(location()).toBe('/marcas');
    expect(saved).toEqual([{ nome: 'Delta Motos', facebookId: 'delta' }]);
  });

  it("shows the API's field error (a name in use) under the field", async () => {
    server.use(
      api.mutation('marcas_create', async () => {
        await delay(10);
        return HttpResponse.json({
          errors: [
            {
              message: 'Verifique os dados!',
              extensions: { code: 'BAD_USER_INPUT', fieldErrors: { nome: 'Já existe um registro com este nome' } },
            },
          ],
          data: null,
        });
      }),
    );
    const user = userEvent.setup({ delay: null });
    const { location } = renderAt('/marcas/novo');
    await user.type(await screen.findByRole('textbox', { name: /^Nome/ }), 'aurora motors');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Já existe um registro com este nome')).toBeInTheDocument();
    expect(location()).toBe('/marcas/novo');
  });
});

describe('/marcas/:id', { timeout: 15_000 }, () => {
  it('loads the brand from the whole list and saves the changed fields with its id', async () => {
    const user = userEvent.setup({ delay: null });
    const { location } = renderAt('/marcas/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar marca' })).toBeInTheDocument();
    const nome = await screen.findByDisplayValue('Aurora Motors');
    expect(field(/^Descrição/)).toHaveValue('Marca Aurora Motors');
    // Brands are inactivated, never removed.
    expect(screen.queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
    await user.clear(nome);
    await user.type(nome, 'Aurora Automóveis');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(location()).toBe('/marcas'));
    expect(saved).toEqual([
      // The version read goes back with the save (a stale one is refused with CONFLICT).
      { id: '1', version: 2, nome: 'Aurora Automóveis', descricao: 'Marca Aurora Motors', facebookId: 'marca1' },
    ]);
  });
});
