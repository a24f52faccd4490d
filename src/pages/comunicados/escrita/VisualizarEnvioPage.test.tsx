import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenGetter } from '../../../../providers/dataProvider';
import { captureDownloads, type Download } from '../../../testing/downloads';
import { api, mockApiServer } from '../../../testing/mockApi';
import { queryStates } from '../../../testing/viewStates';
import { rascunho } from './comunicados.fixtures';
import { renderComunicados } from './renderComunicados';
import VisualizarEnvioPage from './VisualizarEnvioPage';

const PREVIA = {
  comunicado: rascunho(),
  destinatarios: 1250,
  grupos: [
    { id: '21', nome: 'Gerentes de vendas', destinatarios: 1250 },
    { id: '23', nome: 'Grupo vazio', destinatarios: 0 },
  ],
  emailsAvulsos: ['fornecedor@externo.com', 'ana@dealer.com'],
  avisos: [
    {
      tipo: 'GRUPO_SEM_DESTINATARIOS',
      mensagem: 'O grupo Grupo vazio não possui destinatários',
      grupo: { id: '23', nome: 'Grupo vazio' },
      email: null,
    },
    {
      tipo: 'EMAIL_DE_USUARIO',
      mensagem: 'O e-mail ana@dealer.com é de um usuário do portal',
      grupo: null,
      email: 'ana@dealer.com',
    },
  ],
};

const STATES = queryStates('comunicados_visualizarEnvio', {
  empty: {
    result: {
      comunicado: rascunho({ arquivos: [], departamento: null, exigeConfirmacao: false, acoes: ['visualizarEnvio'] }),
      destinatarios: 0,
      grupos: [],
      emailsAvulsos: [],
      avisos: [],
    },
  },
  loaded: { result: PREVIA },
});

const server = mockApiServer();
beforeEach(() => setAccessTokenGetter(async () => 'token'));
afterEach(() => vi.restoreAllMocks());

const abrir = () =>
  renderComunicados({ comunicadosVisualizarEnvio: VisualizarEnvioPage }, '/comunicados/visualizarEnvio/77');

