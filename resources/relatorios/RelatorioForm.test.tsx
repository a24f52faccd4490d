import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setAccessTokenGetter } from '../../providers/dataProvider';
import { api } from '../../src/testing/mockApi';
import { renderResource } from '../../src/testing/renderResource';
import RelatorioCreate from './RelatorioCreate';
import { mockApiServer } from '../../src/testing/mockApi';

const saved: Record<string, unknown>[] = [];
mockApiServer(
  api.mutation('relatorios_create', ({ variables }) => {
    saved.push(variables.input);
    throw new Error('not expected');
  }),
);

beforeEach(() => setAccessTokenGetter(async () => 'token-1'));
afterEach(() => {
  saved.length = 0;
});

describe('/relatorios/novo', { timeout: 15_000 }, () => {
  it("says the menu position's range in the portal's words; the browser has no range of its own to refuse with", async () => {
    const user = userEvent.setup({ delay: null });
    renderResource('relatorios', { create: RelatorioCreate }, '/relatorios/novo');
    const posicao = await screen.findByRole('spinbutton', { name: 'Posição no menu' });
    // A min or max on the input would make the browser stop the submit with a bubble in its own language.
    expect(posicao).not.toHaveAttribute('min');
    expect(posicao).not.toHaveAttribute('max');
    expect(screen.getByText('De 0 a 999; a menor vem primeiro no menu')).toBeInTheDocument();
    await user.clear(posicao);
    await user.type(posicao, '1000');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Deve ser no máximo 999')).toBeInTheDocument();
    await user.clear(posicao);
    await user.type(posicao, '-3');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Deve ser no mínimo 0')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('offers the function keys by name, in the user’s language', async () => {
    const user = userEvent.setup({ delay: null });
    renderResource('relatorios', { create: RelatorioCreate }, '/relatorios/novo');
    await user.click(await screen.findByRole('combobox', { name: 'Funcionalidades' }));
    const nomes = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(nomes).toContain('Gerenciar biblioteca');
    expect(nomes).toContain('Relatório de consulta de peças');
    expect(nomes.filter((n) => /^[A-Z_]+$/.test(n ?? ''))).toEqual([]);
  });
});
