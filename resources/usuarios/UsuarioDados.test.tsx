import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setAccessTokenGetter } from '../../providers/dataProvider';
import { renderResource } from '../../src/testing/renderResource';
import { api, calls, cargosListed, choose, progress, wizardHandlers, type User } from './testing';
import UsuarioCreate from './UsuarioCreate';
import UsuarioEdit from './UsuarioEdit';
import { NOVO_USUARIO_DADOS, USUARIO } from './usuarios.fixtures';
import { mockApiServer } from '../../src/testing/mockApi';

// Step 1 of the user wizard: personal data, network, phones, management data, positions.

const server = mockApiServer(...wizardHandlers());
beforeEach(() => setAccessTokenGetter(async () => 'token-1'));
afterEach(() => {
  calls.clear();
});

const renderAt = (path: string) => renderResource('usuarios', { create: UsuarioCreate, edit: UsuarioEdit }, path);
/** The create wizard at step 1 with these values (react-admin's `?source=`). */
const renderNewWith = (values: object) =>
  renderAt(`/usuarios/novo?passo=1&source=${encodeURIComponent(JSON.stringify(values))}`);

const textbox = (name: RegExp) => screen.getByRole('textbox', { name });
const chipsOf = (label: RegExp) =>
  [
    ...(screen
      .getByRole('combobox', { name: label })
      .closest('.MuiAutocomplete-root')
      ?.querySelectorAll('.MuiChip-label') ?? []),
  ].map((chip) => chip.textContent);

async function fillCargo(
  user: User,
  cargo: { dealer?: string; cargo?: string; departamento?: string; inicio?: string },
) {
  if (cargo.dealer) await choose(user, /^Dealer$/, cargo.dealer);
  if (cargo.cargo) await choose(user, /^Cargo$/, cargo.cargo);
  if (cargo.departamento) await choose(user, /^Departamento$/, cargo.departamento);
  if (cargo.inicio) fireEvent.change(screen.getByLabelText('Início no cargo'), { target: { value: cargo.inicio } });
}

/** A dealer-group user with one dealer and no position yet. */
const COM_DEALER = { ...NOVO_USUARIO_DADOS, cargos: [] };

