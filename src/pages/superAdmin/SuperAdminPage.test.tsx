import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { AdminContext, Notification, TestMemoryRouter, memoryStore } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Idioma } from '../../../domain/enums';
import { createDataProvider, setAccessTokenGetter } from '../../../providers/dataProvider';
import { createI18nProvider } from '../../../providers/i18nProvider';
import { job, JOBS, PRODUTOS } from './superAdmin.fixtures';
import type { Job } from './superAdmin';
import SuperAdminPage from './SuperAdminPage';
import { mockApiServer } from '../../testing/mockApi';

const api = graphql.link(new URL('/graphql', window.location.origin).href);
let jobs: Job[] = [];
let jobAnswers: Job[][] = [];
const calls: { operation: string; variables: Record<string, unknown> }[] = [];

const server = mockApiServer(
  api.query('superAdmin_produtos', () => HttpResponse.json({ data: { result: PRODUTOS } })),
  // Each answer in jobAnswers is served once, in order; then `jobs` for good.
  api.query('superAdmin_ultimosJobs', () => HttpResponse.json({ data: { result: jobAnswers.shift() ?? jobs } })),
);

beforeEach(() => {
  setAccessTokenGetter(async () => 'token-1');
  jobs = [];
  jobAnswers = [];
  calls.length = 0;
});

