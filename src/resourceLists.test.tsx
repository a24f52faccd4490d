import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildSchema, execute } from 'graphql';
import type { ComponentType } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { RESOURCES, type ResourceName } from '../domain/resources';
import { setAccessTokenGetter } from '../providers/dataProvider';
import { buildOperation, stripTypename } from '../providers/dataProvider/buildQuery';
import CargoList from '../resources/cargos/CargoList';
import { CARGOS } from '../resources/cargos/cargos.fixtures';
import DealerList from '../resources/dealers/DealerList';
import { DEALER_ROWS } from '../resources/dealers/dealers.fixtures';
import DepartamentoList from '../resources/departamentos/DepartamentoList';
import { DEPARTAMENTOS } from '../resources/departamentos/departamentos.fixtures';
import DesligamentoList from '../resources/desligamentos/DesligamentoList';
import { DESLIGAMENTOS } from '../resources/desligamentos/desligamentos.fixtures';
import DivisaoList from '../resources/divisoes/DivisaoList';
import { DIVISOES } from '../resources/divisoes/divisoes.fixtures';
import GrupoList from '../resources/grupos/GrupoList';
import GrupoUsuariosList from '../resources/gruposUsuarios/GrupoUsuariosList';
import { GRUPOS_USUARIOS_ROWS } from '../resources/gruposUsuarios/gruposUsuarios.fixtures';
import { grupos } from '../resources/grupos/grupos.fixtures';
import MarcaList from '../resources/marcas/MarcaList';
import SlideList from '../resources/slides/SlideList';
import AnuncioList from '../resources/anuncios/AnuncioList';
import { ANUNCIOS, SLIDES } from '../resources/slides/slides.fixtures';
import { MARCAS } from '../resources/marcas/marcas.fixtures';
import RedeSocialList from '../resources/redesSociais/RedeSocialList';
import { REDES_SOCIAIS } from '../resources/redesSociais/redesSociais.fixtures';
import RelatorioList from '../resources/relatorios/RelatorioList';
import { RELATORIOS } from '../resources/relatorios/relatorios.fixtures';
import SetorList from '../resources/setores/SetorList';
import { SETORES } from '../resources/setores/setores.fixtures';
import UsuarioList from '../resources/usuarios/UsuarioList';
import { USUARIO_ROWS } from '../resources/usuarios/usuarios.fixtures';
import { renderResource } from './testing/renderResource';
import { resourceStates, VIEW_STATES, type ViewState } from './testing/viewStates';
import { mockApiServer } from './testing/mockApi';

// Every resource list (all on the shared ResourceList) in its four states, from the resource's
// fixtures: what a user sees with no records, with the fixtures, while loading, and when the read
// fails. The lists' own behaviour (filters, actions, export) is tested next to each resource.

type Row = { id: string } & Record<string, unknown>;

interface ListCase {
  resource: ResourceName;
  List: ComponentType;
  rows: readonly Row[];
  /** What a fixture's row shows, names of the records it refers to included (never their ids). */
  shows: (row: Row) => string[];
}

const nomes = (refs: unknown) => (refs as { nome: string }[]).map((ref) => ref.nome).join(', ');
const nomeOf = (ref: unknown) => (ref as { nome: string }).nome;

const CASES: ListCase[] = [
  { resource: 'dealers', List: DealerList, rows: DEALER_ROWS, shows: (d) => [String(d.nomeExibicao), nomes(d.marcas)] },
  { resource: 'grupos', List: GrupoList, rows: grupos(), shows: (g) => [String(g.nome), nomes(g.marcas)] },
  {
    resource: 'usuarios',
    List: UsuarioList,
    rows: USUARIO_ROWS,
    shows: (u) => [String(u.nome), String(u.email), nomes(u.marcas)],
  },
  {
    resource: 'gruposUsuarios',
    List: GrupoUsuariosList,
    rows: GRUPOS_USUARIOS_ROWS,
    shows: (g) => [String(g.nome), nomeOf(g.criador), String(g.totalDestinatarios)],
  },
  { resource: 'marcas', List: MarcaList, rows: MARCAS, shows: (m) => [String(m.nome)] },
  { resource: 'cargos', List: CargoList, rows: CARGOS, shows: (c) => [String(c.nome)] },
  {
    resource: 'departamentos',
    List: DepartamentoList,
    rows: DEPARTAMENTOS,
    shows: (d) => [String(d.nome), String(d.sigla)],
  },
  { resource: 'divisoes', List: DivisaoList, rows: DIVISOES, shows: (d) => [String(d.nome)] },
  { resource: 'setores', List: SetorList, rows: SETORES, shows: (s) => [String(s.nome), nomeOf(s.divisao)] },
  { resource: 'desligamentos', List: DesligamentoList, rows: DESLIGAMENTOS, shows: (d) => [String(d.motivo)] },
  {
    resource: 'redesSociais',
    List: RedeSocialList,
    rows: REDES_SOCIAIS,
    shows: (r) => [nomeOf(r.marca), String(r.nome), String(r.url)],
  },
  // Report definitions: the title, the kind (or the built-in report) and who opens it, by name.
  {
    resource: 'relatorios',
    List: RelatorioList,
    rows: RELATORIOS,
    shows: (r) =>
      r.tipo === 'INTERNO'
        ? [String(r.tituloPtBr), 'Alcance dos comunicados', 'Todos']
        : [String(r.tituloPtBr), 'Embutido (externo)', 'Montadora, RELATORIOS_PORTAL_CONSULTA_PECAS'],
  },
  // Slides and adverts: the display state by name, the groups by name.
  {
    resource: 'slides',
    List: SlideList,
    rows: SLIDES,
    shows: (s) => [
      String(s.titulo),
      nomes(s.grupos),
      s.active ? (s.emExibicao ? 'Em exibição' : 'Agendado') : 'Inativo',
    ],
  },
  {
    resource: 'anuncios',
    List: AnuncioList,
    rows: ANUNCIOS,
    shows: (a) => [String(a.titulo), nomes(a.grupos), a.emExibicao ? 'Em exibição' : 'Inativo'],
  },
];

