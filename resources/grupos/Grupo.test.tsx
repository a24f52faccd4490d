import { screen, waitFor, within } from '@testing-library/react';
import { renderResource } from '../../src/testing/renderResource';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { type AuthProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PortalPermissions } from '../../providers/authProvider';
import { setAccessTokenGetter } from '../../providers/dataProvider';
import GrupoCreate from './GrupoCreate';
import GrupoEdit from './GrupoEdit';
import GrupoList from './GrupoList';
import { grupos, impactoAnswer, MARCAS, SEM_IMPACTO, type GrupoRecord, type Impacto } from './grupos.fixtures';
import { mockApiServer } from '../../src/testing/mockApi';

const api = graphql.link(new URL('/graphql', window.location.origin).href);

let rows: GrupoRecord[] = grupos();
let impacto: Impacto = SEM_IMPACTO;
const impactoAsked: Record<string, unknown>[] = [];
const saved: { operation: string; input: Record<string, unknown> }[] = [];
const toggled: { id: unknown; query: string }[] = [];

const answerGrupo = (input: Record<string, unknown>) => {
  const marcaIds = (input.marcaIds as string[]) ?? [];
  return {
    data: {
      result: {
        id: (input.id as string) ?? '9',
        nome: input.nome,
        active: input.active ?? true,
        createdAt: '2024-03-01T12:00:00.000Z',
        marcaIds,
        marcas: MARCAS.filter((m) => marcaIds.includes(m.id)).map(({ id, nome }) => ({
          id,
          nome,
          __typename: 'Marca',
        })),
        totalDealers: 0,
        __typename: 'Grupo',
      },
    },
  };
};

const server = mockApiServer(
  api.query('grupos_getList', () =>
    HttpResponse.json({ data: { result: { content: rows, totalElements: rows.length, __typename: 'GrupoPage' } } }),
  ),
  api.query('grupos_getOne', ({ variables }) =>
    HttpResponse.json({ data: { result: rows.find((g) => g.id === variables.value) } }),
  ),
  api.query('marcas_getList', () => HttpResponse.json({ data: { result: MARCAS } })),
  api.query('marcas_getMany', () => HttpResponse.json({ data: { result: MARCAS } })),
  api.query('grupos_impacto', ({ variables }) => {
    impactoAsked.push(variables.input);
    return HttpResponse.json(impactoAnswer(impacto));
  }),
  api.mutation('grupos_create', ({ variables }) => {
    saved.push({ operation: 'create', input: variables.input });
    return HttpResponse.json(answerGrupo(variables.input));
  }),
  api.mutation('grupos_update', ({ variables }) => {
    saved.push({ operation: 'update', input: variables.input });
    return HttpResponse.json(answerGrupo(variables.input));
  }),
  api.mutation('SetActive', ({ variables, query }) => {
    toggled.push({ id: variables.id, query });
    const active = !query.includes('inativarGrupo(');
    rows = rows.map((g) => (g.id === variables.id ? { ...g, active } : g));
    return HttpResponse.json({ data: { result: { id: variables.id, active, __typename: 'Grupo' } } });
  }),
);

beforeEach(() => {
  setAccessTokenGetter(async () => 'token-1');
  rows = grupos();
  impacto = SEM_IMPACTO;
});
afterEach(() => {
  impactoAsked.length = 0;
  saved.length = 0;
  toggled.length = 0;
});

let permissionsGiven: Promise<unknown> = Promise.resolve();
const authAs = (permissions: PortalPermissions): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: () => (permissionsGiven = Promise.resolve(permissions)),
});

const SUPER: PortalPermissions = { tipo: 'TECSINAPSE', funcionalidades: [] };

