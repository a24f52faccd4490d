import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, graphql, http, HttpResponse } from 'msw';
import { AdminContext, Notification, TestMemoryRouter, memoryStore, type AuthProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Idioma } from '../../../domain/enums';
import { createDataProvider, setAccessTokenGetter } from '../../../providers/dataProvider';
import { createI18nProvider } from '../../../providers/i18nProvider';
import { initials, type MinhaConta } from './minhaConta';
import { MINHA_CONTA_EMPTY, MINHA_CONTA_USUARIO } from './minhaConta.fixtures';
import MinhaContaPage from './MinhaContaPage';
import { queryStates } from '../../testing/viewStates';
import { formatDate } from '../../components/format';
import { testAuthProvider } from '../../layout/testing';
import { browser } from '../../browser';
import { PUSH_SUBSCRIPTION, pushBrowser } from '../../testing/pushBrowser';
import { mockApiServer } from '../../testing/mockApi';

const api = graphql.link(new URL('/graphql', window.location.origin).href);
const authorizations: (string | null)[] = [];
const answer = (usuario: MinhaConta) =>
  api.query('minhaConta_conta', ({ request }) => {
    authorizations.push(request.headers.get('authorization'));
    return HttpResponse.json({ data: { result: usuario } });
  });
const SESSOES = [
  { id: 's1', inicio: '2026-03-02T13:05:00.000Z', expiraEm: '2026-03-16T13:05:00.000Z' },
  { id: 's2', inicio: '2026-03-01T09:30:00.000Z', expiraEm: null },
];
const DISPOSITIVOS = [
  {
    id: '7',
    endpoint: 'https://fcm.googleapis.com/fcm/send/um',
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
    createdAt: '2026-03-02T13:05:00.000Z',
    ultimoSucesso: '2026-03-03T08:00:00.000Z',
  },
  {
    id: '8',
    endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/dois',
    userAgent: null,
    createdAt: '2026-03-01T09:30:00.000Z',
    ultimoSucesso: null,
  },
];
const removidos: unknown[] = [];
const inscricoes: unknown[] = [];
const senhas: Record<string, unknown>[] = [];
let encerradas = 0;
let aceita = true;
const escolhas: unknown[] = [];
const server = mockApiServer(
  answer(MINHA_CONTA_USUARIO),
  api.query('minhaConta_aceitaEmail', () => HttpResponse.json({ data: { result: aceita } })),
  api.mutation('minhaConta_definirAceitaEmail', ({ variables }) => {
    escolhas.push(variables);
    aceita = variables.aceita as boolean;
    return HttpResponse.json({ data: { result: aceita } });
  }),
  api.query('minhaConta_sessoes', () => HttpResponse.json({ data: { result: SESSOES } })),
  api.mutation('minhaConta_encerrarSessoes', () => {
    encerradas++;
    return HttpResponse.json({ data: { result: 4 } });
  }),
  api.mutation('minhaConta_alterarSenha', ({ variables }) => {
    senhas.push(variables);
    if (variables.senhaAtual !== 'Atual#Senha2026') {
      return HttpResponse.json({
        errors: [
          {
            message: 'Verifique os dados!',
            extensions: { code: 'BAD_USER_INPUT', fieldErrors: { senhaAtual: 'A senha atual não confere.' } },
          },
        ],
      });
    }
    return HttpResponse.json({ data: { result: true } });
  }),
  api.query('dispositivosPush_getList', () => HttpResponse.json({ data: { result: DISPOSITIVOS } })),
  api.mutation('dispositivosPush_remover', ({ variables }) => {
    removidos.push(variables.id);
    return HttpResponse.json({ data: { result: true } });
  }),
  api.mutation('dispositivosPush_gerar', ({ variables }) => {
    inscricoes.push(variables.input);
    return HttpResponse.json({ data: { result: { id: '9' } } });
  }),
  http.post('*/api/minha-conta/avatar', () =>
    HttpResponse.json(
      { code: 'BAD_USER_INPUT', message: 'Tipo de arquivo não permitido: envie uma imagem JPEG, PNG ou WebP' },
      { status: 415 },
    ),
  ),
);

/** The page's four states (src/testing/viewStates), from its fixtures. */
const STATES = queryStates('minhaConta_conta', {
  empty: { result: MINHA_CONTA_EMPTY },
  loaded: { result: MINHA_CONTA_USUARIO },
});

beforeEach(() => setAccessTokenGetter(async () => 'token-1'));
afterEach(() => {
  authorizations.length = 0;
  senhas.length = 0;
  removidos.length = 0;
  inscricoes.length = 0;
  encerradas = 0;
  aceita = true;
  escolhas.length = 0;
});