const server = mockApiServer();
beforeEach(() => setAccessTokenGetter(async () => 'token-1'));

function renderIn(state: ViewState, { resource, List, rows }: ListCase, status?: number) {
  server.use(...resourceStates(resource, rows, { status })[state]);
  renderResource(resource, { list: List }, `/${resource}`);
}

const cellsOf = (text: string) =>
  within(screen.getByText(text).closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** What every state asserts: one per state, so a case cannot pass in the wrong one. */
const EXPECT: Record<ViewState, (list: ListCase) => Promise<void>> = {
  async Empty() {
    expect(await screen.findByText('Nenhum registro encontrado')).toBeInTheDocument();
    expect(screen.queryAllByRole('row')).toEqual([]);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  },
  async Loaded({ rows, shows }) {
    const first = shows(rows[0])[0];
    expect(await screen.findByText(first)).toBeInTheDocument();
    for (const row of rows) expect(cellsOf(shows(row)[0])).toEqual(expect.arrayContaining(shows(row)));
    // A header row and one per fixture.
    expect(screen.getAllByRole('row')).toHaveLength(rows.length + 1);
    expect(screen.getByText(`Mostrando 1 a ${rows.length} de ${rows.length} registros`)).toBeInTheDocument();
    expect(screen.queryByText('Nenhum registro encontrado')).not.toBeInTheDocument();
  },
  async Loading({ rows, shows }) {
    expect(await screen.findByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
    expect(screen.queryByText(shows(rows[0])[0])).not.toBeInTheDocument();
    expect(screen.queryByText('Nenhum registro encontrado')).not.toBeInTheDocument();
  },
  async Error() {
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar a lista.');
    // Said once, in place of the rows: no toast with the API's words, no 'no records'.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('Nenhum registro encontrado')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  },
};

describe.each(CASES.map((list) => [list.resource, list] as const))('/%s', (_resource, list) => {
  it.each(VIEW_STATES)('%s', async (state) => {
    renderIn(state, list);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    await EXPECT[state](list);
  });
});

describe('a list that could not be read', () => {
  const cargos = CASES.find((list) => list.resource === 'cargos')!;

  it('says so for an HTTP error without a GraphQL answer too', async () => {
    renderIn('Error', cargos, 500);
    await EXPECT.Error(cargos);
  });

  it('reads again on "Tentar novamente", and shows the rows', async () => {
    renderIn('Error', cargos);
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    await EXPECT.Loaded(cargos);
  });
});

describe('a search that finds nothing', () => {
  it('says no records were found and clears the filters on "Limpar filtros"', async () => {
    const cargos = CASES.find((list) => list.resource === 'cargos')!;
    const user = userEvent.setup({ delay: null });
    renderIn('Loaded', cargos);
    await screen.findByText('Gerente de vendas');
    await user.type(screen.getByPlaceholderText('Buscar'), 'nenhum cargo assim');
    expect(await screen.findByText('Nenhum registro encontrado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await EXPECT.Loaded(cargos);
    expect(screen.getByPlaceholderText('Buscar')).toHaveValue('');
  });
});

/** The API's committed contract (server/schema.graphql). */
const schema = buildSchema(readFileSync(path.resolve(__dirname, '../server/schema.graphql'), 'utf8'));

describe("the fixtures answer the resource's list query as the API would", () => {
  it.each(CASES.map((list) => [list.resource, list] as const))('%s', async (_resource, { resource, rows }) => {
    const { query, variables } = buildOperation(RESOURCES, resource, 'getList', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    const table = RESOURCES[resource];
    const list = typeof table.getList === 'string' ? { operation: table.getList } : table.getList;
    const answer = 'paged' in list && list.paged ? { content: rows, totalElements: rows.length } : rows;
    const result = await execute({
      schema,
      document: query,
      variableValues: variables,
      rootValue: { [list.operation]: answer },
    });
    expect(result.errors ?? []).toEqual([]);
    // Exactly the selected fields, each of its GraphQL type (non-null ones present).
    const content = (result.data!.result as { content?: unknown }).content ?? result.data!.result;
    expect(content).toEqual(stripTypename(rows));
  });
});
