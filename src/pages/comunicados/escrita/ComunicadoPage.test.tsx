import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenGetter } from '../../../../providers/dataProvider';
import { api, mockApiServer } from '../../../testing/mockApi';
import { queryStates } from '../../../testing/viewStates';
import type { Comunicado } from './comunicado';
import ComunicadoPage from './ComunicadoPage';
import {
  APROVADORES,
  DEPARTAMENTOS,
  ETIQUETAS,
  GRUPOS_ATIVOS,
  SERIES,
  limitesAnexosPadrao,
  rascunho,
} from './comunicados.fixtures';
import { comChaves, renderComunicados } from './renderComunicados';

let stored: Comunicado;
const calls: { operation: string; variables: Record<string, unknown> }[] = [];
const record = (operation: string, variables: Record<string, unknown>) => calls.push({ operation, variables });
const callsOf = (operation: string) => calls.filter((c) => c.operation === operation).map((c) => c.variables);

const CONFLICT = { message: 'Registro alterado por outro usuário', extensions: { code: 'CONFLICT' } };

const STATES = queryStates('comunicados_comunicado', {
  empty: () => ({ result: stored }),
  loaded: () => ({ result: stored }),
});

const server = mockApiServer(
  api.query('comunicados_departamentos', () => HttpResponse.json({ data: { result: DEPARTAMENTOS } })),
  api.query('comunicados_series', () =>
    HttpResponse.json({ data: { result: { content: SERIES, totalElements: SERIES.length } } }),
  ),
  api.query('comunicados_etiquetas', () =>
    HttpResponse.json({ data: { result: { content: ETIQUETAS, totalElements: ETIQUETAS.length } } }),
  ),
  // The server answers its first 50 by name; Zélia (further on) only to a search.
  api.query('comunicados_aprovadores', ({ variables }) => {
    record('aprovadores', variables);
    const busca = typeof variables.busca === 'string' ? variables.busca.toLowerCase() : null;
    const zelia = { id: '560', nome: 'Zélia Gerente', email: 'zelia@montadora.com' };
    const result = busca ? [...APROVADORES, zelia].filter((a) => a.nome.toLowerCase().includes(busca)) : APROVADORES;
    return HttpResponse.json({ data: { result } });
  }),
  limitesAnexosPadrao(),
  api.query('comunicados_previaDestinatarios', ({ variables }) => {
    record('previaDestinatarios', variables);
    return HttpResponse.json({ data: { result: 128 } });
  }),
  api.query('gruposUsuarios_ativos', () => HttpResponse.json({ data: { result: GRUPOS_ATIVOS } })),
  api.mutation('comunicados_salvar', ({ variables }) => {
    record('salvar', variables);
    const input = variables.comunicado as Record<string, unknown>;
    stored = { ...stored, id: String(input.id ?? '78'), version: Number(input.version ?? 0) + 1 };
    return HttpResponse.json({ data: { result: stored } });
  }),
  api.mutation('comunicados_enviar', ({ variables }) => {
    record('enviar', variables);
    stored = {
      ...stored,
      version: stored.version + 1,
      status: { id: 'ENVIADO', description: 'Enviado' },
      envioDateTime: '2026-11-26T20:00:00.000Z',
      destinatarios: 128,
      acoes: ['errata', 'arquivar', 'dashboard', 'lembrete', 'visualizarEnvio'],
    };
    return HttpResponse.json({ data: { result: stored } });
  }),
  api.mutation('comunicados_enviarParaAprovacao', ({ variables }) => {
    record('enviarParaAprovacao', variables);
    stored = {
      ...stored,
      version: stored.version + 1,
      status: { id: 'EM_APROVACAO', description: 'Em aprovação' },
      detentoresAprovacao: [APROVADORES[0]!],
      acoes: ['retirarDaAprovacao', 'visualizarEnvio'],
    };
    return HttpResponse.json({ data: { result: stored } });
  }),
  api.mutation('comunicados_rejeitar', ({ variables }) => {
    record('rejeitar', variables);
    stored = {
      ...stored,
      version: stored.version + 1,
      status: { id: 'REJEITADO', description: 'Rejeitado' },
      motivoRejeicao: String(variables.motivo),
      acoes: ['visualizarEnvio'],
    };
    return HttpResponse.json({ data: { result: stored } });
  }),
);

beforeEach(() => {
  setAccessTokenGetter(async () => 'token');
  stored = rascunho();
  calls.length = 0;
});

const user = () => userEvent.setup({ delay: null });
// A form of many fields with the rich-text editor: slower than a list under a parallel run.
vi.setConfig({ testTimeout: 20_000 });
const PAGES = { comunicadosNovo: ComunicadoPage, comunicadosEditar: ComunicadoPage };
const SO_CRIACAO = comChaves(['PORTAL_CRIACAO_COMUNICADOS']);
const editar = (auth?: Parameters<typeof renderComunicados>[2]) =>
  renderComunicados(PAGES, '/comunicados/editar/77', auth);
const titulo = () => screen.findByRole('textbox', { name: /^Título/ });
const botoes = () =>
  within(screen.getByTestId('acoes-comunicado'))
    .getAllByRole('button')
    .map((b) => b.textContent);
