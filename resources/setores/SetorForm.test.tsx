import { screen, waitFor, within } from '@testing-library/react';
import { renderResource } from '../../src/testing/renderResource';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setAccessTokenGetter } from '../../providers/dataProvider';
import { DIVISOES, SETORES } from './setores.fixtures';
import SetorCreate from './SetorCreate';
import SetorEdit from './SetorEdit';
import { mockApiServer } from '../../src/testing/mockApi';

const api = graphql.link(new URL('/graphql', window.location.origin).href);
const saved: Record<string, unknown>[] = [];
const removed: unknown[] = [];

const answerSetor = (input: Record<string, unknown>) => ({
  data: {
    result: {
      id: '9',
      ...input,
      divisao: DIVISOES.find((d) => d.id === String(input.divisaoId)),
      __typename: 'Setor',
    },
  },
});

mockApiServer(
  api.query('setores_getOne', () => HttpResponse.json({ data: { result: SETORES } })),
  api.query('divisoes_getList', () => HttpResponse.json({ data: { result: DIVISOES } })),
  api.query('divisoes_getMany', () => HttpResponse.json({ data: { result: DIVISOES } })),
  api.mutation('setores_create', ({ variables }) => {
    saved.push(variables.input);
    return HttpResponse.json(answerSetor(variables.input));
  }),
  api.mutation('setores_update', ({ variables }) => {
    saved.push(variables.input);
    return HttpResponse.json(answerSetor(variables.input));
  }),
  api.mutation('setores_delete', ({ variables }) => {
    removed.push(variables.id0);
    return HttpResponse.json({
      errors: [
        {
          message: 'Este registro está em uso e não pode ser excluído',
          extensions: { code: 'BAD_USER_INPUT', messageKey: 'referencia.errors.inUse' },
        },
      ],
      data: null,
    });
  }),
);

beforeEach(() => setAccessTokenGetter(async () => 'token-1'));
afterEach(() => {
  saved.length = 0;
  removed.length = 0;
});

function renderAt(path: string) {
  return renderResource('setores', { create: SetorCreate, edit: SetorEdit }, path);
}

describe('/setores/novo', { timeout: 15_000 }, () => {
  it('requires a division, then creates the sector in the chosen one', async () => {
    const user = userEvent.setup({ delay: null });
    const { location } = renderAt('/setores/novo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Novo setor' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Nome/ }), 'Funilaria');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Campo obrigatório')).toBeInTheDocument();
    expect(saved).toEqual([]);

    await user.click(await screen.findByRole('combobox', { name: /^Divisão/ }));
    await user.click(await screen.findByRole('option', { name: 'Pós-venda' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(location()).toBe('/setores'));
    expect(saved).toEqual([{ nome: 'Funilaria', divisaoId: '2' }]);
  });
});

describe('/setores/:id', { timeout: 15_000 }, () => {
  it('shows the sector in its division and moves it to another one', async () => {
    const user = userEvent.setup({ delay: null });
    const { location } = renderAt('/setores/3');
    expect(await screen.findByDisplayValue('Peças')).toBeInTheDocument();
    const divisao = await screen.findByRole('combobox', { name: /^Divisão/ });
    await waitFor(() => expect(divisao).toHaveTextContent('Pós-venda'));
    await user.click(divisao);
    await user.click(await screen.findByRole('option', { name: 'Vendas' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(location()).toBe('/setores'));
    // The version read goes back, so the API can refuse a save over someone else's.
    expect(saved).toEqual([{ id: '3', version: 1, nome: 'Peças', divisaoId: '1' }]);
  });

  it('asks before removing and keeps the sector when the API says it is in use', async () => {
    const user = userEvent.setup({ delay: null });
    const { location } = renderAt('/setores/4');
    expect(await screen.findByDisplayValue('Oficina')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Excluir "Oficina"?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    // In the toast and in the dialog (one findByText would wait 4 s for the toast to hide).
    expect(await screen.findAllByText('Este registro está em uso e não pode ser excluído')).toHaveLength(2);
    expect(removed).toEqual(['4']);
    expect(location()).toBe('/setores/4');
  });
});