function renderAt(path: string, permissions: PortalPermissions = SUPER) {
  return renderResource('grupos', { list: GrupoList, create: GrupoCreate, edit: GrupoEdit }, path, {
    authProvider: authAs(permissions),
  });
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const cells = (text: string) =>
  within(rowOf(text))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('/grupos', { timeout: 20_000 }, () => {
  it('lists the groups with their brands, dealer count and state', async () => {
    renderAt('/grupos');
    expect(await screen.findByText('Grupo Sul')).toBeInTheDocument();
    expect(cells('Grupo Sul').slice(0, 4)).toEqual(['Grupo Sul', 'Aurora Motors, Boreal Caminhões', '5', 'Ativo']);
    expect(cells('Grupo Leste').slice(0, 4)).toEqual(['Grupo Leste', 'Boreal Caminhões', '0', 'Inativo']);
    expect(screen.getByText('Mostrando 1 a 3 de 3 registros')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Criar' })).toHaveAttribute('href', '/grupos/novo');
  });

  it('names its filters in the add-filter menu and on the filter itself', async () => {
    renderAt('/grupos');
    await userEvent.click(await screen.findByRole('button', { name: 'Adicionar filtro' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitemcheckbox')
        .map((item) => item.textContent),
    ).toEqual(['Situação', 'Marcas']);
    await userEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Marcas' }));
    expect(await screen.findByRole('combobox', { name: 'Marcas' })).toBeInTheDocument();
  });

  it('offers no new group to a dealer-group user', async () => {
    renderAt('/grupos', { tipo: 'DEALER_GRUPO', funcionalidades: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] });
    await screen.findByText('Grupo Sul');
    // While the permissions load the button shows; once they are known it goes.
    await permissionsGiven;
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Criar' })).not.toBeInTheDocument());
  });

  it('says how many dealers and users the inactivation touches, and inactivates on confirm', async () => {
    impacto = { dealersDesvinculados: 0, dealersInativados: 2, usuariosInativados: 1 };
    const user = userEvent.setup({ delay: null });
    renderAt('/grupos');
    await screen.findByText('Grupo Sul');
    await user.click(within(rowOf('Grupo Sul')).getByRole('button', { name: 'Inativar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Inativar Grupo Sul?')).toBeInTheDocument();
    expect(await within(dialog).findByText('inativar 2 dealers')).toBeInTheDocument();
    expect(within(dialog).getByText('inativar 1 usuário')).toBeInTheDocument();
    expect(within(dialog).getByText('Esta alteração também vai:')).toBeInTheDocument();
    // Zero counts are not listed.
    expect(within(dialog).queryByText(/desvincular/)).not.toBeInTheDocument();
    expect(impactoAsked).toEqual([{ id: '1', nome: 'Grupo Sul', marcaIds: ['1', '2'], active: false }]);
    expect(toggled).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Inativar' }));
    expect(await screen.findByText('Grupo Sul inativado')).toBeInTheDocument();
    expect(toggled).toEqual([{ id: '1', query: expect.stringContaining('inativarGrupo(id: $id)') }]);
    await waitFor(() => expect(cells('Grupo Sul')[3]).toBe('Inativo'));
  });

  it('cancelling the inactivation changes nothing', async () => {
    impacto = { dealersDesvinculados: 0, dealersInativados: 5, usuariosInativados: 12 };
    const user = userEvent.setup({ delay: null });
    renderAt('/grupos');
    await screen.findByText('Grupo Sul');
    await user.click(within(rowOf('Grupo Sul')).getByRole('button', { name: 'Inativar' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('inativar 12 usuários')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toggled).toEqual([]);
    expect(cells('Grupo Sul')[3]).toBe('Ativo');
  });

  it('says when the inactivation touches nobody', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/grupos');
    await screen.findByText('Grupo Norte');
    await user.click(within(rowOf('Grupo Norte')).getByRole('button', { name: 'Inativar' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Nenhum dealer ou usuário será afetado.')).toBeInTheDocument();
  });

  it('activates without asking for the impact', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/grupos');
    await screen.findByText('Grupo Leste');
    await user.click(within(rowOf('Grupo Leste')).getByRole('button', { name: 'Ativar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Grupo Leste voltará a aparecer como ativo.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ativar' }));
    expect(await screen.findByText('Grupo Leste ativado')).toBeInTheDocument();
    expect(toggled).toEqual([{ id: '3', query: expect.stringContaining(' ativarGrupo(id: $id)') }]);
    expect(impactoAsked).toEqual([]);
  });
});

const nomeField = () => screen.getByRole('textbox', { name: /^Nome/ });
/** Removes a brand's chip from the brands input. */
async function removeMarca(user: ReturnType<typeof userEvent.setup>, nome: string) {
  const chip = (await screen.findByText(nome)).closest('.MuiChip-root') as HTMLElement;
  await user.click(within(chip).getByTestId('CancelIcon'));
  await waitFor(() => expect(screen.queryByText(nome)).not.toBeInTheDocument());
}

describe('/grupos/:id', { timeout: 20_000 }, () => {
  it('confirms a change that touches dealers and users, and saves only after confirming', async () => {
    impacto = { dealersDesvinculados: 3, dealersInativados: 2, usuariosInativados: 1 };
    const user = userEvent.setup({ delay: null });
    const { location } = renderAt('/grupos/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar grupo econômico' })).toBeInTheDocument();
    await waitFor(() => expect(nomeField()).toHaveValue('Grupo Sul'));
    await removeMarca(user, 'Boreal Caminhões');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Confirmar alterações do grupo Grupo Sul')).toBeInTheDocument();
    expect(within(dialog).getByText('desvincular 3 dealers do grupo')).toBeInTheDocument();
    expect(within(dialog).getByText('inativar 2 dealers')).toBeInTheDocument();
    expect(within(dialog).getByText('inativar 1 usuário')).toBeInTheDocument();
    expect(impactoAsked).toEqual([{ id: '1', nome: 'Grupo Sul', marcaIds: ['1'], active: true }]);
    expect(saved).toEqual([]);

    // Cancelling keeps the form as it is, unsaved.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saved).toEqual([]);
    expect(location()).toBe('/grupos/1');

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(location()).toBe('/grupos'));
    expect(saved).toEqual([
      { operation: 'update', input: { id: '1', version: 1, nome: 'Grupo Sul', marcaIds: ['1'], active: true } },
    ]);
    expect(await screen.findByText('Grupo Sul salvo')).toBeInTheDocument();
  });

  it('saves at once when the change touches nobody', async () => {
    const user = userEvent.setup({ delay: null });
    const { location } = renderAt('/grupos/2');
    await waitFor(() => expect(nomeField()).toHaveValue('Grupo Norte'));
    await user.clear(nomeField());
    await user.type(nomeField(), 'Grupo Norte Rede');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(location()).toBe('/grupos'));
    expect(impactoAsked).toEqual([{ id: '2', nome: 'Grupo Norte Rede', marcaIds: ['3'], active: true }]);
    expect(saved).toEqual([
      { operation: 'update', input: { id: '2', version: 1, nome: 'Grupo Norte Rede', marcaIds: ['3'], active: true } },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Grupo Norte Rede salvo')).toBeInTheDocument();
  });

  it("shows the API's field error under the name and stays on the form", async () => {
    server.use(
      api.mutation('grupos_update', ({ variables }) => {
        saved.push({ operation: 'update', input: variables.input });
        return HttpResponse.json({
          errors: [
            {
              message: 'Verifique os dados!',
              extensions: { code: 'BAD_USER_INPUT', fieldErrors: { nome: 'Já existe um grupo com este nome' } },
            },
          ],
          data: null,
        });
      }),
    );
    const user = userEvent.setup({ delay: null });
    const { location } = renderAt('/grupos/2');
    await waitFor(() => expect(nomeField()).toHaveValue('Grupo Norte'));
    await user.clear(nomeField());
    await user.type(nomeField(), 'Grupo Sul');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const message = await screen.findByText('Já existe um grupo com este nome');
    expect(nomeField().closest('.MuiFormControl-root')).toContainElement(message);
    expect(nomeField()).toHaveAttribute('aria-invalid', 'true');
    expect(saved).toHaveLength(1);
    expect(location()).toBe('/grupos/2');
    // Changing the name clears the server's error on it.
    await user.type(nomeField(), ' Novo');
    await waitFor(() => expect(screen.queryByText('Já existe um grupo com este nome')).not.toBeInTheDocument());
    expect(nomeField()).toHaveAttribute('aria-invalid', 'false');
  });

  it('asks the impact of an inactivation through the form too', async () => {
    impacto = { dealersDesvinculados: 0, dealersInativados: 5, usuariosInativados: 7 };
    const user = userEvent.setup({ delay: null });
    renderAt('/grupos/1');
    await waitFor(() => expect(nomeField()).toHaveValue('Grupo Sul'));
    await user.click(screen.getByRole('switch', { name: 'Ativo' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('inativar 5 dealers')).toBeInTheDocument();
    expect(within(dialog).getByText('inativar 7 usuários')).toBeInTheDocument();
    expect(impactoAsked).toEqual([{ id: '1', nome: 'Grupo Sul', marcaIds: ['1', '2'], active: false }]);
  });
});

describe('/grupos/novo', { timeout: 20_000 }, () => {
  it('requires a name and a brand, and sends nothing until they are given', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/grupos/novo');
    expect(screen.getByRole('heading', { level: 1, name: 'Novo grupo econômico' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Campo obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Selecione pelo menos 1')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('creates an active group without asking for an impact', async () => {
    const user = userEvent.setup({ delay: null });
    const { location } = renderAt('/grupos/novo');
    await user.type(await screen.findByRole('textbox', { name: /^Nome/ }), 'Grupo Oeste');
    await user.click(screen.getByRole('combobox', { name: /^Marcas/ }));
    await user.click(await screen.findByRole('option', { name: 'Cometa Veículos' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(location()).toBe('/grupos'));
    expect(saved).toEqual([{ operation: 'create', input: { nome: 'Grupo Oeste', marcaIds: ['3'], active: true } }]);
    expect(impactoAsked).toEqual([]);
    expect(await screen.findByText('Grupo Oeste salvo')).toBeInTheDocument();
  });
});
