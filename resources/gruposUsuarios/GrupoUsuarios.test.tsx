import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import type { AuthProvider } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { BLOCOS } from '../../domain/schemas/grupoUsuarios';
import type { PortalPermissions } from '../../providers/authProvider';
import { setAccessTokenGetter } from '../../providers/dataProvider';
import { renderResource } from '../../src/testing/renderResource';
import { mockViewport } from '../../src/testing/viewport';
import GrupoUsuariosCreate from './GrupoUsuariosCreate';
import GrupoUsuariosEdit from './GrupoUsuariosEdit';
import GrupoUsuariosList from './GrupoUsuariosList';
import {
  CARGOS,
  DESTINATARIOS,
  GRUPO_USUARIOS,
  GRUPOS,
  GRUPOS_USUARIOS_ROWS,
  MARCAS,
  PRODUTOS,
  SETORES,
  USUARIOS,
  usuarioLogado,
} from './gruposUsuarios.fixtures';
import { mockApiServer } from '../../src/testing/mockApi';

const api = graphql.link(new URL('/graphql', window.location.origin).href);
const views = { list: GrupoUsuariosList, create: GrupoUsuariosCreate, edit: GrupoUsuariosEdit };

const calls = {
  saved: [] as Record<string, unknown>[],
  favorito: [] as unknown[],
  porNome: [] as unknown[],
  usuarios: [] as string[],
  destinatarios: [] as Record<string, unknown>[],
  onboarding: [] as string[],
};
let favoritoFails = false;
let nomeTomado: { id: string; nome: string } | null = null;
let tipo: 'TECSINAPSE' | 'MONTADORA' = 'TECSINAPSE';

mockApiServer(
  api.query('gruposUsuarios_getList', () =>
    HttpResponse.json({ data: { result: { content: GRUPOS_USUARIOS_ROWS, totalElements: 3 } } }),
  ),
  api.query('gruposUsuarios_getOne', () => HttpResponse.json({ data: { result: GRUPO_USUARIOS } })),
  api.query('gruposUsuarios_usuarioLogado', () => HttpResponse.json({ data: { result: usuarioLogado(tipo) } })),
  api.query('gruposUsuarios_marcas', () => HttpResponse.json({ data: { result: MARCAS } })),
  api.query('gruposUsuarios_produtos', () => HttpResponse.json({ data: { result: PRODUTOS } })),
  api.query('gruposUsuarios_cargos', () => HttpResponse.json({ data: { result: CARGOS } })),
  api.query('gruposUsuarios_setores', () => HttpResponse.json({ data: { result: SETORES } })),
  api.query('gruposUsuarios_grupos', () => HttpResponse.json({ data: { result: GRUPOS } })),
  api.query('gruposUsuarios_ativos', () => HttpResponse.json({ data: { result: GRUPOS_USUARIOS_ROWS.slice(0, 2) } })),
  api.query('gruposUsuarios_porNome', ({ variables }) => {
    calls.porNome.push(variables.nome);
    return HttpResponse.json({ data: { result: nomeTomado } });
  }),
  api.query('gruposUsuarios_usuarios', ({ variables }) => {
    calls.usuarios.push(String(variables.nome));
    const nome = String(variables.nome).toLowerCase();
    return HttpResponse.json({
      data: { result: USUARIOS.filter((u) => u.nome.toLowerCase().startsWith(nome)) },
    });
  }),
  api.query('gruposUsuarios_destinatarios', ({ variables }) => {
    const filter = variables.filterInput as Record<string, unknown> & {
      definicao?: { usuarioRemovidoIds: string[] };
      grupos?: string[];
    };
    calls.destinatarios.push(filter);
    // As the server refuses a draft with an empty block: BAD_USER_INPUT naming each field.
    const definicao = (filter.definicao ?? {}) as Record<string, unknown>;
    const vazios = Object.entries(BLOCOS).flatMap(([bloco, campos]) =>
      definicao[bloco]
        ? campos.slice(0, 2).filter((campo) => !(definicao[campo] as unknown[] | undefined)?.length)
        : [],
    );
    if (vazios.length) {
      const fieldErrors = Object.fromEntries(
        vazios.map((campo) => [`definicao.${campo}`, 'Escolha ao menos um item neste bloco']),
      );
      return HttpResponse.json({
        data: null,
        errors: [{ message: 'Verifique os dados!', extensions: { code: 'BAD_USER_INPUT', fieldErrors } }],
      });
    }
    const removidos = filter.definicao?.usuarioRemovidoIds ?? [];
    const content = DESTINATARIOS.map((d) => ({ ...d, removido: removidos.includes(d.id) }));
    const incluidos = content.filter((d) => !d.removido).length;
    return HttpResponse.json({
      data: {
        result: {
          content,
          totalElements: filter.grupos ? 16 : content.length,
          totalDestinatarios: filter.grupos ? 16 : incluidos,
        },
      },
    });
  }),
  api.mutation('gruposUsuarios_favorito', ({ variables }) => {
    calls.favorito.push(variables.id);
    if (favoritoFails) {
      return HttpResponse.json({ data: null, errors: [{ message: 'Falhou', extensions: { code: 'INTERNAL' } }] });
    }
    return HttpResponse.json({ data: { result: { id: variables.id, favorito: true } } });
  }),
  api.mutation('gruposUsuarios_create', ({ variables }) => {
    calls.saved.push(variables.input);
    return HttpResponse.json({ data: { result: { ...GRUPO_USUARIOS, id: '9', nome: variables.input.nome } } });
  }),
  api.mutation('gruposUsuarios_update', ({ variables }) => {
    calls.saved.push(variables.input);
    return HttpResponse.json({ data: { result: { ...GRUPO_USUARIOS, nome: variables.input.nome } } });
  }),
  api.mutation('sessao_onboardingVisto', ({ variables }) => {
    calls.onboarding.push(String(variables.id));
    return HttpResponse.json({ data: { result: true } });
  }),
  api.mutation('gruposUsuarios_importar', ({ variables }) =>
    HttpResponse.json({
      data: {
        result: (variables.ids as string[]).map((id) => ({
          ...GRUPO_USUARIOS,
          id,
          possuiCargos: true,
          cargos: [CARGOS[1]],
        })),
      },
    }),
  ),
);

