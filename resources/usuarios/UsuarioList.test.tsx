import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, type Download } from '../../src/testing/downloads';
import type { PortalPermissions } from '../../providers/authProvider';
import { setAccessTokenGetter } from '../../providers/dataProvider';
import { renderResource } from '../../src/testing/renderResource';
import { api, authAs } from './testing';
import type { Exportacao } from './UsuarioExportacao';
import UsuarioList from './UsuarioList';
import { USUARIO_ROWS } from './usuarios.fixtures';
import { mockApiServer } from '../../src/testing/mockApi';

type Row = (typeof USUARIO_ROWS)[number];
let rows: Row[] = [...USUARIO_ROWS];
const listed: Record<string, unknown>[] = [];
const toggled: { id: unknown; query: string }[] = [];
/** The export states the API answers, one per read (the last one repeats); none: never exported. */
let exportStates: (Exportacao | null)[] = [null];
const exportsStarted: Record<string, unknown>[] = [];
const fileRequests: { path: string; authorization: string | null }[] = [];
const downloads: Download[] = [];
const EXPORT: Exportacao = {
  id: '7',
  status: 'PENDENTE',
  total: null,
  processados: 0,
  progresso: null,
  linhas: null,
  erro: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  concluidoEm: null,
  download: null,
};
const origin = window.location.origin;