describe('/usuarios/novo, step 1', { timeout: 30_000 }, () => {
  it('has two steps and refuses to move on with the invalid fields of the first', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/usuarios/novo');
    expect(screen.getByRole('heading', { level: 1, name: 'Novo usuário' })).toBeInTheDocument();
    await screen.findByRole('textbox', { name: /^Nome/ });
    expect(screen.getByText('Novo usuário', { selector: 'p' })).toBeInTheDocument();
    // Name, e-mail and type are marked required.
    for (const label of ['Nome', 'E-mail', 'Tipo de usuário']) {
      expect(screen.getByText(label, { selector: 'label > span' }).parentElement, label).toHaveTextContent(/\*$/);
    }
    expect(progress()).toEqual({ step: '1', segments: ['100', '0'], title: 'Dados do usuário' });
    await user.type(textbox(/^E-mail$/), 'ana@');
    await user.click(screen.getByRole('button', { name: 'Avançar' }));
    expect(await screen.findByText('E-mail inválido')).toBeInTheDocument();
    // Name and type.
    expect(screen.getAllByText('Campo obrigatório')).toHaveLength(2);
    expect(progress().step).toBe('1');
    expect(calls.produtosAsked).toEqual([]);
  });

  it('lowercases the e-mail when it loses the focus', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/usuarios/novo');
    await user.type(await screen.findByRole('textbox', { name: /^E-mail$/ }), 'Ana.Souza@Aurora.TEST');
    expect(textbox(/^E-mail$/)).toHaveValue('Ana.Souza@Aurora.TEST');
    await user.tab();
    await waitFor(() => expect(textbox(/^E-mail$/)).toHaveValue('ana.souza@aurora.test'));
  });

  it('masks the CPF as it is typed and checks it', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/usuarios/novo');
    await user.type(await screen.findByRole('textbox', { name: /^CPF/ }), '52998224700');
    expect(textbox(/^CPF/)).toHaveValue('529.982.247-00');
    await user.click(screen.getByRole('button', { name: 'Avançar' }));
    expect(await screen.findByText('CPF inválido')).toBeInTheDocument();
  });

  it('clears the groups, the dealers and their positions when the user type changes', async () => {
    const user = userEvent.setup({ delay: null });
    renderNewWith({ ...NOVO_USUARIO_DADOS, grupoIds: ['7'] });
    await screen.findByRole('combobox', { name: /^Dealers/ });
    expect(chipsOf(/^Dealers/)).toEqual(['Aurora Centro']);
    expect(chipsOf(/^Grupos econômicos/)).toEqual(['Grupo Sul']);
    expect(cargosListed()).toHaveLength(1);
    await choose(user, /^Tipo de usuário/, 'Montadora');
    await waitFor(() => expect(chipsOf(/^Dealers/)).toEqual([]));
    expect(chipsOf(/^Grupos econômicos/)).toEqual([]);
    // The brands stay.
    expect(chipsOf(/^Marcas/)).toEqual(['Aurora Motors']);
    // A manufacturer gives no positions (PORTAL_PROPERTIES): the block is gone.
    expect(screen.queryByRole('heading', { name: 'Cargos' })).not.toBeInTheDocument();
  });

  it('clears the groups and dealers when the brands change, and offers the dealers of the brands chosen', async () => {
    const user = userEvent.setup({ delay: null });
    renderNewWith({ ...NOVO_USUARIO_DADOS, grupoIds: ['7'] });
    await screen.findByRole('combobox', { name: /^Dealers/ });
    await user.click(screen.getByRole('combobox', { name: /^Marcas/ }));
    await user.click(await screen.findByRole('option', { name: 'Boreal Caminhões' }));
    await waitFor(() => expect(chipsOf(/^Dealers/)).toEqual([]));
    expect(chipsOf(/^Grupos econômicos/)).toEqual([]);
    expect(chipsOf(/^Marcas/)).toEqual(['Aurora Motors', 'Boreal Caminhões']);
    expect(cargosListed()).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: /^Dealers/ }));
    await user.type(screen.getByRole('combobox', { name: /^Dealers/ }), 'sul');
    // Only active dealers of the chosen brands, searched by name.
    await waitFor(() =>
      expect(calls.dealersAsked).toContainEqual(
        expect.objectContaining({ busca: 'sul', marcaIds: ['1', '2'], active: true }),
      ),
    );
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Boreal Sul']));
    await user.click(screen.getByRole('option', { name: 'Boreal Sul' }));
    await waitFor(() => expect(chipsOf(/^Dealers/)).toEqual(['Boreal Sul']));
    expect(calls.dealersAsked.every((input) => input.active === true)).toBe(true);
  });

  it('asks the management data of a type that gives them, once every dealer has a position', async () => {
    const user = userEvent.setup({ delay: null });
    renderNewWith({ nome: 'Bruno Lima', email: 'bruno@boreal.test', tipo: 'MONTADORA' });
    await screen.findByRole('heading', { name: 'Dados de gestão' });
    await user.click(screen.getByRole('button', { name: 'Avançar' }));
    await waitFor(() => expect(screen.getAllByText('Campo obrigatório')).toHaveLength(2));
    const admissao = screen.getByLabelText('Data de admissão');
    expect(admissao.closest('.MuiFormControl-root')).toHaveTextContent('Campo obrigatório');
    expect(textbox(/^E-mail do superior/).closest('.MuiFormControl-root')).toHaveTextContent('Campo obrigatório');
    expect(progress().step).toBe('1');

    fireEvent.change(admissao, { target: { value: '2026-03-01' } });
    await user.type(textbox(/^E-mail do superior/), 'Chefe@Boreal.test');
    await user.tab();
    fireEvent.change(screen.getByLabelText('Data do desligamento'), { target: { value: '2026-02-01' } });
    await user.click(screen.getByRole('button', { name: 'Avançar' }));
    expect(await screen.findByText('O desligamento não pode ser anterior à admissão')).toBeInTheDocument();
    expect(textbox(/^E-mail do superior/)).toHaveValue('chefe@boreal.test');
  });

  it('requires a position at each chosen dealer of a type that gives positions', async () => {
    const user = userEvent.setup({ delay: null });
    renderNewWith(COM_DEALER);
    await screen.findByRole('heading', { name: 'Cargos' });
    expect(screen.getByText('Nenhum cargo adicionado.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Avançar' }));
    expect(await screen.findByText('Informe um cargo para cada dealer escolhido')).toBeInTheDocument();
    expect(progress().step).toBe('1');
  });

  it('adds a position after the API allows it, and removes it', async () => {
    const user = userEvent.setup({ delay: null });
    renderNewWith(COM_DEALER);
    await screen.findByRole('heading', { name: 'Cargos' });
    await fillCargo(user, {
      dealer: 'Aurora Centro',
      cargo: 'Vendedor',
      departamento: 'Comercial',
      inicio: '2026-01-05',
    });
    await user.click(screen.getByRole('button', { name: 'Adicionar cargo' }));
    await waitFor(() => expect(cargosListed()).toHaveLength(1));
    expect(cargosListed()[0]).toContain('Vendedor em Aurora Centro, desde 05/01/2026');
    expect(cargosListed()[0]).toContain('Comercial');
    expect(calls.podeAdicionar).toEqual([
      {
        cargoAdicionadoInput: { cargoId: '4', dealerId: '5', departamentoId: '9', dataInicio: '2026-01-05' },
        cargosInputs: [],
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Remover Vendedor' }));
    await waitFor(() => expect(cargosListed()).toEqual([]));
  });

  it('says what is missing before asking the API', async () => {
    const user = userEvent.setup({ delay: null });
    renderNewWith(COM_DEALER);
    await screen.findByRole('heading', { name: 'Cargos' });
    await fillCargo(user, { dealer: 'Aurora Centro', cargo: 'Vendedor', inicio: '2026-01-05' });
    await user.click(screen.getByRole('button', { name: 'Adicionar cargo' }));
    expect(
      await screen.findByText('Informe o dealer, o cargo, o departamento (quando pedido) e a data de início'),
    ).toBeInTheDocument();
    expect(calls.podeAdicionar).toEqual([]);
    expect(cargosListed()).toEqual([]);
  });

  it('refuses the same position twice at a dealer', async () => {
    const user = userEvent.setup({ delay: null });
    renderNewWith(NOVO_USUARIO_DADOS);
    await screen.findByRole('heading', { name: 'Cargos' });
    await fillCargo(user, {
      dealer: 'Aurora Centro',
      cargo: 'Vendedor',
      departamento: 'Comercial',
      inicio: '2026-02-01',
    });
    await user.click(screen.getByRole('button', { name: 'Adicionar cargo' }));
    expect(await screen.findByText('Este cargo já foi adicionado a este dealer')).toBeInTheDocument();
    expect(calls.podeAdicionar).toEqual([]);
    expect(cargosListed()).toHaveLength(1);
  });

  it('refuses a position starting before those already at the dealer', async () => {
    const user = userEvent.setup({ delay: null });
    renderNewWith(NOVO_USUARIO_DADOS);
    await screen.findByRole('heading', { name: 'Cargos' });
    await fillCargo(user, {
      dealer: 'Aurora Centro',
      cargo: 'Gerente de vendas',
      departamento: 'Comercial',
      inicio: '2025-12-31',
    });
    await user.click(screen.getByRole('button', { name: 'Adicionar cargo' }));
    expect(
      await screen.findByText('O início deve ser posterior ao dos cargos já adicionados neste dealer'),
    ).toBeInTheDocument();
    expect(cargosListed()).toHaveLength(1);
  });

  it("does not add a position the API's check refuses", async () => {
    server.use(api.query('usuarios_podeAdicionarCargo', () => HttpResponse.json({ data: { result: false } })));
    const user = userEvent.setup({ delay: null });
    renderNewWith(NOVO_USUARIO_DADOS);
    await screen.findByRole('heading', { name: 'Cargos' });
    await fillCargo(user, {
      dealer: 'Aurora Centro',
      cargo: 'Gerente de vendas',
      departamento: 'Comercial',
      inicio: '2026-02-01',
    });
    await user.click(screen.getByRole('button', { name: 'Adicionar cargo' }));
    expect(await screen.findByText('O cargo não pode ser adicionado a este usuário.')).toBeInTheDocument();
    expect(cargosListed()).toHaveLength(1);
  });

  it('adds phones and mobiles as tags with Enter or the button', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/usuarios/novo');
    await user.type(await screen.findByRole('textbox', { name: /^Telefone/ }), '1133445566{Enter}');
    await user.type(textbox(/^Celular/), '11987654321');
    await user.click(within(textbox(/^Celular/).closest('.MuiBox-root')!).getByRole('button', { name: 'Adicionar' }));
    expect(within(screen.getByRole('list', { name: 'Telefone' })).getByRole('listitem')).toHaveTextContent(
      '(11) 3344-5566',
    );
    expect(within(screen.getByRole('list', { name: 'Celular' })).getByRole('listitem')).toHaveTextContent(
      '(11) 98765-4321',
    );
  });
});

