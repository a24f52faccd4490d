import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import type { AuthProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setAccessTokenGetter } from '../../providers/dataProvider';
import { renderResource } from '../../src/testing/renderResource';
import { api, calls, cargosListed, progress, wizardHandlers, type User } from './testing';
import UsuarioCreate from './UsuarioCreate';
import UsuarioEdit from './UsuarioEdit';
import { NOVO_USUARIO_DADOS } from './usuarios.fixtures';
import { mockApiServer } from '../../src/testing/mockApi';

// Step 2 of the user wizard (permissions per product), the save, and the permissions tour.

const onboardingSeen: unknown[] = [];
const server = mockApiServer(
  ...wizardHandlers(),
  api.mutation('sessao_onboardingVisto', ({ variables }) => {
    onboardingSeen.push(variables.id);
    return HttpResponse.json({ data: { result: true } });
  }),
);
beforeEach(() => setAccessTokenGetter(async () => 'token-1'));
afterEach(() => {
  calls.clear();
  onboardingSeen.length = 0;
});

const renderAt = (path: string, options: { authProvider?: AuthProvider } = {}) =>
  renderResource('usuarios', { create: UsuarioCreate, edit: UsuarioEdit }, path, options);
/** The create wizard at step 2 with a valid first step (react-admin's `?source=`). */
const renderNewAtPermissoes = (values: object = NOVO_USUARIO_DADOS, options?: { authProvider?: AuthProvider }) =>
  renderAt(`/usuarios/novo?passo=2&source=${encodeURIComponent(JSON.stringify(values))}`, options);

// `hidden`: also while a dialog above makes the page inert.
const produto = (nome: string) => screen.getByRole('region', { name: nome, hidden: true });
const checkbox = (produtoNome: string, label: string) =>
  within(produto(produtoNome)).getByRole('checkbox', { name: label, hidden: true });
const checked = (produtoNome: string) =>
  within(produto(produtoNome))
    .getAllByRole('checkbox', { hidden: true })
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => box.closest('label')?.textContent);