const server = mockApiServer(
  api.query('usuarios_getList', ({ variables }) => {
    const input = variables.filterInput as { busca?: string; tipos?: string[]; active?: boolean };
    listed.push(input);
    const content = rows.filter(
      (row) =>
        (!input.busca || row.nome.toLowerCase().includes(input.busca.toLowerCase())) &&
        (!input.tipos?.length || input.tipos.includes(row.tipo.id)) &&
        (input.active == null || row.active === input.active),
    );
    return HttpResponse.json({ data: { result: { content, totalElements: content.length } } });
  }),
  api.query('grupos_ativos', () =>
    HttpResponse.json({
      data: {
        result: [
          { id: '7', nome: 'Grupo Horizonte' },
          { id: '8', nome: 'Grupo Litoral' },
        ],
      },
    }),
  ),
  api.query('dealers_opcoes', ({ variables }) => {
    const { busca } = variables.filterInput as { busca?: string };
    const content = [{ id: '5', nomeExibicao: 'Aurora Centro', active: true }].filter(
      (d) => !busca || d.nomeExibicao.includes(busca),
    );
    return HttpResponse.json({ data: { result: { content, totalElements: content.length } } });
  }),
  api.mutation('SetActive', ({ variables, query }) => {
    toggled.push({ id: variables.id, query });
    const active = !query.includes('inativarUsuario(');
    rows = rows.map((row) => (row.id === variables.id ? { ...row, active } : row));
    return HttpResponse.json({ data: { result: { id: variables.id, active } } });
  }),
  api.mutation('usuarios_liberarAtivacaoEspecial', ({ variables, query }) => {
    toggled.push({ id: variables.usuarioId, query });
    rows = rows.map((row) => (row.id === variables.usuarioId ? { ...row, ativacaoEspecial: true } : row));
    return HttpResponse.json({ data: { result: { id: variables.usuarioId, version: 2, ativacaoEspecial: true } } });
  }),
  api.query('usuarios_exportacao', () =>
    HttpResponse.json({ data: { result: exportStates.length > 1 ? exportStates.shift()! : exportStates[0] } }),
  ),
  api.mutation('usuarios_exportar', ({ variables }) => {
    exportsStarted.push(variables.filterInput as Record<string, unknown>);
    return HttpResponse.json({ data: { result: EXPORT } });
  }),
  http.get(new URL('/api/exportacoes/:id', origin).href, ({ request }) => {
    fileRequests.push({ path: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
    return new HttpResponse('xlsx-bytes', {
      headers: { 'content-disposition': "attachment; filename*=UTF-8''Usu%C3%A1rios.xlsx" },
    });
  }),
);

beforeEach(() => {
  setAccessTokenGetter(async () => 'token-1');
  rows = [...USUARIO_ROWS];
  exportStates = [null];
  captureDownloads(downloads);
});
afterEach(() => {
  vi.restoreAllMocks();
  listed.length = 0;
  toggled.length = 0;
  exportsStarted.length = 0;
  fileRequests.length = 0;
  downloads.length = 0;
});

const MAINTAINER: PortalPermissions = { tipo: 'MONTADORA', funcionalidades: ['PORTAL_MANUTENCAO_USUARIOS'] };
const VIEWER: PortalPermissions = { tipo: 'MONTADORA', funcionalidades: ['PORTAL_CONSULTA_VISUALIZACAO_USUARIOS'] };

function renderAt(path: string, permissions: PortalPermissions) {
  return renderResource('usuarios', { list: UsuarioList, edit: () => <p>edit</p> }, path, {
    authProvider: authAs(permissions),
  });
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const cells = (text: string) =>
  within(rowOf(text))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('/usuarios', { timeout: 20_000 }, () => {
  it('shows names, the translated type, brands, dealers, the masked CPF and the last access', async () => {
    renderAt('/usuarios', MAINTAINER);
    expect(await screen.findByText('Ana Souza')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('Ana Souza')).queryByRole('button', { name: 'Inativar' })).toBeTruthy());
    expect(cells('Ana Souza').slice(0, 10)).toEqual([
      'Ana Souza',
      'ana@aurora.test',
      '529.982.247-25',
      'Dealer / Grupo',
      'Aurora Motors',
      'Aurora Centro',
      expect.stringMatching(/^20\/11\/2026,? \d\d:45$/),
      '',
      'Ativo',
      'Inativar',
    ]);
    expect(cells('Bruno Lima').slice(0, 9)).toEqual([
      'Bruno Lima',
      'bruno@boreal.test',
      '',
      'Montadora',
      'Boreal Caminhões',
      '',
      '',
      'Inativado por inatividade',
      'Inativo',
    ]);
    expect(screen.getByText('Mostrando 1 a 2 de 2 registros')).toBeInTheDocument();
    expect(listed[0]).toEqual({ page: 0, rowsPerPage: 10, sort: { field: 'nome', order: 'ASC' } });
    expect(await screen.findByRole('link', { name: 'Criar' })).toHaveAttribute('href', '/usuarios/novo');
  });

  it('searches by name, e-mail or CPF and filters by type', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/usuarios', MAINTAINER);
    await screen.findByText('Ana Souza');
    await user.type(screen.getByPlaceholderText('Buscar'), '529.982');
    await waitFor(() => expect(listed.at(-1)).toMatchObject({ busca: '529.982' }));
    await user.clear(screen.getByPlaceholderText('Buscar'));
    await waitFor(() => expect(listed.at(-1)).not.toHaveProperty('busca'));
    await user.click(screen.getByRole('button', { name: 'Adicionar filtro' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitemcheckbox')
        .map((item) => item.textContent),
    ).toEqual(['Situação', 'Tipos de usuário', 'Marcas', 'Grupos econômicos', 'Dealers', 'Cargos', 'Inatividade']);
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Tipos de usuário' }));
    await user.type(await screen.findByRole('combobox', { name: /^Tipos de usuário/ }), 'Mont');
    await user.click(await screen.findByRole('option', { name: 'Montadora' }));
    await waitFor(() => expect(listed.at(-1)).toMatchObject({ tipos: ['MONTADORA'] }));
    await waitFor(() => expect(screen.queryByText('Ana Souza')).not.toBeInTheDocument());
    expect(screen.getByText('Bruno Lima')).toBeInTheDocument();
  });

  it('inactivates a user after confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/usuarios', MAINTAINER);
    await screen.findByText('Ana Souza');
    await user.click(await within(rowOf('Ana Souza')).findByRole('button', { name: 'Inativar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Ana Souza ficará inativo.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Inativar' }));
    expect(await screen.findByText('Ana Souza inativado')).toBeInTheDocument();
    expect(toggled).toEqual([{ id: '41', query: expect.stringContaining('inativarUsuario(id: $id)') }]);
  });

  it('opens a user on click for a maintainer', async () => {
    const user = userEvent.setup({ delay: null });
    const { location } = renderAt('/usuarios', MAINTAINER);
    await screen.findByText('Ana Souza');
    await waitFor(() => expect(within(rowOf('Ana Souza')).queryByRole('button', { name: 'Inativar' })).toBeTruthy());
    await user.click(screen.getByText('Ana Souza'));
    await waitFor(() => expect(location()).toBe('/usuarios/41'));
  });

  it('grants special activation after confirmation to a holder of the function, and shows it', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/usuarios', { tipo: 'MONTADORA', funcionalidades: ['LIBERAR_ATIVACAO_ESPECIAL'] });
    await screen.findByText('Ana Souza');
    await user.click(await within(rowOf('Ana Souza')).findByRole('button', { name: 'Liberar ativação especial' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Ana Souza não será mais inativado automaticamente por falta de acesso.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Liberar ativação especial' }));
    expect(await screen.findByText('Ativação especial liberada para Ana Souza')).toBeInTheDocument();
    expect(toggled).toEqual([
      { id: '41', query: expect.stringContaining('liberarAtivacaoEspecial(usuarioId: $usuarioId)') },
    ]);
    expect(await within(rowOf('Ana Souza')).findByText('Ativação especial')).toBeInTheDocument();
    expect(within(rowOf('Ana Souza')).getByRole('button', { name: 'Remover ativação especial' })).toBeInTheDocument();
  });

  it('offers special activation only to holders of the function', async () => {
    renderAt('/usuarios', MAINTAINER);
    await screen.findByText('Ana Souza');
    await waitFor(() => expect(within(rowOf('Ana Souza')).queryByRole('button', { name: 'Inativar' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: /ativação especial/ })).not.toBeInTheDocument();
  });

  it('gives a view-only user no create, edit or activate action', async () => {
    const user = userEvent.setup({ delay: null });
    const { location } = renderAt('/usuarios', VIEWER);
    await screen.findByText('Ana Souza');
    // The state still shows, without the action.
    await waitFor(() => expect(cells('Ana Souza')).toContain('Ativo'));
    expect(screen.queryByRole('button', { name: 'Inativar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ativar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Criar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Ações' })).not.toBeInTheDocument();
    await user.click(screen.getByText('Ana Souza'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(location()).toBe('/usuarios');
    expect(toggled).toEqual([]);
  });

  it('lets a view-only user filter by group and dealer from the choices any signed-in user may read', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/usuarios', VIEWER);
    await screen.findByText('Ana Souza');
    await user.click(screen.getByRole('button', { name: 'Adicionar filtro' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Grupos econômicos' }));
    // Typed, not clicked: a click on the just-added, focused input may close the list it opened.
    await user.type(await screen.findByRole('combobox', { name: /^Grupos econômicos/ }), 'Litoral');
    await user.click(await screen.findByRole('option', { name: 'Grupo Litoral' }));
    await waitFor(() => expect(listed.at(-1)).toMatchObject({ grupoIds: ['8'] }));
    await user.click(screen.getByRole('button', { name: 'Adicionar filtro' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Dealers' }));
    await user.type(await screen.findByRole('combobox', { name: /^Dealers/ }), 'Aurora');
    await user.click(await screen.findByRole('option', { name: 'Aurora Centro' }));
    await waitFor(() => expect(listed.at(-1)).toMatchObject({ grupoIds: ['8'], dealerIds: ['5'] }));
  });
});

describe('/usuarios export', { timeout: 30_000 }, () => {
  it('exports the filtered list in the background: Processing with its progress, then Finished with the file', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/usuarios', VIEWER);
    await screen.findByText('Ana Souza');
    await user.type(screen.getByPlaceholderText('Buscar'), 'ana');
    await waitFor(() => expect(listed.at(-1)).toMatchObject({ busca: 'ana' }));
    // After the start, each read of the state (every 2 s while it runs) answers the next one.
    exportStates = [
      { ...EXPORT, status: 'EXECUTANDO', total: 2000, processados: 850, progresso: 42.5 },
      {
        ...EXPORT,
        status: 'CONCLUIDO',
        total: 2000,
        processados: 2000,
        progresso: 100,
        linhas: 2000,
        concluidoEm: '2026-11-24T10:01:00.000Z',
        download: '/api/exportacoes/7',
      },
    ];
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    expect(exportsStarted).toEqual([{ busca: 'ana', sort: { field: 'nome', order: 'ASC' } }]);
    const status = await screen.findByRole('status');
    expect(await within(status).findByText('Processando')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeDisabled();
    expect(await within(status).findByText('Progresso: 42,5%', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await within(status).findByText('Finalizado', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(status).getByText('2.000 usuários exportados')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeEnabled();

    await user.click(within(status).getByRole('button', { name: 'Baixar arquivo' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(fileRequests).toEqual([{ path: '/api/exportacoes/7', authorization: 'Bearer token-1' }]);
    expect(downloads[0].name).toBe('Usuários.xlsx');
    expect(await downloads[0].blob.text()).toBe('xlsx-bytes');
  });

  it("shows the server's message when an export is already in progress", async () => {
    server.use(
      api.mutation('usuarios_exportar', () =>
        HttpResponse.json({
          data: null,
          errors: [
            {
              message: 'Já existe uma exportação em andamento para este usuário',
              extensions: { code: 'CONFLICT' },
            },
          ],
        }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderAt('/usuarios', MAINTAINER);
    await screen.findByText('Ana Souza');
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    expect(await screen.findByText('Já existe uma exportação em andamento para este usuário')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows why the last export failed, and that an expired file is gone', async () => {
    exportStates = [{ ...EXPORT, status: 'ERRO', erro: 'errors.forbidden' }];
    renderAt('/usuarios', MAINTAINER);
    expect(
      await screen.findByText('A exportação falhou: Você não tem permissão para realizar esta ação.'),
    ).toBeInTheDocument();
    cleanup();
    exportStates = [{ ...EXPORT, status: 'EXPIRADO', concluidoEm: '2026-11-24T10:01:00.000Z' }];
    renderAt('/usuarios', MAINTAINER);
    expect(
      await screen.findByText('O arquivo da última exportação não está mais disponível. Exporte novamente.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Baixar arquivo' })).not.toBeInTheDocument();
  });
});