describe('/comunicados/visualizarEnvio/{id}', () => {
  it('shows a loading state (Loading)', () => {
    server.use(...STATES.Loading);
    abrir();
    expect(screen.getByRole('heading', { level: 1, name: 'Visualizar envio' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
  });

  it('says it could not be loaded, and tries again (Error)', async () => {
    server.use(...STATES.Error);
    abrir();
    expect(await screen.findByText('Não foi possível realizar a ação')).toBeVisible();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Alcança 1.250 usuários')).toBeInTheDocument();
  });

  it('shows the message as recipients see it, the recipients and the warnings (Loaded)', async () => {
    server.use(...STATES.Loaded);
    abrir();
    const artigo = await screen.findByRole('article', { name: 'Campanha de revisão' });
    expect(within(artigo).getByRole('heading', { level: 2, name: 'Importante' })).toBeInTheDocument();
    expect(within(artigo).getByText('Revisem os freios.')).toBeInTheDocument();
    expect(within(artigo).getByText('RH · Recursos Humanos')).toBeInTheDocument();
    expect(within(artigo).getByLabelText('Assinatura')).toHaveTextContent('Equipe de RH');
    expect(within(artigo).getByText('tabela.pdf')).toBeInTheDocument();
    expect(within(artigo).getByText('Os destinatários devem confirmar "li e entendi".')).toBeInTheDocument();
    expect(screen.getByText('Alcança 1.250 usuários')).toBeInTheDocument();
    expect(screen.getByText('Gerentes de vendas: 1.250 usuários')).toBeInTheDocument();
    expect(screen.getByText('Grupo vazio: 0 usuários')).toBeInTheDocument();
    expect(screen.getByText('fornecedor@externo.com')).toBeInTheDocument();
    const avisos = within(screen.getByRole('list', { name: 'Avisos' })).getAllByRole('listitem');
    expect(avisos.map((a) => a.textContent)).toEqual([
      'O grupo Grupo vazio não possui destinatários',
      'O e-mail ana@dealer.com é de um usuário do portal',
    ]);
    expect(screen.getByRole('link', { name: 'Voltar à edição' })).toHaveAttribute('href', '/comunicados/editar/77');
  });

  it('lets whoever approves it download its attachments, and shows its labels', async () => {
    const downloads: Download[] = [];
    captureDownloads(downloads);
    const pedidos: unknown[] = [];
    server.use(
      ...STATES.Loaded,
      api.query('comunicados_linkAnexo', ({ variables }) => {
        pedidos.push(variables);
        return HttpResponse.json({ data: { result: '/api/files/comunicados/1201?token=abc' } });
      }),
      http.get('*/api/files/comunicados/1201', () =>
        HttpResponse.text('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }),
      ),
    );
    abrir();
    const artigo = await screen.findByRole('article', { name: 'Campanha de revisão' });
    expect(within(artigo).getByText('Recall')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(within(artigo).getByRole('button', { name: 'Baixar tabela.pdf' }));
    await waitFor(() => expect(downloads.map((d) => d.name)).toEqual(['tabela.pdf']));
    expect(pedidos).toEqual([{ idComunicado: '77', idArquivo: '1201' }]);
  });

  it('says there are no groups or e-mails, without warnings or the way back to edit (Empty)', async () => {
    server.use(...STATES.Empty);
    abrir();
    expect(await screen.findByText('Alcança 0 usuários')).toBeInTheDocument();
    expect(screen.getByText('Nenhum grupo')).toBeInTheDocument();
    expect(screen.getByText('Nenhum e-mail avulso')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Avisos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Voltar à edição' })).not.toBeInTheDocument();
  });

  it('says when a scheduled one goes out (the approver decides knowing it)', async () => {
    server.use(
      api.query('comunicados_visualizarEnvio', () =>
        HttpResponse.json({
          data: { result: { ...PREVIA, comunicado: rascunho({ dataHoraAgendamento: '2026-12-03T13:30:00.000Z' }) } },
        }),
      ),
    );
    abrir();
    expect(await screen.findByText(/^Envio agendado para quinta-feira, 3 de dezembro de 2026/)).toBeInTheDocument();
  });

  it("says an erratum goes to the original's recipients, not that it has no group", async () => {
    server.use(
      api.query('comunicados_visualizarEnvio', () =>
        HttpResponse.json({
          data: {
            result: {
              comunicado: rascunho({ idParent: '41' }),
              destinatarios: 26,
              grupos: [],
              emailsAvulsos: [],
              avisos: [],
            },
          },
        }),
      ),
    );
    abrir();
    expect(await screen.findByText('Alcança 26 usuários')).toBeInTheDocument();
    expect(screen.getByText('Vai para os destinatários do comunicado original.')).toBeInTheDocument();
    expect(screen.queryByText('Nenhum grupo')).not.toBeInTheDocument();
    expect(screen.queryByText('Nenhum e-mail avulso')).not.toBeInTheDocument();
  });

  it('is where the approver approves: the buttons acoes names (not the preview itself), then it is read again', async () => {
    const pendente = rascunho({
      status: { id: 'EM_APROVACAO', description: 'Em aprovação' },
      acoes: ['aprovar', 'rejeitar', 'visualizarEnvio'],
    });
    let atual = pendente;
    const aprovados: unknown[] = [];
    server.use(
      api.query('comunicados_visualizarEnvio', () =>
        HttpResponse.json({ data: { result: { ...PREVIA, comunicado: atual } } }),
      ),
      api.mutation('comunicados_aprovar', ({ variables }) => {
        aprovados.push(variables);
        atual = {
          ...pendente,
          version: pendente.version + 1,
          status: { id: 'ENVIADO', description: 'Enviado' },
          envioDateTime: '2026-11-26T20:00:00.000Z',
          destinatarios: 26,
          acoes: ['errata', 'dashboard', 'visualizarEnvio'],
        };
        return HttpResponse.json({ data: { result: atual } });
      }),
    );
    abrir();
    const acoes = await screen.findByTestId('acoes-comunicado');
    expect(
      within(acoes)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Aprovar', 'Rejeitar']);
    expect(within(acoes).queryByRole('link', { name: 'Voltar à edição' })).not.toBeInTheDocument();
    // Where it stands, as on its form: the state beside the title, and who holds the approval.
    expect(screen.getByText('Em aprovação')).toBeInTheDocument();
    expect(screen.getByText(/^Aguardando a aprovação de /)).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(within(acoes).getByRole('button', { name: 'Aprovar' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Aprovar o comunicado "Campanha de revisão"?');
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText('Comunicado aprovado')).toBeInTheDocument();
    expect(aprovados).toEqual([{ id: pendente.id, version: pendente.version }]);
    await waitFor(() =>
      expect(
        within(screen.getByTestId('acoes-comunicado'))
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Escrever errata', 'Dashboard']),
    );
    // Approved, it says it was sent (and to how many), not "in approval" any more.
    expect(screen.getByText('Enviado')).toBeInTheDocument();
    expect(screen.getByText(/^Enviado em .+ a 26 usuários$/)).toBeInTheDocument();
    expect(screen.queryByText(/^Aguardando a aprovação/)).not.toBeInTheDocument();
    // "Approve" went with its state: the focus is on the page's title, not the page's body.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  describe('the send of a draft, from where its author checks it', () => {
    const comPrevia = (comunicado: ReturnType<typeof rascunho>) => {
      const pedidos: { operacao: string; variables: Record<string, unknown> }[] = [];
      const respondido = (operacao: string, status: { id: string; description: string }) =>
        api.mutation(`comunicados_${operacao}`, ({ variables }) => {
          pedidos.push({ operacao, variables });
          return HttpResponse.json({
            data: { result: { ...comunicado, version: comunicado.version + 1, status, acoes: ['visualizarEnvio'] } },
          });
        });
      server.use(
        api.query('comunicados_visualizarEnvio', () =>
          HttpResponse.json({ data: { result: { ...PREVIA, comunicado } } }),
        ),
        respondido('enviar', { id: 'ENVIADO', description: 'Enviado' }),
        respondido('enviarParaAprovacao', { id: 'EM_APROVACAO', description: 'Em aprovação' }),
      );
      return pedidos;
    };
    const botoes = async () =>
      within(await screen.findByTestId('acoes-comunicado'))
        .getAllByRole('button')
        .map((b) => b.textContent);

    it('sends now, after saying to how many', async () => {
      const pedidos = comPrevia(rascunho({ dataHoraAgendamento: null }));
      abrir();
      expect(await botoes()).toEqual(['Enviar agora', 'Excluir']);
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Enviar agora' }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('Enviar "Campanha de revisão" agora a 1.250 usuários?');
      expect(dialog).toHaveTextContent(
        'O envio não pode ser desfeito: os destinatários são notificados neste momento.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Enviar agora' }));
      expect(await screen.findByText('Comunicado enviado a 1250 usuários')).toBeInTheDocument();
      expect(pedidos).toEqual([{ operacao: 'enviar', variables: { id: '77', version: 5, dataHoraAgendamento: null } }]);
    });

    it('schedules for the date saved with it', async () => {
      const quando = '2026-12-03T13:30:00.000Z';
      const pedidos = comPrevia(rascunho({ dataHoraAgendamento: quando }));
      abrir();
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('button', { name: 'Agendar envio' }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent(/^Agendar "Campanha de revisão" para 03\/12\/2026, \d\d:30\?/);
      await user.click(within(dialog).getByRole('button', { name: 'Agendar envio' }));
      await waitFor(() =>
        expect(pedidos).toEqual([
          { operacao: 'enviar', variables: { id: '77', version: 5, dataHoraAgendamento: quando } },
        ]),
      );
    });

    it('asks the approver saved with it, for an author who may not send', async () => {
      const pedidos = comPrevia(
        rascunho({ dataHoraAgendamento: null, acoes: ['salvar', 'enviarParaAprovacao', 'visualizarEnvio'] }),
      );
      abrir();
      expect(await botoes()).toEqual(['Enviar para aprovação']);
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Enviar para aprovação' }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('Enviar "Campanha de revisão" para a aprovação de Marta Aprovadora?');
      // A request for approval is not a send: said so.
      expect(dialog).toHaveTextContent(
        'Ninguém é notificado antes da decisão de Marta Aprovadora; até lá, o pedido pode ser retirado.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Enviar para aprovação' }));
      expect(await screen.findByText('Comunicado enviado para aprovação')).toBeInTheDocument();
      expect(pedidos).toEqual([
        {
          operacao: 'enviarParaAprovacao',
          variables: { id: '77', version: 5, dataHoraAgendamento: null, aprovadorId: '501' },
        },
      ]);
    });

    it('offers no send without an approver saved: back to editing to choose one', async () => {
      comPrevia(rascunho({ usuarioAprovador: null, acoes: ['salvar', 'enviarParaAprovacao', 'visualizarEnvio'] }));
      abrir();
      await screen.findByRole('link', { name: 'Voltar à edição' });
      expect(within(screen.getByTestId('acoes-comunicado')).queryAllByRole('button')).toEqual([]);
    });
  });
});
