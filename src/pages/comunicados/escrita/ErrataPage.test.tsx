import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenGetter } from '../../../../providers/dataProvider';
import { api, mockApiServer } from '../../../testing/mockApi';
import { queryStates } from '../../../testing/viewStates';
import ComunicadoPage from './ComunicadoPage';
import ErrataPage from './ErrataPage';
import { limitesAnexosPadrao, rascunho } from './comunicados.fixtures';
import { renderComunicados } from './renderComunicados';

vi.setConfig({ testTimeout: 20_000 });

const ENVIADO = rascunho({
  status: { id: 'ENVIADO', description: 'Enviado' },
  envioDateTime: '2026-11-25T10:00:00.000Z',
  acoes: ['errata', 'dashboard', 'visualizarEnvio'],
});
const STATES = queryStates('comunicados_comunicado', {
  empty: { result: { ...ENVIADO, acoes: ['dashboard'] } },
  loaded: { result: ENVIADO },
});
const criadas: Record<string, unknown>[] = [];
const server = mockApiServer(
  limitesAnexosPadrao(),
  api.mutation('comunicados_errata', ({ variables }) => {
    criadas.push(variables);
    return HttpResponse.json({
      data: { result: rascunho({ id: '90', idParent: '77', acoes: ['salvar', 'enviar', 'visualizarEnvio'] }) },
    });
  }),
);
beforeEach(() => {
  setAccessTokenGetter(async () => 'token');
  criadas.length = 0;
});

const user = () => userEvent.setup({ delay: null });
const abrir = () => renderComunicados({ comunicadosErrata: ErrataPage }, '/comunicados/errata/77');

describe('/comunicados/errata/{id}', () => {
  it('shows a loading state (Loading)', () => {
    server.use(...STATES.Loading);
    abrir();
    expect(screen.getByRole('heading', { level: 1, name: 'Errata' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
  });

  it('says it could not be loaded, and tries again (Error)', async () => {
    server.use(...STATES.Error);
    abrir();
    expect(await screen.findByText('Não foi possível realizar a ação')).toBeVisible();
    await user().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('textbox', { name: /^Justificativa/ })).toBeInTheDocument();
  });

  it('says an erratum is not possible when acoes does not offer it (Empty)', async () => {
    server.use(...STATES.Empty);
    abrir();
    expect(await screen.findByText(/Só é possível escrever errata de um comunicado enviado/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Criar errata' })).not.toBeInTheDocument();
  });

  it('needs a justification of 15 characters, then sends the choices and opens the erratum (Loaded)', async () => {
    server.use(...STATES.Loaded);
    const { location } = abrir();
    expect(await screen.findByText('Errata de "Campanha de revisão"')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Título/ })).toHaveValue('Campanha de revisão');
    expect(screen.getByRole('switch', { name: 'Notificar os destinatários novamente' })).toBeChecked();
    const reiniciar = screen.getByRole('switch', {
      name: 'Reiniciar a leitura (e a confirmação) do comunicado original',
    });
    expect(reiniciar).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Escolher arquivos' })).toBeInTheDocument();

    const justificativa = screen.getByRole('textbox', { name: /^Justificativa/ });
    await user().type(justificativa, 'Data errada');
    await user().click(screen.getByRole('button', { name: 'Criar errata' }));
    expect(await screen.findByText('Deve ter pelo menos 15 caracteres')).toBeInTheDocument();
    expect(criadas).toEqual([]);

    await user().type(justificativa, ' no segundo parágrafo');
    await user().click(reiniciar);
    await user().click(screen.getByRole('button', { name: 'Criar errata' }));
    await waitFor(() => expect(criadas).toHaveLength(1));
    expect(criadas[0]).toEqual({
      errata: {
        idParent: '77',
        titulo: 'Campanha de revisão',
        mensagem: expect.stringContaining('Revisem os freios.'),
        justificativa: 'Data errada no segundo parágrafo',
        renotificar: true,
        reiniciarLeitura: true,
        arquivoIds: [],
      },
    });
    await waitFor(() => expect(location()).toBe('/comunicados/editar/90'));
  });

  it('opens the erratum written with the focus on its page title, not the page body', async () => {
    server.use(...STATES.Loaded);
    renderComunicados({ comunicadosErrata: ErrataPage, comunicadosEditar: ComunicadoPage }, '/comunicados/errata/77');
    const justificativa = await screen.findByRole('textbox', { name: /^Justificativa/ });
    await user().type(justificativa, 'Data errada no segundo parágrafo');
    await user().click(screen.getByRole('button', { name: 'Criar errata' }));
    await waitFor(() => expect(criadas).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });
});