async function saveConfirmed(user: User) {
  await user.click(screen.getByRole('button', { name: 'Salvar' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
}

describe('/usuarios/novo, step 2', { timeout: 30_000 }, () => {
  it("offers the products of the user's type and dealers", async () => {
    renderNewAtPermissoes();
    expect(await screen.findByRole('region', { name: 'Portal' })).toBeInTheDocument();
    expect(progress()).toEqual({ step: '2', segments: ['100', '100'], title: 'Permissões por produto' });
    expect(screen.getByRole('region', { name: 'Portal Peças' })).toBeInTheDocument();
    expect(calls.produtosAsked).toEqual([{ idsDealer: ['5'], tipoUsuario: 'DEALER_GRUPO' }]);
    expect(checked('Portal')).toEqual([]);
  });

  it('ticks the default features of an access type chosen, and drops those no other chosen type has', async () => {
    const user = userEvent.setup({ delay: null });
    renderNewAtPermissoes();
    await screen.findByRole('region', { name: 'Portal' });
    await user.click(checkbox('Portal', 'Gestor'));
    expect(checked('Portal')).toEqual(['Gestor', 'Ver comunicados', 'Criar comunicados']);
    await user.click(checkbox('Portal', 'Leitor'));
    await user.click(checkbox('Portal', 'Aprovar comunicados'));
    await user.click(checkbox('Portal', 'Gestor'));
    // Leitor keeps its default (Ver); Gestor's other one goes; Aprovar was ticked by hand.
    expect(checked('Portal')).toEqual(['Leitor', 'Ver comunicados', 'Aprovar comunicados']);
  });

  it('names the access types left without any of their default features, at the top of the step', async () => {
    const user = userEvent.setup({ delay: null });
    renderNewAtPermissoes();
    await screen.findByRole('region', { name: 'Portal' });
    await user.click(checkbox('Portal', 'Gestor'));
    await user.click(checkbox('Portal', 'Ver comunicados'));
    await user.click(checkbox('Portal', 'Criar comunicados'));
    await user.click(checkbox('Portal Peças', 'Consulta'));
    await user.click(checkbox('Portal Peças', 'Consultar peças'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Marque pelo menos uma funcionalidade padrão destes tipos de acesso: Consulta, Gestor',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.saved).toEqual([]);
    // Ticking a default of each clears it.
    await user.click(checkbox('Portal', 'Criar comunicados'));
    await user.click(checkbox('Portal Peças', 'Consultar peças'));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it("copies another user's permissions once the replacement is confirmed", async () => {
    const user = userEvent.setup({ delay: null });
    renderNewAtPermissoes();
    await screen.findByRole('region', { name: 'Portal' });
    await user.click(checkbox('Portal', 'Leitor'));
    await user.click(screen.getByRole('button', { name: 'Copiar permissões de outro usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copiar permissões de outro usuário' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Usuário' }));
    await user.click(await screen.findByRole('option', { name: 'Carla Dias (carla@aurora.test)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Copiar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Substituir as permissões?' });
    expect(confirm).toHaveTextContent('As permissões escolhidas até aqui serão substituídas pelas de Carla Dias.');
    // Nothing changes before the confirmation.
    expect(checked('Portal')).toEqual(['Leitor', 'Ver comunicados']);
    await user.click(within(confirm).getByRole('button', { name: 'Substituir' }));
    expect(await screen.findByText('Permissões de Carla Dias copiadas')).toBeInTheDocument();
    await waitFor(() =>
      expect(checked('Portal')).toEqual(['Gestor', 'Ver comunicados', 'Criar comunicados', 'Aprovar comunicados']),
    );
    expect(checked('Portal Peças')).toEqual(['Consulta', 'Consultar peças']);
  });

  it('copies a set the form accepts: each access type with its defaults, only what is offered', async () => {
    // Davi holds Consulta without its default feature (older data) and a product not offered here.
    server.use(
      api.query('usuarios_info', () =>
        HttpResponse.json({
          data: {
            result: [
              {
                produtoId: '2',
                produto: { id: '2', nome: 'Portal Peças' },
                tiposAcessoIds: ['20'],
                funcionalidadeIds: [],
              },
              {
                produtoId: '9',
                produto: { id: '9', nome: 'Garantia' },
                tiposAcessoIds: ['90'],
                funcionalidadeIds: ['900'],
              },
            ],
          },
        }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    const { location } = renderNewAtPermissoes();
    await screen.findByRole('region', { name: 'Portal' });
    await user.click(screen.getByRole('button', { name: 'Copiar permissões de outro usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copiar permissões de outro usuário' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Usuário' }));
    await user.click(await screen.findByRole('option', { name: 'Davi Reis (davi@aurora.test)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Copiar' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Substituir as permissões?' })).getByRole('button', {
        name: 'Substituir',
      }),
    );
    await waitFor(() => expect(checked('Portal Peças')).toEqual(['Consulta', 'Consultar peças']));
    expect(screen.queryByText(/Marque pelo menos uma funcionalidade padrão/)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await saveConfirmed(user);
    await waitFor(() => expect(location()).toBe('/usuarios'));
    expect(calls.saved[0].variables.infos).toEqual([
      { produtoId: '2', tiposAcessoIds: ['20'], funcionalidadeIds: ['200'] },
    ]);
  });

  it('warns before saving a user without any product permission', async () => {
    const user = userEvent.setup({ delay: null });
    renderNewAtPermissoes();
    await screen.findByRole('region', { name: 'Portal' });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Salvar o usuário Eva Prado?' });
    expect(dialog).toHaveTextContent('nenhuma permissão de produto foi marcada');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // With a permission the usual confirmation.
    await user.click(checkbox('Portal', 'Leitor'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('dialog', { name: 'Salvar o usuário Eva Prado?' })).toHaveTextContent(
      'Os dados, cargos e permissões informados serão gravados.',
    );
  });

  it('keeps the permissions when the copy is not confirmed', async () => {
    const user = userEvent.setup({ delay: null });
    renderNewAtPermissoes();
    await screen.findByRole('region', { name: 'Portal' });
    await user.click(checkbox('Portal', 'Leitor'));
    await user.click(screen.getByRole('button', { name: 'Copiar permissões de outro usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copiar permissões de outro usuário' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Usuário' }));
    await user.click(await screen.findByRole('option', { name: 'Carla Dias (carla@aurora.test)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Copiar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Substituir as permissões?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Substituir as permissões?' })).not.toBeInTheDocument(),
    );
    expect(checked('Portal')).toEqual(['Leitor', 'Ver comunicados']);
    expect(checked('Portal Peças')).toEqual([]);
  });

  it('saves after confirmation with salvarUsuario(usuario, cargos, infos), then goes to the list', async () => {
    const user = userEvent.setup({ delay: null });
    const { location } = renderNewAtPermissoes();
    await screen.findByRole('region', { name: 'Portal' });
    await user.click(checkbox('Portal', 'Leitor'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Salvar o usuário Eva Prado?' });
    expect(calls.saved).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(location()).toBe('/usuarios'));
    expect(await screen.findByText('Usuário Eva Prado salvo')).toBeInTheDocument();
    expect(calls.saved).toEqual([
      {
        operation: 'create',
        variables: {
          input: {
            nome: 'Eva Prado',
            email: 'eva@aurora.test',
            cpf: '529.982.247-25',
            tipo: 'DEALER_GRUPO',
            idioma: 'PT_BR',
            marcaIds: ['1'],
            grupoIds: [],
            dealerIds: ['5'],
            telefones: [],
            celulares: [],
            dataAdmissao: '2026-01-05',
            emailSuperior: 'chefe@aurora.test',
          },
          cargos: [{ cargoId: '4', dealerId: '5', departamentoId: '9', dataInicio: '2026-01-05' }],
          infos: [{ produtoId: '1', tiposAcessoIds: ['10'], funcionalidadeIds: ['100'] }],
        },
      },
    ]);
  });

  it('does not save when the confirmation is cancelled', async () => {
    const user = userEvent.setup({ delay: null });
    const { location } = renderNewAtPermissoes();
    await screen.findByRole('region', { name: 'Portal' });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Salvar o usuário Eva Prado?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.saved).toEqual([]);
    expect(location()).toBe('/usuarios/novo');
  });

  it("puts the API's field errors on the fields, back on the first step, with an error toast", async () => {
    server.use(
      api.mutation('usuarios_create', ({ variables }) => {
        calls.saved.push({ operation: 'create', variables });
        return HttpResponse.json({
          data: null,
          errors: [
            {
              message: 'Verifique os dados!',
              extensions: {
                code: 'BAD_USER_INPUT',
                fieldErrors: {
                  email: 'Este e-mail já pertence a outro usuário',
                  'cargos.0.cargoId': 'Você não pode atribuir um destes dealers',
                },
              },
            },
          ],
        });
      }),
    );
    const user = userEvent.setup({ delay: null });
    const { location } = renderNewAtPermissoes();
    await screen.findByRole('region', { name: 'Portal' });
    await saveConfirmed(user);
    expect(await screen.findByText('Este e-mail já pertence a outro usuário')).toBeInTheDocument();
    await waitFor(() => expect(progress().step).toBe('1'));
    const email = screen.getByRole('textbox', { name: /^E-mail$/ });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email.closest('.MuiFormControl-root')).toHaveTextContent('Este e-mail já pertence a outro usuário');
    expect(cargosListed()[0]).toContain('Você não pode atribuir um destes dealers');
    expect((await screen.findAllByText('Verifique os dados!')).length).toBeGreaterThan(0);
    expect(location()).toBe('/usuarios/novo');
  });
});

describe('/usuarios/:id, step 2', { timeout: 30_000 }, () => {
  it("shows the user's permissions and saves the user with their id and version", async () => {
    const user = userEvent.setup({ delay: null });
    const { location } = renderAt('/usuarios/41?passo=2');
    await screen.findByRole('region', { name: 'Portal' });
    expect(checked('Portal')).toEqual(['Leitor', 'Ver comunicados']);
    await user.click(checkbox('Portal', 'Aprovar comunicados'));
    await saveConfirmed(user);
    await waitFor(() => expect(location()).toBe('/usuarios'));
    expect(calls.saved).toHaveLength(1);
    expect(calls.saved[0]).toMatchObject({
      operation: 'update',
      variables: {
        input: expect.objectContaining({ id: '41', version: 4, nome: 'Ana Souza', tipo: 'DEALER_GRUPO' }),
        cargos: [{ cargoId: '3', dealerId: '5', departamentoId: '9', dataInicio: '2025-02-01' }],
        infos: [{ produtoId: '1', tiposAcessoIds: ['10'], funcionalidadeIds: ['100', '102'] }],
      },
    });
  });

  it('shows the permissions tour once: its first step points at the products', async () => {
    const authProvider: AuthProvider = {
      login: async () => undefined,
      logout: async () => undefined,
      checkAuth: async () => undefined,
      checkError: async () => undefined,
      getPermissions: async () => ({ tipo: 'MONTADORA', funcionalidades: ['PORTAL_MANUTENCAO_USUARIOS'] }),
      getIdentity: async () => ({ id: '1', onboardingsVistos: ['HOME'] }),
    };
    const user = userEvent.setup({ delay: null });
    renderNewAtPermissoes(NOVO_USUARIO_DADOS, { authProvider });
    await screen.findByRole('region', { name: 'Portal' });
    const tour = await screen.findByRole('dialog', { name: 'Permissões por produto' }, { timeout: 4000 });
    expect(tour).toHaveTextContent('Em cada produto, escolha os tipos de acesso');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onboardingSeen).toEqual(['USUARIO_EDICAO']));
  });
});