function renderPage(idioma: Idioma = 'PT_BR', authProvider?: AuthProvider) {
  render(
    <TestMemoryRouter initialEntries={['/minha-conta']}>
      <AdminContext
        dataProvider={createDataProvider()}
        i18nProvider={createI18nProvider({ idioma })}
        store={memoryStore()}
        authProvider={authProvider}
      >
        <MinhaContaPage />
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const user = () => userEvent.setup({ delay: null });

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

  it('links to my temporary absences only for holders of the absence function', async () => {
    const holder = {
      ...testAuthProvider(),
      getPermissions: async () => ({ tipo: 'DEALER_GRUPO', funcionalidades: ['PORTAL_AUSENCIA_TEMPORARIA'] }),
    };
    renderPage('PT_BR', holder);
    await screen.findByText('Ana Maria Souza');
    expect(await screen.findByRole('link', { name: 'Ausência temporária' })).toHaveAttribute(
      'href',
      `/usuarios/${MINHA_CONTA_USUARIO.id}/ausencia-temporaria`,
    );
    cleanup();
    renderPage('PT_BR', testAuthProvider());
    await screen.findByText('Ana Maria Souza');
    expect(screen.queryByRole('link', { name: 'Ausência temporária' })).not.toBeInTheDocument();
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

  describe('password', () => {
    const form = () => screen.getByRole('region', { name: 'Senha' });

    it('checks the fields before sending: required, length, confirmation', async () => {
      renderPage();
      await screen.findByText('Ana Maria Souza');
      const u = user();
      await u.type(within(form()).getByLabelText('Nova senha *'), 'curta');
      await u.type(within(form()).getByLabelText('Confirme a nova senha *'), 'outra');
      await u.click(within(form()).getByRole('button', { name: 'Trocar senha' }));
      expect(await within(form()).findByText('A senha deve ter pelo menos 10 caracteres.')).toBeInTheDocument();
      expect(within(form()).getByText('As senhas não conferem.')).toBeInTheDocument();
      expect(within(form()).getByText('Campo obrigatório')).toBeInTheDocument();
      expect(senhas).toEqual([]);
    });

    it("puts the server's field error under the current password and keeps the session", async () => {
      const auth = testAuthProvider();
      renderPage('PT_BR', auth);
      await screen.findByText('Ana Maria Souza');
      const u = user();
      await u.type(within(form()).getByLabelText('Senha atual *'), 'Errada#Senha2026');
      await u.type(within(form()).getByLabelText('Nova senha *'), 'Nova#Senha2026x');
      await u.type(within(form()).getByLabelText('Confirme a nova senha *'), 'Nova#Senha2026x');
      await u.click(within(form()).getByRole('button', { name: 'Trocar senha' }));
      expect(await within(form()).findByText('A senha atual não confere.')).toBeInTheDocument();
      expect(within(form()).getByLabelText('Senha atual *')).toHaveAttribute('aria-invalid', 'true');
      expect(senhas).toEqual([{ senhaAtual: 'Errada#Senha2026', novaSenha: 'Nova#Senha2026x' }]);
      expect(auth.logout).not.toHaveBeenCalled();
    });

    it('says the password changed and signs out', async () => {
      const auth = testAuthProvider();
      renderPage('PT_BR', auth);
      await screen.findByText('Ana Maria Souza');
      const u = user();
      await u.type(within(form()).getByLabelText('Senha atual *'), 'Atual#Senha2026');
      await u.type(within(form()).getByLabelText('Nova senha *'), 'Nova#Senha2026x');
      await u.type(within(form()).getByLabelText('Confirme a nova senha *'), 'Nova#Senha2026x');
      await u.click(within(form()).getByRole('button', { name: 'Trocar senha' }));
      const sucesso = 'Senha trocada. Entre novamente com a nova senha.';
      expect((await screen.findAllByText(sucesso)).length).toBeGreaterThan(0);
      expect(senhas).toEqual([{ senhaAtual: 'Atual#Senha2026', novaSenha: 'Nova#Senha2026x' }]);
      await u.click(within(form()).getByRole('button', { name: 'Entrar novamente' }));
      await waitFor(() => expect(auth.logout).toHaveBeenCalled());
    });
  });

  describe('sessions', () => {
    it('lists the open sessions with their dates in the language, and counts them', async () => {
      renderPage();
      const sessoes = await screen.findByRole('region', { name: 'Sessões abertas' });
      expect(await within(sessoes).findByText('2 sessões')).toBeInTheDocument();
      const rows = within(sessoes)
        .getAllByRole('row')
        .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
      const when = (iso: string) => formatDate(iso, 'pt-BR', { dateStyle: 'short', timeStyle: 'short' });
      expect(rows).toEqual([
        ['Entrou em', 'Expira em'],
        [when(SESSOES[0].inicio), when(SESSOES[0].expiraEm!)],
        [when(SESSOES[1].inicio), ''],
      ]);
      expect(rows[1][0]).toMatch(/^\d{2}\/03\/2026/);
    });

    it('shows placeholders named as loading while the sessions are on their way', async () => {
      server.use(api.query('minhaConta_sessoes', () => delay('infinite')));
      renderPage();
      const sessoes = await screen.findByRole('region', { name: 'Sessões abertas' });
      // A named live region (axe: a label on a plain div is not allowed).
      expect(within(sessoes).getByRole('status', { name: 'Carregando' })).toHaveAttribute('aria-busy', 'true');
    });

    it('ends every session only after confirming, then signs out here', async () => {
      const auth = testAuthProvider();
      renderPage('PT_BR', auth);
      const sessoes = await screen.findByRole('region', { name: 'Sessões abertas' });
      await within(sessoes).findByText('2 sessões');
      const u = user();
      await u.click(within(sessoes).getByRole('button', { name: 'Sair de todas as sessões' }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('Você sairá do portal em todos os navegadores e dispositivos, inclusive neste.');
      await u.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(encerradas).toBe(0);

      await u.click(within(sessoes).getByRole('button', { name: 'Sair de todas as sessões' }));
      await u.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sair de todas as sessões' }),
      );
      await waitFor(() => expect(auth.logout).toHaveBeenCalled());
      expect(encerradas).toBe(1);
    });
  });

  describe('avatar', () => {
    it("shows the server's refusal of an upload", async () => {
      renderPage();
      await screen.findByText('Ana Maria Souza');
      expect(screen.getByText('Enviar foto')).toBeInTheDocument();
      const input = document.querySelector('input[type=file]') as HTMLInputElement;
      await user().upload(input, new File(['not an image'], 'foto.png', { type: 'image/png' }));
      expect(
        await screen.findByText('Tipo de arquivo não permitido: envie uma imagem JPEG, PNG ou WebP'),
      ).toBeInTheDocument();
      // The initials again: no preview left behind.
      expect(screen.getByText('AS')).toBeInTheDocument();
    });
  });

  it('offers the language choice, which changes the language and reloads the page', async () => {
    const mudancas: Record<string, unknown>[] = [];
    server.use(
      api.mutation('sessao_mudarLingua', ({ variables }) => {
        mudancas.push(variables);
        return HttpResponse.json({ data: { result: { id: '42', nome: 'Ana', idioma: { id: 'ES' } } } });
      }),
    );
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    renderPage('PT_BR', testAuthProvider());
    const secao = await screen.findByRole('region', { name: 'Idioma do portal' });
    const u = user();
    await waitFor(() => expect(within(secao).getByRole('combobox')).not.toHaveAttribute('aria-disabled'));
    await u.click(within(secao).getByRole('combobox'));
    await u.click(await screen.findByRole('option', { name: 'Español' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(mudancas).toEqual([{ id: '42', idioma: 'ES' }]);
    reload.mockRestore();
  });

  it('lets the user stop and resume receiving announcements by e-mail', async () => {
    renderPage();
    const secao = await screen.findByRole('region', { name: 'Comunicados por e-mail' });
    const chave = await within(secao).findByRole('switch', { name: 'Receber comunicados por e-mail' });
    expect(chave).toBeChecked();
    await user().click(chave);
    expect(await screen.findByText('Você não receberá mais os comunicados por e-mail.')).toBeInTheDocument();
    expect(chave).not.toBeChecked();
    await user().click(chave);
    expect(await screen.findByText('Você receberá os comunicados também por e-mail.')).toBeInTheDocument();
    expect(escolhas).toEqual([{ aceita: false }, { aceita: true }]);
  });

  it('says so when the choice could not be saved, and keeps it as it was', async () => {
    server.use(api.mutation('minhaConta_definirAceitaEmail', () => HttpResponse.json({ errors: [{ message: 'x' }] })));
    renderPage('EN');
    const secao = await screen.findByRole('region', { name: 'Announcements by e-mail' });
    const chave = await within(secao).findByRole('switch', { name: 'Receive announcements by e-mail' });
    await user().click(chave);
    expect(await screen.findByText('Your choice could not be saved.')).toBeInTheDocument();
    expect(chave).toBeChecked();
  });

  describe('devices that receive notifications', () => {
    const section = () => screen.findByRole('region', { name: 'Notificações neste dispositivo' });
    const rows = (region: HTMLElement) =>
      within(region)
        .getAllByRole('row')
        .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));

    it('lists them by browser and system, with when they were turned on and last reached', async () => {
      renderPage();
      const region = await section();
      expect(await within(region).findByText('2 dispositivos')).toBeInTheDocument();
      const when = (iso: string) => formatDate(iso, 'pt-BR', { dateStyle: 'short', timeStyle: 'short' });
      expect(rows(region)).toEqual([
        ['Navegador', 'Ativado em', 'Último envio', 'Ações'],
        ['Chrome em Windows', when(DISPOSITIVOS[0].createdAt), when(DISPOSITIVOS[0].ultimoSucesso!), 'Remover'],
        ['Navegador desconhecido', when(DISPOSITIVOS[1].createdAt), 'Nunca', 'Remover'],
      ]);
      // This test browser has no Push API: it is not offered the button.
      expect(within(region).getByText('Este navegador não recebe as notificações do portal.')).toBeInTheDocument();
    });

    it('says when there is none, and when they could not be loaded', async () => {
      server.use(api.query('dispositivosPush_getList', () => HttpResponse.json({ data: { result: [] } })));
      renderPage();
      expect(
        await within(await section()).findByText('Nenhum dispositivo recebe suas notificações.'),
      ).toBeInTheDocument();
      cleanup();
      server.use(api.query('dispositivosPush_getList', () => HttpResponse.json({ errors: [{ message: 'x' }] })));
      renderPage();
      expect(
        await within(await section()).findByText('Não foi possível carregar os dispositivos.'),
      ).toBeInTheDocument();
    });

    it('removes a device only after confirming', async () => {
      renderPage();
      const region = await section();
      await within(region).findByText('2 dispositivos');
      const u = user();
      await u.click(within(region).getByRole('button', { name: 'Remover Chrome em Windows' }));
      expect(removidos).toEqual([]);
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Chrome em Windows deixará de receber suas notificações.')).toBeInTheDocument();
      server.use(
        api.query('dispositivosPush_getList', () => HttpResponse.json({ data: { result: [DISPOSITIVOS[1]] } })),
      );
      await u.click(within(dialog).getByRole('button', { name: 'Remover' }));
      await waitFor(() => expect(removidos).toEqual(['7']));
      expect(await within(region).findByText('1 dispositivo')).toBeInTheDocument();
      // Its row gone with the button, the focus is on the devices' heading, not the page's body.
      await waitFor(() =>
        expect(within(region).getByRole('heading', { name: 'Dispositivos que recebem notificações' })).toHaveFocus(),
      );
    });

    describe('in a browser with the Push API', () => {
      const browser = pushBrowser();
      const subscription = PUSH_SUBSCRIPTION;
      const { requestPermission, register, subscribe } = browser;
      beforeEach(() => browser.install());
      afterEach(() => browser.remove());

      it('asks permission only on the click, then subscribes with the server key and stores it', async () => {
        requestPermission.mockImplementation(async () => (browser.state.permission = 'granted'));
        renderPage();
        const region = await section();
        const button = await within(region).findByRole('button', { name: 'Receber notificações neste dispositivo' });
        expect(requestPermission).not.toHaveBeenCalled();
        expect(register).not.toHaveBeenCalled();
        await user().click(button);
        await waitFor(() =>
          expect(inscricoes).toEqual([{ endpoint: subscription.endpoint, auth: 'segredo', key: 'chave' }]),
        );
        expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
        expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
        expect(subscribe.mock.calls[0][0].applicationServerKey).toHaveLength(65);
      });

      it('remembers a refusal, says so and still offers the button', async () => {
        requestPermission.mockResolvedValue('denied');
        renderPage();
        const region = await section();
        await user().click(
          await within(region).findByRole('button', { name: 'Receber notificações neste dispositivo' }),
        );
        expect(await within(region).findByText(/Você preferiu não receber notificações/)).toBeInTheDocument();
        expect(localStorage.getItem('portal.push.recusado')).toBe('1');
        expect(within(region).getByRole('button', { name: 'Receber notificações neste dispositivo' })).toBeEnabled();
        expect(subscribe).not.toHaveBeenCalled();
        expect(inscricoes).toEqual([]);
      });

      it('says the browser blocks the portal', async () => {
        browser.state.permission = 'denied';
        renderPage();
        expect(await within(await section()).findByText(/estão bloqueadas neste navegador/)).toBeInTheDocument();
      });
    });
  });
});