describe('/usuarios/:id, step 1', { timeout: 30_000 }, () => {
  it('shows the user with e-mail, type and the CPF already filled locked', async () => {
    renderAt('/usuarios/41');
    expect(screen.getByRole('heading', { level: 1, name: 'Editar usuário' })).toBeInTheDocument();
    expect(await screen.findByText('Ana Souza', { selector: 'p' })).toBeInTheDocument();
    expect(textbox(/^CPF/)).toHaveValue('529.982.247-25');
    // Read-only, not disabled: react-hook-form leaves a disabled field out of what it validates and submits.
    expect(textbox(/^CPF/)).toHaveAttribute('readonly');
    expect(textbox(/^E-mail$/)).toHaveAttribute('readonly');
    expect(screen.getByRole('combobox', { name: /^Tipo de usuário/ })).toHaveAttribute('aria-disabled', 'true');
    expect(textbox(/^Nome/)).toBeEnabled();
    expect(chipsOf(/^Dealers/)).toEqual(['Aurora Centro']);
    expect(cargosListed()[0]).toContain('Gerente de vendas em Aurora Centro, desde 01/02/2025');
  });

  it('leaves the CPF open when the saved user has none', async () => {
    server.use(
      api.query('usuarios_getOne', () =>
        HttpResponse.json({
          data: {
            result: {
              ...USUARIO,
              cpf: null,
            },
          },
        }),
      ),
    );
    renderAt('/usuarios/41');
    await screen.findByText('Ana Souza', { selector: 'p' });
    expect(textbox(/^CPF/)).not.toHaveAttribute('readonly');
    expect(textbox(/^E-mail$/)).toHaveAttribute('readonly');
  });

  it('saves a change made on the first step, with the locked e-mail and type', async () => {
    const user = userEvent.setup({ delay: null });
    const { location } = renderAt('/usuarios/41');
    await screen.findByText('Ana Souza', { selector: 'p' });
    // The locked type cannot be changed.
    await user.click(screen.getByRole('combobox', { name: /^Tipo de usuário/ }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.clear(textbox(/^Nome/));
    await user.type(textbox(/^Nome/), 'Ana Souza Lima');
    await user.click(screen.getByRole('button', { name: 'Avançar' }));
    await waitFor(() => expect(progress().step).toBe('2'));
    await screen.findByRole('region', { name: 'Portal' });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Salvar o usuário Ana Souza Lima?' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(location()).toBe('/usuarios'));
    expect(screen.queryByText('Campo obrigatório')).not.toBeInTheDocument();
    expect(calls.saved).toHaveLength(1);
    expect(calls.saved[0].variables.input).toMatchObject({
      id: '41',
      nome: 'Ana Souza Lima',
      email: 'ana@aurora.test',
      cpf: '529.982.247-25',
      tipo: 'DEALER_GRUPO',
    });
  });
});
