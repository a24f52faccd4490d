import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { mockViewport } from '../../testing/viewport';
import { abrirBiblioteca, GESTOR, servidorBiblioteca } from './biblioteca.fixtures';

// axe over a whole page of MUI components takes seconds on a busy two-core machine.
vi.setConfig({ testTimeout: 60_000 });

servidorBiblioteca();

const user = () => userEvent.setup({ delay: null });
const abrir = (path: string) => abrirBiblioteca(path, GESTOR);

/**
 * Serious and critical WCAG 2.2 AA violations inside `contexto`, one line each (as the journeys'
 * tests/e2e/axe.ts reports them). Colours need a real browser: the journeys check them. A dialog is
 * checked on its own: MUI hides the page behind it with aria-hidden, which happy-dom cannot tell
 * from a focusable page (Chromium's run in the journeys checks the page with the dialog open).
 */
async function violacoes(contexto: Element, onde: string): Promise<string[]> {
  const resultado = await axe.run(contexto, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false }, 'label-content-name-mismatch': { enabled: true } },
    resultTypes: ['violations'],
  });
  return resultado.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${onde}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`);
}

describe('the library has no serious or critical axe violation', () => {
  it.each([1280, 768, 375])('at %s px: the grid, the list with a selection, the search results', async (largura) => {
    mockViewport(largura);
    abrir('/biblioteca/1');
    await screen.findByRole('listbox', { name: 'Arquivos' });
    const achadas = await violacoes(document.body, 'grid');
    await user().click(screen.getByRole('button', { name: 'Lista' }));
    await user().click(screen.getByRole('checkbox', { name: 'Selecionar foto-fachada.jpg' }));
    achadas.push(...(await violacoes(document.body, 'list')));
    if (largura > 640) {
      await user().type(screen.getByRole('searchbox', { name: 'Buscar nesta pasta' }), 'foto');
      await screen.findByRole('table', { name: 'Resultados da busca' });
      achadas.push(...(await violacoes(document.body, 'search')));
    }
    expect(achadas).toEqual([]);
  });

  it('at the root (recent files) and in an empty folder', async () => {
    abrir('/biblioteca');
    await screen.findByRole('region', { name: 'Arquivos recentes' });
    const achadas = await violacoes(document.body, 'root');
    await user().dblClick(screen.getByRole('option', { name: /^Treinamentos/ }));
    await screen.findByRole('heading', { level: 2, name: 'Esta pasta está vazia' });
    achadas.push(...(await violacoes(document.body, 'empty folder')));
    expect(achadas).toEqual([]);
  });

  it('in each dialog', async () => {
    const achadas: string[] = [];
    const verificar = async (abrirDialogo: () => Promise<void>, nome: string, fechar = 'Cancelar') => {
      await abrirDialogo();
      const dialogo = await screen.findByRole('dialog', { name: nome });
      achadas.push(...(await violacoes(dialogo, nome)));
      await user().click(within(dialogo).getByRole('button', { name: fechar }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };
    const botao = (nome: string) => () => user().click(screen.getByRole('button', { name: nome }));
    const barra = (acao: string) => () =>
      user().click(
        within(screen.getByRole('toolbar', { name: 'Ações da seleção' })).getByRole('button', { name: acao }),
      );

    abrir('/biblioteca');
    await screen.findByRole('listbox', { name: 'Pastas' });
    await verificar(botao('Nova pasta'), 'Nova pasta');
    await verificar(botao('Ver todos'), 'Últimos modificados', 'Fechar');
    await user().click(screen.getByRole('button', { name: 'Lista' }));
    await user().click(screen.getByRole('checkbox', { name: 'Selecionar Manuais' }));
    await verificar(barra('Conceder acesso'), 'Conceder acesso a Manuais');
    await verificar(barra('Mover'), 'Mover 1 item');
    await verificar(barra('Renomear'), 'Renomear Manuais');
    await verificar(barra('Remover'), 'Remover Manuais?');

    await user().dblClick(screen.getByText('Manuais', { selector: 'span' }));
    await user().dblClick(await screen.findByText('foto-fachada.jpg', { selector: 'span' }));
    const viewer = await screen.findByRole('dialog', { name: 'foto-fachada.jpg' });
    achadas.push(...(await violacoes(viewer, 'image viewer')));
    await user().click(within(viewer).getByRole('button', { name: 'Fechar' }));

    await user().click(
      within(screen.getByRole('navigation', { name: 'Você está em' })).getByRole('link', {
        name: 'Biblioteca virtual',
      }),
    );
    await user().dblClick(await screen.findByText('Treinamentos', { selector: 'span' }));
    await user().click(await screen.findByRole('button', { name: 'Enviar arquivos' }));
    await user().upload(
      await screen.findByTestId('upload-input'),
      new File(['x'], 'a.pdf', { type: 'application/pdf' }),
    );
    await screen.findByText('Aguardando o envio');
    await verificar(async () => undefined, 'Enviar arquivos');
    expect(achadas).toEqual([]);
  });
});