function renderPage(idioma: Idioma = 'PT_BR') {
  render(
    <TestMemoryRouter initialEntries={['/superAdmin']}>
      <AdminContext
        dataProvider={createDataProvider()}
        i18nProvider={createI18nProvider({ idioma })}
        store={memoryStore()}
      >
        <SuperAdminPage />
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const openTab = (name: string) => userEvent.click(screen.getByRole('tab', { name }));
const section = (name: string) => screen.getByRole('region', { name });

describe('/superAdmin', () => {
  it('shows the four tabs, Product first', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Super admin' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Produto',
      'Migração',
      'Sincronização',
      'Relatórios',
    ]);
    expect(screen.getByRole('tab', { name: 'Produto' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('combobox', { name: /Produto/ })).toBeInTheDocument();
  });

  it('writes the tabs in English', async () => {
    renderPage('EN');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Product',
      'Migration',
      'Synchronisation',
      'Reports',
    ]);
  });

  describe('Product tab', () => {
    it('requires the product and the staging URI, with errors under the fields', async () => {
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
      const errors = await screen.findAllByText('Campo obrigatório');
      expect(errors).toHaveLength(2);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('fills the URI from the product chosen, refuses an invalid URL, then saves after confirmation', async () => {
      server.use(
        api.mutation('superAdmin_editarProduto', ({ variables }) => {
          calls.push({ operation: 'editarProduto', variables });
          const produto = variables.produto as { id: string; baseUriHomolog: string };
          return HttpResponse.json({
            data: { result: { ...PRODUTOS[1], baseUriHomolog: produto.baseUriHomolog } },
          });
        }),
      );
      renderPage();
      await userEvent.click(await screen.findByRole('combobox', { name: /Produto/ }));
      await userEvent.click(await screen.findByRole('option', { name: 'Peças' }));
      const uri = screen.getByRole('textbox', { name: /URI base de homologação/ });
      expect(uri).toHaveValue('https://homolog.pecas.portal.test');
      expect(screen.getByText('URI de produção: https://pecas.portal.test')).toBeInTheDocument();

      await userEvent.clear(uri);
      await userEvent.type(uri, 'homolog sem protocolo', { delay: null });
      await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText('URL inválida')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      await userEvent.clear(uri);
      await userEvent.type(uri, 'https://staging.pecas.portal.test', { delay: null });
      await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Salvar o produto Peças?')).toBeInTheDocument();
      expect(
        within(dialog).getByText('A URI base de homologação passará a ser https://staging.pecas.portal.test.'),
      ).toBeInTheDocument();
      expect(calls).toEqual([]);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
      expect(await screen.findByText('Produto Peças atualizado.')).toBeInTheDocument();
      expect(calls).toEqual([
        {
          operation: 'editarProduto',
          variables: { produto: { id: '2', baseUriHomolog: 'https://staging.pecas.portal.test' } },
        },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('shows the error message when the save fails, and cancel sends nothing', async () => {
      server.use(
        api.mutation('superAdmin_editarProduto', ({ variables }) => {
          calls.push({ operation: 'editarProduto', variables });
          return HttpResponse.json({
            errors: [{ message: 'Registro não encontrado', extensions: { code: 'NOT_FOUND' } }],
          });
        }),
      );
      renderPage();
      await userEvent.click(await screen.findByRole('combobox', { name: /Produto/ }));
      await userEvent.click(await screen.findByRole('option', { name: 'Peças' }));
      await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls).toEqual([]);

      await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
      expect(await screen.findByText('Não foi possível atualizar o produto.')).toBeInTheDocument();
      expect(calls).toHaveLength(1);
      // The dialog stays open after a failure, so the user may try again or cancel.
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    });

    it('says the products could not be loaded (Error)', async () => {
      server.use(api.query('superAdmin_produtos', () => HttpResponse.json({ errors: [{ message: 'boom' }] })));
      renderPage();
      expect(await screen.findByText('Não foi possível carregar os produtos.')).toBeInTheDocument();
    });
  });

  describe('Synchronisation tab', () => {
    it("shows each job's latest run: never run, result, error", async () => {
      jobs = JOBS;
      renderPage();
      await openTab('Sincronização');
      expect(await within(section('Grupos econômicos')).findByText('Concluída')).toBeInTheDocument();
      expect(within(section('Dealers')).getByText('Ainda não executada.')).toBeInTheDocument();
      const grupos = section('Grupos econômicos');
      expect(within(grupos).getByText('4 de 4 (100%)')).toBeInTheDocument();
      expect(within(grupos).getByText('Vínculos entre dealer e grupo removidos: 5')).toBeInTheDocument();
      expect(within(grupos).getByRole('progressbar', { name: 'Progresso' })).toHaveAttribute('aria-valuenow', '100');
      const usuarios = section('Usuários');
      expect(within(usuarios).getByText('Com erro')).toBeInTheDocument();
      expect(
        within(usuarios).getByText('Erro: A execução foi interrompida porque o servidor parou. Execute novamente.'),
      ).toBeInTheDocument();
      // The scheduled file sweep: its counts, and no button (pg-boss's cron starts it).
      const limpeza = section('Limpeza de arquivos');
      expect(within(limpeza).getByText('Documentos sem ausência removidos: 2')).toBeInTheDocument();
      expect(within(limpeza).getByText('Arquivos removidos do disco: 7')).toBeInTheDocument();
      expect(within(limpeza).getByText('Espaço liberado (bytes): 1.234.567')).toBeInTheDocument();
      expect(within(limpeza).getByText('Arquivos que não puderam ser removidos: 1')).toBeInTheDocument();
      expect(within(limpeza).queryByRole('button')).not.toBeInTheDocument();
      // The scheduled log clean-up, likewise.
      const logs = section('Limpeza de logs');
      expect(within(logs).getByText('Eventos de log removidos: 1.500')).toBeInTheDocument();
      expect(within(logs).getByText('Fluxos de log removidos: 3')).toBeInTheDocument();
      expect(within(logs).getByText('Grupos de log removidos: 1')).toBeInTheDocument();
      expect(within(logs).queryByRole('button')).not.toBeInTheDocument();
    });

    it('queues a synchronisation after confirmation and follows its progress until the result', async () => {
      server.use(
        api.mutation('superAdmin_sincronizarDealers', () => {
          calls.push({ operation: 'sincronizarDealers', variables: {} });
          return HttpResponse.json({ data: { result: job('sincronizarDealers', { id: '20' }) } });
        }),
      );
      renderPage();
      await openTab('Sincronização');
      const dealers = section('Dealers');
      await userEvent.click(within(dealers).getByRole('button', { name: 'Sincronizar dealers' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Sincronizar os dealers?')).toBeInTheDocument();
      jobAnswers = [[job('sincronizarDealers', { id: '20', status: 'EXECUTANDO', total: 10, processados: 4 })]];
      jobs = [
        job('sincronizarDealers', {
          id: '20',
          status: 'CONCLUIDO',
          total: 10,
          processados: 10,
          resultado: '{"dealersInativados":3}',
          concluidoEm: '2026-03-10T12:00:05.000Z',
        }),
      ];
      await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
      expect(await screen.findByText('Sincronização de dealers enviada para execução.')).toBeInTheDocument();
      expect(calls.map((c) => c.operation)).toEqual(['sincronizarDealers']);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      expect(await within(dealers).findByText('4 de 10 (40%)')).toBeInTheDocument();
      expect(within(dealers).getByText('Em execução')).toBeInTheDocument();
      expect(within(dealers).getByRole('button', { name: 'Sincronizar dealers' })).toBeDisabled();
      // Refreshed every 2 s while running.
      expect(await within(dealers).findByText('Dealers inativados: 3', {}, { timeout: 4000 })).toBeInTheDocument();
      expect(within(dealers).getByText('10 de 10 (100%)')).toBeInTheDocument();
      expect(within(dealers).getByRole('button', { name: 'Sincronizar dealers' })).toBeEnabled();
    }, 10_000);

    it('shows the error message when the queue refuses', async () => {
      server.use(
        api.mutation('superAdmin_sincronizarUsuarios', () =>
          HttpResponse.json({
            errors: [{ message: 'Esta tarefa já está na fila ou em execução. Aguarde a conclusão.' }],
          }),
        ),
      );
      renderPage();
      await openTab('Sincronização');
      await userEvent.click(within(section('Usuários')).getByRole('button', { name: 'Sincronizar usuários' }));
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
      expect(await screen.findByText('Não foi possível sincronizar os usuários.')).toBeInTheDocument();
    });

    it('synchronises one user with the identity provider, validating the e-mail first', async () => {
      server.use(
        api.mutation('superAdmin_sincronizarIdentityProvider', ({ variables }) => {
          calls.push({ operation: 'sincronizarIdentityProvider', variables });
          return HttpResponse.json({
            data: {
              result: {
                email: 'ana@portal.test',
                provedor: 'EMBUTIDO',
                acao: 'CRIADO',
                emailSenhaEnviado: true,
              },
            },
          });
        }),
      );
      renderPage();
      await openTab('Sincronização');
      const panel = section('Provedor de identidade');
      const email = within(panel).getByRole('textbox', { name: /E-mail do usuário/ });
      await userEvent.click(within(panel).getByRole('button', { name: 'Sincronizar usuário' }));
      expect(await within(panel).findByText('Campo obrigatório')).toBeInTheDocument();
      await userEvent.type(email, 'nao-e-email', { delay: null });
      expect(await within(panel).findByText('E-mail inválido')).toBeInTheDocument();
      await userEvent.clear(email);
      await userEvent.type(email, 'Ana@Portal.test', { delay: null });
      await userEvent.click(within(panel).getByRole('button', { name: 'Sincronizar usuário' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Sincronizar ana@portal.test com o provedor de identidade?')).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
      expect(await screen.findByText('Usuário sincronizado com o provedor de identidade.')).toBeInTheDocument();
      expect(calls).toEqual([
        { operation: 'sincronizarIdentityProvider', variables: { emailUsuario: 'ana@portal.test' } },
      ]);
      expect(
        within(panel).getByText(
          'Conta de ana@portal.test criada no provedor de identidade (provedor do portal). O usuário recebeu um e-mail com o link para definir a senha.',
        ),
      ).toBeInTheDocument();
    });

    it("shows the server's reason when the identity provider synchronisation fails", async () => {
      server.use(
        api.mutation('superAdmin_sincronizarIdentityProvider', () =>
          HttpResponse.json({ errors: [{ message: 'Usuário não encontrado', extensions: { code: 'NOT_FOUND' } }] }),
        ),
      );
      renderPage();
      await openTab('Sincronização');
      const panel = section('Provedor de identidade');
      await userEvent.type(within(panel).getByRole('textbox', { name: /E-mail do usuário/ }), 'ninguem@portal.test', {
        delay: null,
      });
      await userEvent.click(within(panel).getByRole('button', { name: 'Sincronizar usuário' }));
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
      // In the toast and in the dialog (one findByText would wait 4 s for the toast to hide).
      expect(await screen.findAllByText('Usuário não encontrado')).toHaveLength(2);
    });
  });

  describe('Migration tab', () => {
    it('shows the running migration with its steps and keeps the button waiting', async () => {
      jobs = JOBS;
      renderPage();
      await openTab('Migração');
      const migracao = section('Migração');
      expect(await within(migracao).findByText('1 de 3 (33%)')).toBeInTheDocument();
      expect(within(migracao).getByText('Em execução')).toBeInTheDocument();
      expect(within(migracao).getByRole('button', { name: 'Executar migração' })).toBeDisabled();
    });

    it('queues the migration after confirmation', async () => {
      server.use(
        api.mutation('superAdmin_migracao', () => {
          calls.push({ operation: 'migrar', variables: {} });
          return HttpResponse.json({ data: { result: job('migracao', { id: '30' }) } });
        }),
      );
      renderPage();
      await openTab('Migração');
      const migracao = section('Migração');
      await userEvent.click(await within(migracao).findByRole('button', { name: 'Executar migração' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Executar a migração?')).toBeInTheDocument();
      jobs = [job('migracao', { id: '30' })];
      await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
      expect(await screen.findByText('Migração enviada para execução.')).toBeInTheDocument();
      expect(calls.map((c) => c.operation)).toEqual(['migrar']);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await within(migracao).findByText('Na fila')).toBeInTheDocument();
      expect(within(migracao).getByRole('button', { name: 'Executar migração' })).toBeDisabled();
    });
  });
});