const STAFF: PortalPermissions = { tipo: 'TECSINAPSE', funcionalidades: [] };
const SEM_PUBLICO: PortalPermissions = { tipo: 'MONTADORA', funcionalidades: ['PORTAL_MANUTENCAO_GRUPOS_USUARIOS'] };
const authAs = (permissions: PortalPermissions, vistos = ['GRUPO_USUARIO']): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => permissions,
  // The form's tour counts as seen.
  getIdentity: async () => ({ id: '1', fullName: 'Super', onboardingsVistos: vistos }),
});

beforeEach(() => {
  setAccessTokenGetter(async () => 'token-1');
  favoritoFails = false;
  nomeTomado = null;
  tipo = 'TECSINAPSE';
  for (const list of Object.values(calls)) list.length = 0;
});

const render = (path: string, permissions = STAFF) =>
  renderResource('gruposUsuarios', views, path, { authProvider: authAs(permissions) });
const user = () => userEvent.setup({ delay: null });
// Whole forms with several autocompletes: slower than the 5 s default on a loaded 2-CPU machine.
const SLOW = 30_000;
const saveButton = () => screen.getByRole('button', { name: 'Salvar' });

async function choose(u: ReturnType<typeof user>, label: RegExp, option: string) {
  await u.click(screen.getByRole('combobox', { name: label }));
  await u.click(await screen.findByRole('option', { name: option }));
}