/** What each question says follows: a send is for good, a schedule and a request can be taken back. */
const DEPOIS = {
  enviar: 'O envio não pode ser desfeito: os destinatários são notificados neste momento.',
  agendar: 'Os destinatários são notificados na data marcada; até lá, o agendamento pode ser cancelado.',
  aprovacao: 'Ninguém é notificado antes da decisão de Rui Diretor; até lá, o pedido pode ser retirado.',
};
/** A send is asked first: the dialog's question and what follows it, then its button. */
async function confirmar(pergunta: string, botao: string) {
  const dialogo = await screen.findByRole('dialog');
  expect(dialogo).toHaveTextContent(pergunta);
  const depois =
    botao === 'Enviar agora' ? DEPOIS.enviar : botao === 'Agendar envio' ? DEPOIS.agendar : DEPOIS.aprovacao;
  expect(dialogo).toHaveTextContent(depois);
  // Nothing of the others (a request for approval is not a send).
  for (const outro of Object.values(DEPOIS).filter((d) => d !== depois)) expect(dialogo).not.toHaveTextContent(outro);
  await user().click(within(dialogo).getByRole('button', { name: botao }));
}

describe('/comunicados/editar/{id}', () => {
  it('shows a loading state (Loading)', () => {
    server.use(...STATES.Loading);
    editar();
    expect(screen.getByRole('heading', { level: 1, name: 'Editar comunicado' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
  });

  it('says it could not be loaded, and tries again (Error)', async () => {
    server.use(...STATES.Error);
    editar();
    expect(await screen.findByText('Não foi possível realizar a ação')).toBeVisible();
    await user().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await titulo()).toHaveValue('Campanha de revisão');
  });

  it('fills every field of the draft, with the signature, and the buttons of its acoes (Loaded)', async () => {
    server.use(...STATES.Loaded);
    editar();
    expect(await titulo()).toHaveValue('Campanha de revisão');
    expect(screen.getByText('Rascunho')).toBeInTheDocument();
    expect(await screen.findByRole('note', { name: 'Assinatura' })).toHaveTextContent('Equipe de RH');
    expect(screen.getByRole('button', { name: 'Gerentes de vendas' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'E-mails avulsos' })).getByText('fornecedor@externo.com'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Beto Removido (beto@dealer.com)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recall' })).toBeInTheDocument();
    expect(screen.getByText('tabela.pdf')).toBeInTheDocument();
    expect(screen.getByText('1,5 MB')).toBeInTheDocument();
    expect(screen.getByText('Total dos anexos: 1,5 MB de 50 MB')).toBeInTheDocument();
    expect(screen.getByText('Até 25 MB por arquivo e 50 MB no total')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Os destinatários devem confirmar "li e entendi"' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Agendar' })).toBeChecked();
    expect(await screen.findByText('Alcança 128 usuários')).toBeInTheDocument();
    // An author holding the approval key sends (or schedules) without asking anyone.
    expect(botoes()).toEqual(['Salvar rascunho', 'Agendar envio', 'Visualizar envio', 'Excluir']);
    expect(screen.queryByRole('combobox', { name: /Aprovador/ })).not.toBeInTheDocument();
  });

  it('saves every field with the version read (nothing dropped on an edit round trip)', async () => {
    server.use(...STATES.Loaded);
    editar();
    await titulo();
    await screen.findByRole('note', { name: 'Assinatura' });
    await user().click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    await waitFor(() => expect(callsOf('salvar')).toHaveLength(1));
    const original = rascunho();
    expect(callsOf('salvar')[0]).toEqual({
      comunicado: {
        id: '77',
        version: 5,
        titulo: 'Campanha de revisão',
        mensagem: expect.stringContaining('Revisem os freios.'),
        departamentoId: '3',
        grupoIds: ['21'],
        usuarioRemovidoIds: ['610'],
        emailsAvulsos: ['fornecedor@externo.com'],
        etiquetas: ['Recall'],
        serieId: '8',
        arquivoIds: ['1201'],
        exigeConfirmacao: true,
        templateName: 'padrao',
        aprovadorId: '501',
        dataHoraAgendamento: expect.any(String),
      },
    });
    // The schedule keeps its minute (datetime-local has no seconds).
    const enviado = Date.parse(
      (callsOf('salvar')[0]!.comunicado as { dataHoraAgendamento: string }).dataHoraAgendamento,
    );
    expect(Math.abs(enviado - Date.parse(original.dataHoraAgendamento!))).toBeLessThan(60_000);
    expect(await screen.findByText('Rascunho salvo')).toBeInTheDocument();
  });

  it('says so when someone else saved it first (CONFLICT), and reloads', async () => {
    server.use(
      ...STATES.Loaded,
      api.mutation('comunicados_salvar', () => HttpResponse.json({ data: null, errors: [CONFLICT] })),
    );
    editar();
    const campo = await titulo();
    await user().clear(campo);
    await user().type(campo, 'Campanha de revisão (v2)');
    await user().click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent('Este comunicado foi alterado');
    expect(alerta).toHaveTextContent('Outra pessoa salvou este comunicado depois que você o abriu');
    // What was typed stays until the author chooses to reload.
    expect(await titulo()).toHaveValue('Campanha de revisão (v2)');
    stored = rascunho({ version: 6, titulo: 'Título de outra pessoa' });
    await user().click(within(alerta).getByRole('button', { name: 'Recarregar' }));
    await waitFor(async () => expect(await titulo()).toHaveValue('Título de outra pessoa'));
    expect(screen.queryByText('Este comunicado foi alterado')).not.toBeInTheDocument();
  });

  it('sends now: saves first, then sends the saved version', async () => {
    server.use(...STATES.Loaded);
    stored = rascunho({ dataHoraAgendamento: null });
    editar();
    await titulo();
    expect(screen.getByRole('radio', { name: 'Enviar agora' })).toBeChecked();
    await user().click(screen.getByRole('button', { name: 'Enviar agora' }));
    expect(callsOf('salvar')).toEqual([]);
    await confirmar('Salvar e enviar "Campanha de revisão" agora?', 'Enviar agora');
    expect(await screen.findByText('Comunicado enviado a 128 usuários')).toBeInTheDocument();
    expect(callsOf('salvar')).toHaveLength(1);
    expect(callsOf('enviar')).toEqual([{ id: '77', version: 6, dataHoraAgendamento: null }]);
    // Sent: no form any more, its state and the actions a sent one has.
    expect(await screen.findByText(/a 128 usuários$/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Título/ })).not.toBeInTheDocument();
    expect(botoes()).toEqual(['Escrever errata', 'Dashboard', 'Visualizar envio']);
  });

  it('refuses a schedule less than an hour ahead before asking the server', async () => {
    server.use(...STATES.Loaded);
    editar();
    await titulo();
    const quando = screen.getByLabelText(/Data e hora do envio/);
    const emMeiaHora = new Date(Date.now() + 30 * 60 * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    fireEvent.change(quando, {
      target: {
        value: `${emMeiaHora.getFullYear()}-${pad(emMeiaHora.getMonth() + 1)}-${pad(emMeiaHora.getDate())}T${pad(emMeiaHora.getHours())}:${pad(emMeiaHora.getMinutes())}`,
      },
    });
    await user().click(screen.getByRole('button', { name: 'Agendar envio' }));
    expect(
      await screen.findByText('O agendamento deve ser para pelo menos 1 hora a partir de agora'),
    ).toBeInTheDocument();
    expect(callsOf('salvar')).toEqual([]);
    expect(callsOf('enviar')).toEqual([]);
  });

  it("shows the server's field errors under their fields (the schedule checked by the server's clock)", async () => {
    server.use(
      ...STATES.Loaded,
      api.mutation('comunicados_enviar', () =>
        HttpResponse.json({
          data: null,
          errors: [
            {
              message: 'Verifique os dados!',
              extensions: {
                code: 'BAD_USER_INPUT',
                fieldErrors: {
                  dataHoraAgendamento: 'O agendamento deve ser para pelo menos 1 hora a partir de agora',
                  grupoIds: 'O grupo selecionado não possui destinatários',
                },
              },
            },
          ],
        }),
      ),
    );
    editar();
    await titulo();
    await user().click(screen.getByRole('button', { name: 'Agendar envio' }));
    await confirmar('Agendar "Campanha de revisão" para', 'Agendar envio');
    expect(await screen.findByText('O grupo selecionado não possui destinatários')).toBeInTheDocument();
    expect(screen.getByText('O agendamento deve ser para pelo menos 1 hora a partir de agora')).toBeInTheDocument();
  });

  it('shows the rejection reason to the author, and the form to fix it', async () => {
    server.use(...STATES.Loaded);
    stored = rascunho({
      status: { id: 'REJEITADO', description: 'Rejeitado' },
      motivoRejeicao: 'Falta a tabela de preços anexa.',
      decididoPor: APROVADORES[0]!,
    });
    editar();
    expect(await screen.findByText('Rejeitado por Marta Aprovadora')).toBeInTheDocument();
    expect(screen.getByText('Falta a tabela de preços anexa.')).toBeInTheDocument();
    expect(await titulo()).toBeInTheDocument();
  });

  it('lets the holder of the approval approve or reject with a reason, and shows no form', async () => {
    server.use(...STATES.Loaded);
    stored = rascunho({
      status: { id: 'EM_APROVACAO', description: 'Em aprovação' },
      detentoresAprovacao: [APROVADORES[0]!],
      acoes: ['aprovar', 'rejeitar', 'visualizarEnvio'],
    });
    editar(comChaves(['PORTAL_APROVACAO_ENVIO_COMUNICADOS']));
    expect(await screen.findByText('Aguardando a aprovação de Marta Aprovadora')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Campanha de revisão' })).toBeInTheDocument();
    expect(screen.getByText('Revisem os freios.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Título/ })).not.toBeInTheDocument();
    expect(botoes()).toEqual(['Aprovar', 'Rejeitar', 'Visualizar envio']);

    await user().click(screen.getByRole('button', { name: 'Rejeitar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rejeitar comunicado' });
    await user().click(within(dialog).getByRole('button', { name: 'Rejeitar' }));
    expect(await within(dialog).findByText('Campo obrigatório')).toBeInTheDocument();
    expect(callsOf('rejeitar')).toEqual([]);
    await user().type(within(dialog).getByRole('textbox', { name: 'Motivo da rejeição' }), 'Faltam os anexos.');
    await user().click(within(dialog).getByRole('button', { name: 'Rejeitar' }));
    await waitFor(() => expect(callsOf('rejeitar')).toEqual([{ id: '77', version: 5, motivo: 'Faltam os anexos.' }]));
    expect(await screen.findByText('Faltam os anexos.')).toBeInTheDocument();
  });

  it('approves after confirming, with the version read', async () => {
    server.use(
      ...STATES.Loaded,
      api.mutation('comunicados_aprovar', ({ variables }) => {
        record('aprovar', variables);
        stored = {
          ...stored,
          version: 6,
          status: { id: 'AGENDADO', description: 'Agendado' },
          acoes: ['cancelarAgendamento', 'visualizarEnvio'],
        };
        return HttpResponse.json({ data: { result: stored } });
      }),
    );
    stored = rascunho({
      status: { id: 'EM_APROVACAO', description: 'Em aprovação' },
      detentoresAprovacao: [APROVADORES[0]!],
      acoes: ['aprovar', 'rejeitar', 'visualizarEnvio'],
    });
    const { location } = editar(comChaves(['PORTAL_APROVACAO_ENVIO_COMUNICADOS']));
    await user().click(await screen.findByRole('button', { name: 'Aprovar' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Aprovar o comunicado "Campanha de revisão"?');
    // Approving sends it: said as a send is.
    expect(dialog).toHaveTextContent('Aprovado, o comunicado é enviado aos destinatários neste momento');
    await user().click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(callsOf('aprovar')).toEqual([{ id: '77', version: 5 }]));
    expect(await screen.findByText(/^Agendado para /)).toBeInTheDocument();
    expect(botoes()).toEqual(['Cancelar agendamento', 'Visualizar envio']);
    await user().click(screen.getByRole('button', { name: 'Visualizar envio' }));
    await waitFor(() => expect(location()).toBe('/comunicados/visualizarEnvio/77'));
  });

  it('offers the reload when the approval finds it changed by someone else (CONFLICT)', async () => {
    server.use(
      ...STATES.Loaded,
      api.mutation('comunicados_aprovar', () => HttpResponse.json({ data: null, errors: [CONFLICT] })),
    );
    stored = rascunho({
      status: { id: 'EM_APROVACAO', description: 'Em aprovação' },
      detentoresAprovacao: [APROVADORES[0]!],
      acoes: ['aprovar', 'rejeitar', 'visualizarEnvio'],
    });
    editar(comChaves(['PORTAL_APROVACAO_ENVIO_COMUNICADOS']));
    await user().click(await screen.findByRole('button', { name: 'Aprovar' }));
    const dialog = await screen.findByRole('dialog');
    await user().click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    // The dialog says the refusal; behind it, the page offers the reload.
    expect(await within(dialog).findByText('Registro alterado por outro usuário')).toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    const alerta = (await screen.findByText('Este comunicado foi alterado')).closest<HTMLElement>('[role="alert"]')!;
    stored = rascunho({ version: 6, status: { id: 'AGENDADO', description: 'Agendado' }, acoes: ['visualizarEnvio'] });
    await user().click(within(alerta).getByRole('button', { name: 'Recarregar' }));
    expect(await screen.findByText(/^Agendado para /)).toBeInTheDocument();
  });

  it('names the message editor (the element that takes the focus) by its label, as a multi-line textbox', async () => {
    server.use(...STATES.Loaded);
    editar();
    await titulo();
    const mensagem = await screen.findByRole('textbox', { name: 'Mensagem' });
    expect(mensagem).toHaveAttribute('contenteditable', 'true');
    expect(mensagem).toHaveAttribute('aria-multiline', 'true');
    // Required, as the title is: the label's asterisk and aria-required.
    expect(mensagem).toHaveAttribute('aria-required', 'true');
    const rotulo = [...document.querySelectorAll('[id$="-label"]')].find((e) => e.textContent?.startsWith('Mensagem'));
    expect(rotulo?.textContent).toMatch(/^Mensagem\s*\*/);
    expect(mensagem).toHaveTextContent('Revisem os freios.');
  });

  it('uploads an image from the editor and keeps the link the upload answered (with its hash) in the message saved', async () => {
    const link = `/api/comunicados/imagens/1300/${'ab'.repeat(32)}`;
    server.use(
      ...STATES.Loaded,
      // As server/features/comunicados/anexos.ts answers an image: its link carries the content's hash.
      http.post('*/api/upload/comunicado', () =>
        HttpResponse.json(
          { id: 1300, nome: 'mapa.png', tamanho: 2048, tipoMime: 'image/png', imagemLink: link },
          { status: 201 },
        ),
      ),
    );
    editar();
    await titulo();
    expect(await screen.findByRole('button', { name: 'H2 · Título' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'H3 · Subtítulo' })).toBeInTheDocument();
    const imagem = await screen.findByRole('button', { name: 'Inserir imagem' });
    const input = imagem.parentElement!.querySelector('input[type="file"]') as HTMLInputElement;
    await user().upload(input, new File(['png'], 'mapa.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(document.querySelector('.ProseMirror img[alt="mapa.png"]')).toHaveAttribute('src', link),
    );
    await user().click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    await waitFor(() => expect(callsOf('salvar')).toHaveLength(1));
    expect((callsOf('salvar')[0]!.comunicado as { mensagem: string }).mensagem).toContain(`src="${link}"`);
  });

  it("adds, changes and removes a link through the editor's dialog, refusing an address the portal does not keep", async () => {
    server.use(...STATES.Loaded);
    editar();
    await titulo();
    const mensagem = await screen.findByRole('textbox', { name: 'Mensagem' });
    const editor = (mensagem as HTMLElement & { editor: import('@tiptap/core').Editor }).editor;
    const botao = screen.getByRole('button', { name: 'Link' });
    const dialogo = async () => within(await screen.findByRole('dialog'));

    // Nothing selected: the dialog asks for the text too; a script address is refused, nothing added.
    editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    await user().click(botao);
    let d = await dialogo();
    expect(d.getByRole('heading', { name: 'Inserir link' })).toBeInTheDocument();
    await user().type(d.getByRole('textbox', { name: 'Endereço' }), 'javascript:alert(1)');
    await user().type(d.getByRole('textbox', { name: 'Texto do link' }), 'Manual de freios');
    await user().click(d.getByRole('button', { name: 'Aplicar' }));
    expect(d.getByText('Informe um endereço http://, https://, um e-mail ou uma página do portal')).toBeInTheDocument();
    // The refused field takes the focus (its message is heard).
    expect(d.getByRole('textbox', { name: 'Endereço' })).toHaveFocus();
    expect(mensagem.querySelector('a')).toBeNull();
    // A bare host becomes https://, submitted with Enter; the focus is back in the editor.
    await user().clear(d.getByRole('textbox', { name: 'Endereço' }));
    await user().type(d.getByRole('textbox', { name: 'Endereço' }), 'rede.test/freios{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mensagem.querySelector('a')).toHaveAttribute('href', 'https://rede.test/freios');
    expect(mensagem.querySelector('a')).toHaveTextContent('Manual de freios');
    await waitFor(() => expect(mensagem).toHaveFocus());

    // On the link: the dialog shows its address, changes it (the whole link, not only the cursor's letter).
    const dentro = editor.state.doc.content.size - 4;
    editor.commands.setTextSelection(dentro);
    await user().click(botao);
    d = await dialogo();
    expect(d.getByRole('heading', { name: 'Editar link' })).toBeInTheDocument();
    const texto = d.getByRole('textbox', { name: 'Texto do link' });
    expect(texto).toHaveValue('Manual de freios');
    const endereco = d.getByRole('textbox', { name: 'Endereço' });
    expect(endereco).toHaveValue('https://rede.test/freios');
    await user().clear(endereco);
    await user().type(endereco, 'oficina@rede.test');
    await user().clear(texto);
    await user().type(texto, 'Manual dos freios');
    await user().click(d.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mensagem.querySelectorAll('a')).toHaveLength(1);
    expect(mensagem.querySelector('a')).toHaveAttribute('href', 'mailto:oficina@rede.test');
    expect(mensagem.querySelector('a')).toHaveTextContent(/^Manual dos freios$/);
    await user().click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    await waitFor(() => expect(callsOf('salvar')).toHaveLength(1));
    expect((callsOf('salvar')[0]!.comunicado as { mensagem: string }).mensagem).toMatch(
      /<a [^>]*href="mailto:oficina@rede.test"[^>]*>Manual dos freios<\/a>/,
    );

    // Removed, the text stays.
    editor.commands.setTextSelection(dentro);
    await user().click(botao);
    d = await dialogo();
    await user().click(d.getByRole('button', { name: 'Remover link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mensagem.querySelector('a')).toBeNull();
    expect(mensagem).toHaveTextContent('Manual dos freios');
  });

  it('says so and inserts nothing when the upload is not an image (no link answered)', async () => {
    server.use(
      ...STATES.Loaded,
      http.post('*/api/upload/comunicado', () =>
        HttpResponse.json(
          { id: 1301, nome: 'mapa.png', tamanho: 2048, tipoMime: 'application/pdf', imagemLink: null },
          { status: 201 },
        ),
      ),
    );
    editar();
    await titulo();
    const imagem = await screen.findByRole('button', { name: 'Inserir imagem' });
    const input = imagem.parentElement!.querySelector('input[type="file"]') as HTMLInputElement;
    await user().upload(input, new File(['%PDF'], 'mapa.png', { type: 'image/png' }));
    expect(await screen.findByText('Não foi possível enviar a imagem')).toBeInTheDocument();
    expect(document.querySelector('.ProseMirror img')).toBeNull();
  });

  it('shows a sent one read-only with its errata, and opens the erratum form', async () => {
    server.use(...STATES.Loaded);
    stored = rascunho({
      status: { id: 'ENVIADO', description: 'Enviado' },
      envioDateTime: '2026-11-25T10:00:00.000Z',
      destinatarios: 3,
      erratas: [
        { id: '91', titulo: 'Errata: data', justificativa: 'A data do recall era outra.', envioDateTime: null },
      ],
      acoes: ['errata', 'dashboard', 'visualizarEnvio'],
    });
    const { location } = editar();
    expect(await screen.findByText(/a 3 usuários$/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Comunicado' })).toBeInTheDocument();
    const erratas = screen.getByRole('region', { name: 'Erratas' });
    expect(erratas).toHaveTextContent('Errata: data');
    expect(erratas).toHaveTextContent('A data do recall era outra.');
    expect(screen.queryByRole('textbox', { name: /^Título/ })).not.toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Escrever errata' }));
    await waitFor(() => expect(location()).toBe('/comunicados/errata/77'));
  });

  it('marks the loose e-mail the server refused (emailsAvulsos.<index>)', async () => {
    server.use(
      ...STATES.Loaded,
      api.mutation('comunicados_salvar', () =>
        HttpResponse.json({
          data: null,
          errors: [
            {
              message: 'Verifique os dados!',
              extensions: { code: 'BAD_USER_INPUT', fieldErrors: { 'emailsAvulsos.1': 'E-mail inválido' } },
            },
          ],
        }),
      ),
    );
    stored = rascunho({
      emailsAvulsos: [
        { email: 'fornecedor@externo.com', status: null },
        { email: 'outro@externo.com', status: null },
      ],
    });
    editar();
    await titulo();
    await user().click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    expect(await screen.findByText('E-mail inválido')).toBeInTheDocument();
    const chips = within(screen.getByRole('list', { name: 'E-mails avulsos' })).getAllByRole('listitem');
    expect(chips[1]).toHaveClass('MuiChip-colorError');
    expect(chips[0]).not.toHaveClass('MuiChip-colorError');
  });

  it('deletes a draft after confirming and goes back to the list', async () => {
    server.use(
      ...STATES.Loaded,
      api.mutation('comunicados_excluir', ({ variables }) => {
        record('excluir', variables);
        return HttpResponse.json({ data: { result: true } });
      }),
    );
    const { location } = editar();
    await titulo();
    await user().click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Excluir o rascunho "Campanha de revisão"?');
    await user().click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(callsOf('excluir')).toEqual([{ id: '77', version: 5 }]));
    await waitFor(() => expect(location()).toBe('/comunicados'));
  });

  it('validates each loose e-mail as it is added', async () => {
    server.use(...STATES.Loaded);
    editar();
    await titulo();
    const campo = screen.getByRole('textbox', { name: 'E-mails avulsos' });
    await user().type(campo, 'nao-e-email{Enter}');
    expect(await screen.findByText('E-mail inválido')).toBeInTheDocument();
    await user().clear(campo);
    await user().type(campo, 'Novo@Externo.com{Enter}');
    const chips = within(screen.getByRole('list', { name: 'E-mails avulsos' })).getAllByRole('listitem');
    expect(chips.map((c) => c.textContent)).toEqual(['fornecedor@externo.com', 'novo@externo.com']);
  });
});

describe('/comunicados/editar/{id}, attachments', () => {
  const MB = 1_000_000;
  const arquivo = (nome: string, bytes: number) => {
    const file = new File(['%PDF-1.7'], nome, { type: 'application/pdf' });
    Object.defineProperty(file, 'size', { value: bytes });
    return file;
  };
  const input = () => screen.getByTestId('anexos-input') as HTMLInputElement;

  it('refuses a file over the limits the server is configured with, and says them', async () => {
    server.use(
      ...STATES.Loaded,
      api.query('comunicados_limitesAnexos', () =>
        HttpResponse.json({ data: { result: { porArquivo: 10 * MB, total: 30 * MB } } }),
      ),
    );
    editar();
    await titulo();
    expect(await screen.findByText('Até 10 MB por arquivo e 30 MB no total')).toBeInTheDocument();
    await user().upload(input(), arquivo('medio.pdf', 11 * MB));
    expect(await screen.findByText('Anexo grande demais: o máximo é 10 MB por arquivo')).toBeInTheDocument();
  });

  it('refuses a file over the limit before sending it, uploads the others and saves their ids', async () => {
    const enviados: { url: string; nome: string | undefined; authorization: string | null }[] = [];
    server.use(
      ...STATES.Loaded,
      http.post('*/api/upload/comunicado', async ({ request }) => {
        const file = (await request.formData()).get('arquivo');
        enviados.push({
          url: new URL(request.url).search,
          nome: file instanceof File ? file.name : undefined,
          authorization: request.headers.get('authorization'),
        });
        return HttpResponse.json(
          { id: 1300, nome: 'preços.pdf', tamanho: 2 * MB, tipoMime: 'application/pdf' },
          { status: 201 },
        );
      }),
    );
    editar();
    await titulo();
    await user().upload(input(), arquivo('enorme.pdf', 26 * MB));
    expect(await screen.findByText('Anexo grande demais: o máximo é 25 MB por arquivo')).toBeInTheDocument();
    expect(enviados).toEqual([]);

    await user().upload(input(), arquivo('precos.pdf', 2 * MB));
    expect(await screen.findByRole('button', { name: 'Remover o anexo preços.pdf' })).toBeInTheDocument();
    // The name the server stored is the one shown.
    expect(enviados).toEqual([{ url: '?idComunicado=77', nome: 'precos.pdf', authorization: 'Bearer token' }]);
    expect(screen.getByText('Total dos anexos: 3,5 MB de 50 MB')).toBeInTheDocument();

    // By keyboard: the focus goes from a removed row's button to the nearest row's, not to the page's body.
    const outro = screen.getByRole('button', { name: 'Remover o anexo preços.pdf' });
    screen.getByRole('button', { name: 'Remover o anexo tabela.pdf' }).focus();
    await user().keyboard('{Enter}');
    await waitFor(() => expect(outro).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Remover o anexo tabela.pdf' })).not.toBeInTheDocument();
    // The refused file stays listed until discarded: the form does not drop a chosen file silently.
    screen.getByRole('button', { name: 'Descartar o anexo com erro enorme.pdf' }).focus();
    await user().keyboard('{Enter}');
    await waitFor(() => expect(outro).toHaveFocus());
    await user().click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    await waitFor(() => expect(callsOf('salvar')).toHaveLength(1));
    expect(callsOf('salvar')[0]).toMatchObject({ comunicado: { arquivoIds: ['1300'] } });
  });

  it("shows the server's refusal under the file (e.g. the total over the configured limit)", async () => {
    server.use(
      ...STATES.Loaded,
      http.post('*/api/upload/comunicado', () =>
        HttpResponse.json(
          { code: 'BAD_USER_INPUT', message: 'Os anexos somam mais que o máximo de 20 MB' },
          { status: 413 },
        ),
      ),
    );
    editar();
    await titulo();
    await user().upload(input(), arquivo('grande.pdf', 10 * MB));
    expect(await screen.findByText('Os anexos somam mais que o máximo de 20 MB')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover o anexo grande.pdf' })).not.toBeInTheDocument();
  });

  it('saves and sends nothing while an attachment failed, until it is discarded', async () => {
    server.use(
      ...STATES.Loaded,
      http.post('*/api/upload/comunicado', () =>
        HttpResponse.json({ code: 'BAD_USER_INPUT', message: 'Tipo de anexo não permitido' }, { status: 415 }),
      ),
    );
    editar();
    await titulo();
    await user().upload(input(), arquivo('manual.txt', 1024));
    expect(await screen.findByText('Tipo de anexo não permitido')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    expect(await screen.findByText('Aguarde o envio dos anexos ou descarte os que deram erro')).toBeInTheDocument();
    expect(callsOf('salvar')).toEqual([]);

    await user().click(screen.getByRole('button', { name: 'Descartar o anexo com erro manual.txt' }));
    expect(screen.queryByText('Aguarde o envio dos anexos ou descarte os que deram erro')).not.toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    await waitFor(() => expect(callsOf('salvar')).toHaveLength(1));
  });
});

describe('/comunicados/novo', () => {
  it('asks a creator without the approval key for an approver, and checks the send before asking (Empty)', async () => {
    renderComunicados(PAGES, '/comunicados/novo', SO_CRIACAO);
    expect(screen.getByRole('heading', { level: 1, name: 'Novo comunicado' })).toBeInTheDocument();
    await titulo();
    await waitFor(() => expect(botoes()).toEqual(['Salvar rascunho', 'Enviar para aprovação']));
    expect(screen.getByRole('combobox', { name: /Aprovador/ })).toBeInTheDocument();
    expect(screen.getByText('Escolha grupos para ver quantos usuários recebem')).toBeInTheDocument();
    // The message's editor loads apart (run alone, the test clicked before it was there).
    await screen.findByRole('textbox', { name: 'Mensagem' });

    await user().click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    expect(await screen.findAllByText('Campo obrigatório')).toHaveLength(2);
    expect(callsOf('salvar')).toEqual([]);

    await user().type(await titulo(), 'Aviso');
    await user().click(screen.getByRole('button', { name: 'Enviar para aprovação' }));
    await waitFor(() => expect(screen.getAllByText('Campo obrigatório')).toHaveLength(1));
    // The send's own rules come with the draft's, not on the next click.
    expect(
      screen.getByText('Escolha pelo menos um destinatário: um grupo de usuários ou um e-mail'),
    ).toBeInTheDocument();
    expect(screen.getByText('Escolha um aprovador')).toBeInTheDocument();
    expect(callsOf('salvar')).toEqual([]);
  });

  it('keeps the form, and the focus on Save, when the first save moves it to /comunicados/editar/{id}', async () => {
    server.use(...STATES.Loaded);
    const { location } = renderComunicados(PAGES, '/comunicados/novo');
    const campo = await titulo();
    await user().type(campo, 'Aviso');
    await user().click(await screen.findByRole('textbox', { name: 'Mensagem' }));
    await user().keyboard('Texto do aviso');
    screen.getByRole('button', { name: 'Salvar rascunho' }).focus();
    await user().keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/comunicados/editar/78'));
    expect(await screen.findByText('Rascunho salvo')).toBeInTheDocument();
    // The same field, not one built anew: what was typed and where the keyboard was stay.
    expect(await titulo()).toBe(campo);
    expect(campo).toHaveValue('Aviso');
    expect(screen.getByRole('button', { name: 'Salvar rascunho' })).toHaveFocus();
    expect(callsOf('salvar')).toHaveLength(1);
  });

  it('offers an author holding the approval key to send now', async () => {
    renderComunicados(PAGES, '/comunicados/novo');
    await titulo();
    await waitFor(() => expect(botoes()).toEqual(['Salvar rascunho', 'Enviar agora']));
    expect(screen.queryByRole('combobox', { name: /Aprovador/ })).not.toBeInTheDocument();
  });

  it('starts with the standard e-mail layout, and offers the layouts only (no empty choice)', async () => {
    renderComunicados(PAGES, '/comunicados/novo');
    await titulo();
    const modelo = screen.getByRole('combobox', { name: /^Modelo de e-mail/ });
    expect(modelo).toHaveTextContent('Padrão');
    await user().click(modelo);
    const opcoes = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(opcoes.map((o) => o.textContent)).toEqual(['Padrão', 'Destaque', 'Simples']);
  });
});

describe('/comunicados/editar/{id}, asking for approval', () => {
  /** A creator's draft with no recipient, approver or schedule chosen yet. */
  const semEscolhas = (extra: Partial<Comunicado> = {}) =>
    rascunho({
      grupos: [],
      emailsAvulsos: [],
      usuarioAprovador: null,
      dataHoraAgendamento: null,
      acoes: ['salvar', 'excluir', 'enviarParaAprovacao', 'visualizarEnvio'],
      ...extra,
    });

  it('needs a recipient and an approver, then saves and submits to the approver chosen', async () => {
    server.use(...STATES.Loaded);
    stored = semEscolhas();
    editar(SO_CRIACAO);
    await titulo();
    await user().click(screen.getByRole('button', { name: 'Enviar para aprovação' }));
    expect(
      await screen.findByText('Escolha pelo menos um destinatário: um grupo de usuários ou um e-mail'),
    ).toBeInTheDocument();
    expect(screen.getByText('Escolha um aprovador')).toBeInTheDocument();
    expect(callsOf('salvar')).toEqual([]);

    await user().type(screen.getByRole('textbox', { name: 'E-mails avulsos' }), 'loja@externo.com{Enter}');
    await user().click(screen.getByRole('combobox', { name: /Aprovador/ }));
    await user().click(await screen.findByRole('option', { name: 'Rui Diretor (rui@montadora.com)' }));
    await user().click(screen.getByRole('button', { name: 'Enviar para aprovação' }));
    await confirmar('para a aprovação de Rui Diretor?', 'Enviar para aprovação');
    expect(await screen.findByText('Comunicado enviado para aprovação')).toBeInTheDocument();
    expect(callsOf('salvar')[0]).toMatchObject({
      comunicado: { emailsAvulsos: ['loja@externo.com'], aprovadorId: '502', version: 5 },
    });
    expect(callsOf('enviarParaAprovacao')).toEqual([
      { id: '77', version: 6, aprovadorId: '502', dataHoraAgendamento: null },
    ]);
    expect(await screen.findByText('Aguardando a aprovação de Marta Aprovadora')).toBeInTheDocument();
    expect(botoes()).toEqual(['Retirar da aprovação', 'Visualizar envio']);
    // Its button gone with the draft's, the page's title has the focus, not the page's body.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  /** A creator's draft with its approver field open on the server's first answer (Marta first); answers the field. */
  async function aprovadoresAbertos() {
    server.use(...STATES.Loaded);
    stored = semEscolhas();
    editar(SO_CRIACAO);
    await titulo();
    const campo = screen.getByRole('combobox', { name: /Aprovador/ });
    await user().click(campo);
    expect(await screen.findByRole('option', { name: 'Marta Aprovadora (marta@montadora.com)' })).toBeInTheDocument();
    return campo;
  }

  it('finds an approver by what is typed, on the server (it answers the first 50 by name only)', async () => {
    const campo = await aprovadoresAbertos();
    expect(screen.queryByRole('option', { name: /Zélia/ })).not.toBeInTheDocument();
    await user().type(campo, 'zél');
    await user().click(await screen.findByRole('option', { name: 'Zélia Gerente (zelia@montadora.com)' }));
    expect(campo).toHaveValue('Zélia Gerente (zelia@montadora.com)');
    expect(callsOf('aprovadores').at(-1)).toEqual({ busca: 'zél' });
  });

  it('offers nothing to choose while what is typed waits for its answer (a quick Enter chose from the list before)', async () => {
    const campo = await aprovadoresAbertos();
    await user().type(campo, 'rui{ArrowDown}{Enter}');
    expect(screen.queryByRole('option', { name: /Marta/ })).not.toBeInTheDocument();
    expect(campo).toHaveValue('rui');
    await user().click(await screen.findByRole('option', { name: 'Rui Diretor (rui@montadora.com)' }));
    expect(campo).toHaveValue('Rui Diretor (rui@montadora.com)');
  });

  it("sends an erratum's draft to the original's recipients: no recipients to choose, the justification shown", async () => {
    server.use(...STATES.Loaded);
    stored = semEscolhas({ idParent: '41', justificativa: 'A data publicada estava errada' });
    editar(SO_CRIACAO);
    await titulo();
    const aviso = screen.getByText('Esta é uma errata').closest<HTMLElement>('[role="note"]')!;
    expect(aviso).toHaveTextContent('Esta é uma errata');
    expect(aviso).toHaveTextContent('Vai para os destinatários do comunicado original.');
    expect(aviso).toHaveTextContent('A data publicada estava errada');
    expect(within(aviso).getByRole('link', { name: 'Ver o comunicado original' })).toHaveAttribute(
      'href',
      '/comunicados/visualizar/41',
    );
    expect(screen.queryByRole('textbox', { name: 'E-mails avulsos' })).not.toBeInTheDocument();

    await user().click(screen.getByRole('combobox', { name: /Aprovador/ }));
    await user().click(await screen.findByRole('option', { name: 'Rui Diretor (rui@montadora.com)' }));
    await user().click(screen.getByRole('button', { name: 'Enviar para aprovação' }));
    await confirmar('para a aprovação de Rui Diretor?', 'Enviar para aprovação');
    expect(await screen.findByText('Comunicado enviado para aprovação')).toBeInTheDocument();
    expect(screen.queryByText(/Escolha pelo menos um destinatário/)).not.toBeInTheDocument();
    expect(callsOf('enviarParaAprovacao')).toEqual([
      { id: '77', version: 6, aprovadorId: '502', dataHoraAgendamento: null },
    ]);
  });

  it('keeps the refusal under the groups when the draft saved before it comes back with the approver chosen', async () => {
    server.use(
      ...STATES.Loaded,
      // As the server answers the save: with the approver it was given.
      api.mutation('comunicados_salvar', ({ variables }) => {
        record('salvar', variables);
        const input = variables.comunicado as Record<string, unknown>;
        stored = {
          ...stored,
          version: Number(input.version) + 1,
          usuarioAprovador: APROVADORES.find((a) => a.id === input.aprovadorId) ?? null,
        };
        return HttpResponse.json({ data: { result: stored } });
      }),
      api.mutation('comunicados_enviarParaAprovacao', () =>
        HttpResponse.json({
          data: null,
          errors: [
            {
              message: 'Verifique os dados!',
              extensions: {
                code: 'BAD_USER_INPUT',
                fieldErrors: { grupoIds: 'O grupo selecionado não possui destinatários' },
              },
            },
          ],
        }),
      ),
    );
    stored = rascunho({
      usuarioAprovador: null,
      acoes: ['salvar', 'excluir', 'enviarParaAprovacao', 'visualizarEnvio'],
    });
    editar(SO_CRIACAO);
    await titulo();
    await user().click(screen.getByRole('combobox', { name: /Aprovador/ }));
    await user().click(await screen.findByRole('option', { name: 'Rui Diretor (rui@montadora.com)' }));
    await user().click(screen.getByRole('button', { name: 'Enviar para aprovação' }));
    await confirmar('para a aprovação de Rui Diretor?', 'Enviar para aprovação');
    expect(await screen.findByText('Verifique os dados!')).toBeInTheDocument();
    await waitFor(() => expect(callsOf('salvar')).toHaveLength(1));
    // The saved draft (version 6, with its approver) is shown without building the form again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByText('O grupo selecionado não possui destinatários')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Aprovador/ })).toHaveValue('Rui Diretor (rui@montadora.com)');
  });
});