describe('/gruposUsuarios', () => {
  it('shows favourites, visibility, creator and recipient counts', async () => {
    render('/gruposUsuarios');
    const row = (await screen.findByText('Gerentes Aurora')).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Desmarcar Gerentes Aurora como favorito' })).toBeInTheDocument();
    expect(row).toHaveTextContent('Público');
    expect(row).toHaveTextContent('Super Administrador');
    expect(row).toHaveTextContent('12');
    const oficinas = screen.getByText('Oficinas Sul').closest('tr')!;
    expect(oficinas).toHaveTextContent('Privado');
    expect(within(oficinas).getByRole('button', { name: 'Marcar Oficinas Sul como favorito' })).toBeInTheDocument();
  });

  it('stars a group at once and asks atualizarGrupoFavorito', async () => {
    const u = user();
    render('/gruposUsuarios');
    await u.click(await screen.findByRole('button', { name: 'Marcar Oficinas Sul como favorito' }));
    expect(screen.getByRole('button', { name: 'Desmarcar Oficinas Sul como favorito' })).toBeInTheDocument();
    await waitFor(() => expect(calls.favorito).toEqual(['2']));
  });

  it('reverts the star with an error toast when the change fails', async () => {
    favoritoFails = true;
    const u = user();
    render('/gruposUsuarios');
    await u.click(await screen.findByRole('button', { name: 'Marcar Oficinas Sul como favorito' }));
    expect(await screen.findByText('Não foi possível alterar o favorito de Oficinas Sul')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Marcar Oficinas Sul como favorito' })).toBeInTheDocument();
    expect(calls.favorito).toEqual(['2']);
  });

  it('under 768 px keeps the star as a button of each row, beside its link', async () => {
    const viewport = mockViewport(375);
    try {
      const u = user();
      render('/gruposUsuarios');
      const link = await screen.findByRole('link', { name: /Oficinas Sul/ });
      const star = within(link.closest('li')!).getByRole('button', { name: 'Marcar Oficinas Sul como favorito' });
      expect(link).not.toContainElement(star);
      await u.click(star);
      await waitFor(() => expect(calls.favorito).toEqual(['2']));
    } finally {
      viewport.mockRestore();
    }
  });
});

describe('/gruposUsuarios/novo', () => {
  it('starts public for who may create public groups, private and locked otherwise', async () => {
    render('/gruposUsuarios/novo');
    expect(await screen.findByRole('switch', { name: 'Visibilidade' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Visibilidade' })).toBeEnabled();
  });

  it(
    'keeps a caller without the public-groups key to a private group, and sends it private',
    async () => {
      tipo = 'MONTADORA';
      const u = user();
      render('/gruposUsuarios/novo', SEM_PUBLICO);
      const publico = await screen.findByRole('switch', { name: 'Visibilidade' });
      expect(publico).not.toBeChecked();
      expect(publico).toBeDisabled();
      expect(screen.getByText('Você só pode criar grupos privados.')).toBeInTheDocument();
      // The locked switch's value is submitted (issue #25: a disabled input sent nothing, and the
      // server's default was refused to a manufacturer).
      await u.type(screen.getByRole('textbox', { name: /^Nome/ }), 'Privado da montadora');
      await u.click(screen.getByRole('checkbox', { name: 'Cargos' }));
      await choose(u, /^Cargos/, 'Vendedor');
      await u.click(saveButton());
      await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(calls.saved).toHaveLength(1));
      expect(calls.saved[0]).toMatchObject({ nome: 'Privado da montadora', publico: false, cargoIds: ['1'] });
    },
    SLOW,
  );

  it('explains how blocks combine, and saves only with a block on', async () => {
    const u = user();
    render('/gruposUsuarios/novo');
    expect(
      await screen.findByText(/Os destinatários são os usuários ativos que atendem a todos os blocos/),
    ).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await u.click(screen.getByRole('checkbox', { name: 'Cargos' }));
    expect(saveButton()).toBeEnabled();
    await u.click(screen.getByRole('checkbox', { name: 'Cargos' }));
    expect(saveButton()).toBeDisabled();
  });

  it(
    'opens a block when checked and clears its values when unchecked',
    async () => {
      const u = user();
      render('/gruposUsuarios/novo');
      await u.click(await screen.findByRole('checkbox', { name: 'Cargos' }));
      await choose(u, /^Cargos/, 'Vendedor');
      expect(screen.getByRole('button', { name: 'Vendedor' })).toBeInTheDocument();
      await u.click(screen.getByRole('checkbox', { name: 'Cargos' }));
      expect(screen.queryByRole('combobox', { name: /^Cargos/ })).not.toBeInTheDocument();
      await u.click(screen.getByRole('checkbox', { name: 'Cargos' }));
      expect(screen.queryByRole('button', { name: 'Vendedor' })).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'unchecking the profile clears brands and user types',
    async () => {
      const u = user();
      render('/gruposUsuarios/novo');
      await u.click(await screen.findByRole('checkbox', { name: 'Perfil' }));
      await choose(u, /^Marcas/, 'Aurora Motors');
      await choose(u, /^Tipos de usuário/, 'Montadora');
      await u.click(screen.getByRole('checkbox', { name: 'Perfil' }));
      await u.click(screen.getByRole('checkbox', { name: 'Perfil' }));
      expect(screen.queryByRole('button', { name: 'Aurora Motors' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Montadora' })).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "offers only the caller's brands, and access types, all dealers and dealers only with the dealer-group type",
    async () => {
      const u = user();
      render('/gruposUsuarios/novo');
      await u.click(await screen.findByRole('checkbox', { name: 'Perfil' }));
      await u.click(screen.getByRole('combobox', { name: /^Marcas/ }));
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Aurora Motors', 'Boreal Caminhões']);
      await u.keyboard('{Escape}');
      expect(screen.queryByRole('combobox', { name: /^Tipos de acesso/ })).not.toBeInTheDocument();
      await choose(u, /^Tipos de usuário/, 'Dealer / Grupo');
      await choose(u, /^Tipos de acesso/, 'Gestor');
      // All dealers locks the dealer picker; unchecking it frees the picker again.
      await u.click(screen.getByRole('checkbox', { name: 'Todos os dealers' }));
      expect(screen.getByRole('combobox', { name: /^Dealers/ })).toBeDisabled();
      await u.click(screen.getByRole('checkbox', { name: 'Todos os dealers' }));
      expect(screen.getByRole('combobox', { name: /^Dealers/ })).toBeEnabled();
      await u.click(screen.getByRole('checkbox', { name: 'Todos os dealers' }));
      // Dropping the dealer-group type clears all-dealers and the access types.
      const chip = screen.getByRole('button', { name: 'Dealer / Grupo' });
      await u.click(within(chip).getByTestId('CancelIcon'));
      expect(screen.queryByRole('checkbox', { name: 'Todos os dealers' })).not.toBeInTheDocument();
      await choose(u, /^Tipos de usuário/, 'Dealer / Grupo');
      expect(screen.getByRole('checkbox', { name: 'Todos os dealers' })).not.toBeChecked();
      expect(screen.queryByRole('button', { name: 'Gestor' })).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'says what is missing: the name, an entry of each enabled block',
    async () => {
      const u = user();
      render('/gruposUsuarios/novo');
      await u.click(await screen.findByRole('checkbox', { name: 'Perfil' }));
      await u.click(screen.getByRole('checkbox', { name: 'Setores' }));
      await u.click(saveButton());
      expect(await screen.findByText('Campo obrigatório')).toBeInTheDocument();
      // Brands, user types and sectors.
      expect(screen.getAllByText('Escolha ao menos um item neste bloco')).toHaveLength(3);
      expect(calls.saved).toEqual([]);
    },
    SLOW,
  );

  it(
    'refuses a name another group holds (grupoUsuariosByNome)',
    async () => {
      nomeTomado = { id: '5', nome: 'Gerentes' };
      const u = user();
      render('/gruposUsuarios/novo');
      await u.type(await screen.findByRole('textbox', { name: /^Nome/ }), 'Gerentes');
      await u.click(screen.getByRole('checkbox', { name: 'Cargos' }));
      expect(await screen.findByText('Já existe um grupo de usuários com este nome')).toBeInTheDocument();
      await choose(u, /^Cargos/, 'Vendedor');
      await u.click(saveButton());
      await waitFor(() => expect(calls.porNome.length).toBeGreaterThanOrEqual(2));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(calls.saved).toEqual([]);
    },
    SLOW,
  );

  it(
    'finds manual users after a pause in typing, labelled by name and e-mail; saves after confirmation and returns to the list',
    async () => {
      const u = user();
      const { location } = render('/gruposUsuarios/novo');
      await u.type(await screen.findByRole('textbox', { name: /^Nome/ }), 'Diretoria nova');
      await u.click(screen.getByRole('checkbox', { name: 'Usuários manuais' }));
      await u.type(screen.getByRole('combobox', { name: /^Usuários/ }), 'Die');
      expect(calls.usuarios).toEqual([]);
      await u.click(
        await screen.findByRole('option', { name: 'Diego Dealer (dealer@portal.test)' }, { timeout: 3000 }),
      );
      expect(calls.usuarios).toEqual(['Die']);
      await u.click(saveButton());
      const dialog = await screen.findByRole('dialog', { name: 'Salvar o grupo Diretoria nova?' });
      await u.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(location()).toBe('/gruposUsuarios'));
      expect(calls.saved).toEqual([
        expect.objectContaining({
          nome: 'Diretoria nova',
          publico: true,
          possuiUsuariosManuais: true,
          usuarioManualIds: ['20'],
          possuiPerfil: false,
          marcaIds: [],
        }),
      ]);
    },
    SLOW,
  );
});

describe('the form tour (GRUPO_USUARIO)', () => {
  it(
    'opens once for a user who has not seen it, and is recorded as seen when closed',
    async () => {
      const u = user();
      renderResource('gruposUsuarios', views, '/gruposUsuarios/novo', { authProvider: authAs(STAFF, ['HOME']) });
      const tour = await screen.findByRole('dialog', { name: 'Nome e visibilidade' }, { timeout: 4000 });
      expect(tour).toHaveTextContent('Dê um nome único ao grupo.');
      await u.keyboard('{Escape}');
      await waitFor(() => expect(calls.onboarding).toEqual(['GRUPO_USUARIO']));
    },
    SLOW,
  );

  it(
    'stays closed for a user who has seen it',
    async () => {
      render('/gruposUsuarios/novo');
      await screen.findByRole('checkbox', { name: 'Perfil' });
      await new Promise((done) => setTimeout(done, 1500));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
    SLOW,
  );
});

describe('/gruposUsuarios/:id', () => {
  it(
    'locks the visibility of a saved group and previews its recipients with exclusion checkboxes',
    async () => {
      const u = user();
      render('/gruposUsuarios/1');
      expect(await screen.findByRole('switch', { name: 'Visibilidade' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Aurora Motors' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Diego Dealer (dealer@portal.test)' })).toBeInTheDocument();
      await u.click(screen.getByRole('button', { name: 'Ver destinatários' }));
      const dialog = await screen.findByRole('dialog', { name: 'Destinatários do grupo' });
      const diego = await within(dialog).findByRole('checkbox', { name: 'Incluir Diego Dealer (dealer@portal.test)' });
      expect(diego).toBeChecked();
      expect(calls.destinatarios[0]).toMatchObject({
        incluirRemovidos: true,
        page: 0,
        definicao: { possuiPerfil: true, marcaIds: ['1'], tiposUsuario: ['MONTADORA'], usuarioManualIds: ['20'] },
      });
      await u.click(diego);
      expect(diego).not.toBeChecked();
      expect(within(dialog).getByText('1 usuário excluído')).toBeInTheDocument();
      // The search asks again with the text.
      await u.type(within(dialog).getByRole('searchbox', { name: 'Buscar por nome ou e-mail' }), 'mar');
      await waitFor(() => expect(calls.destinatarios.at(-1)).toMatchObject({ busca: 'mar' }));
      await u.click(within(dialog).getByRole('button', { name: 'Fechar' }));
      await u.click(saveButton());
      await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(calls.saved).toHaveLength(1));
      expect(calls.saved[0]).toMatchObject({ version: 3, usuarioRemovidoIds: ['20'], id: '1', publico: true });
    },
    SLOW,
  );

  it(
    "counts the recipients as they will be: an exclusion takes one off the preview's total",
    async () => {
      const u = user();
      render('/gruposUsuarios/1');
      await u.click(await screen.findByRole('button', { name: 'Ver destinatários' }));
      const dialog = await screen.findByRole('dialog', { name: 'Destinatários do grupo' });
      expect(await within(dialog).findByText('2 destinatários')).toBeInTheDocument();
      await u.click(await within(dialog).findByRole('checkbox', { name: 'Incluir Diego Dealer (dealer@portal.test)' }));
      expect(await within(dialog).findByText('1 destinatário')).toBeInTheDocument();
      expect(within(dialog).getByText('1 usuário excluído')).toBeInTheDocument();
      // Diego is still listed, to be included again.
      expect(
        within(dialog).getByRole('checkbox', { name: 'Incluir Diego Dealer (dealer@portal.test)' }),
      ).not.toBeChecked();
    },
    SLOW,
  );

  it(
    'names each empty block of a refused preview, and marks its field in the form until it is filled',
    async () => {
      const u = user();
      render('/gruposUsuarios/1');
      await u.click(await screen.findByRole('checkbox', { name: 'Cargos' }));
      await u.click(screen.getByRole('button', { name: 'Ver destinatários' }));
      const dialog = await screen.findByRole('dialog', { name: 'Destinatários do grupo' });
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('Complete os blocos marcados para ver os destinatários:');
      expect(
        within(alert)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Cargos: Escolha ao menos um item neste bloco']);
      expect(alert).not.toHaveTextContent('Verifique os dados!');
      await u.click(within(dialog).getByRole('button', { name: 'Fechar' }));
      const cargos = screen.getByRole('combobox', { name: /^Cargos/ });
      expect(cargos).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByText('Escolha ao menos um item neste bloco')).toBeInTheDocument();
      await choose(u, /^Cargos/, 'Vendedor');
      expect(screen.queryByText('Escolha ao menos um item neste bloco')).not.toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: /^Cargos/ })).toHaveAttribute('aria-invalid', 'false');
    },
    SLOW,
  );

  it(
    "names the profile's fields by block and field",
    async () => {
      const u = user();
      render('/gruposUsuarios/novo');
      await u.click(await screen.findByRole('checkbox', { name: 'Perfil' }));
      await u.click(screen.getByRole('button', { name: 'Ver destinatários' }));
      const dialog = await screen.findByRole('dialog', { name: 'Destinatários do grupo' });
      const alert = await within(dialog).findByRole('alert');
      expect(
        within(alert)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        'Perfil › Marcas: Escolha ao menos um item neste bloco',
        'Perfil › Tipos de usuário: Escolha ao menos um item neste bloco',
      ]);
      await u.click(within(dialog).getByRole('button', { name: 'Fechar' }));
      expect(screen.getAllByText('Escolha ao menos um item neste bloco')).toHaveLength(2);
    },
    SLOW,
  );

  it(
    'imports other groups with the selector: their blocks are added to the form',
    async () => {
      const u = user();
      render('/gruposUsuarios/1');
      await u.click(await screen.findByRole('button', { name: 'Importar de grupos' }));
      const dialog = await screen.findByRole('dialog', { name: 'Importar de outros grupos' });
      await u.click(within(dialog).getByRole('combobox', { name: 'Grupos de usuários' }));
      // The group itself is not offered.
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Oficinas Sul']);
      await u.click(screen.getByRole('option', { name: 'Oficinas Sul' }));
      expect(await within(dialog).findByText('16 destinatários')).toBeInTheDocument();
      await u.click(within(dialog).getByRole('button', { name: 'Importar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('checkbox', { name: 'Cargos' })).toBeChecked();
      expect(screen.getByRole('button', { name: 'Gerente de vendas' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Aurora Motors' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'the selector creates a group in a dialog and chooses it',
    async () => {
      const u = user();
      render('/gruposUsuarios/1');
      await u.click(await screen.findByRole('button', { name: 'Importar de grupos' }));
      const importar = await screen.findByRole('dialog', { name: 'Importar de outros grupos' });
      await u.click(within(importar).getByRole('button', { name: 'Criar grupo' }));
      const novo = await screen.findByRole('dialog', { name: 'Novo grupo de usuários' });
      await u.type(await within(novo).findByRole('textbox', { name: /^Nome/ }), 'Criado no seletor');
      await u.click(within(novo).getByRole('checkbox', { name: 'Cargos' }));
      await u.click(within(novo).getByRole('combobox', { name: /^Cargos/ }));
      await u.click(await screen.findByRole('option', { name: 'Vendedor' }));
      await u.click(within(novo).getByRole('button', { name: 'Salvar' }));
      await u.click(
        within(await screen.findByRole('dialog', { name: 'Salvar o grupo Criado no seletor?' })).getByRole('button', {
          name: 'Salvar',
        }),
      );
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Novo grupo de usuários' })).not.toBeInTheDocument(),
      );
      expect(within(importar).getByRole('button', { name: 'Criado no seletor' })).toBeInTheDocument();
      expect(calls.saved).toEqual([expect.objectContaining({ nome: 'Criado no seletor', cargoIds: ['1'] })]);
    },
    SLOW,
  );
});
