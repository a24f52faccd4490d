// Test helpers of the user views (imported by tests only).
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import type { AuthProvider } from 'react-admin';
import { expect } from 'vitest';
import type { PortalPermissions } from '../../providers/authProvider';
import { resourceHandlers } from '../../src/testing/mockApi';
import {
  CARGOS,
  CLONAVEIS,
  DEALERS,
  DEPARTAMENTOS,
  DESLIGAMENTOS,
  DOMINIO,
  INFO_CARLA,
  INFO_USUARIO,
  PORTAL_PROPERTIES,
  PRODUTOS,
  USUARIO,
} from './usuarios.fixtures';

export const api = graphql.link(new URL('/graphql', window.location.origin).href);
export type User = ReturnType<typeof userEvent.setup>;

/** What the views asked the API, for the tests' assertions. */
export const calls = {
  saved: [] as { operation: string; variables: Record<string, unknown> }[],
  dealersAsked: [] as Record<string, unknown>[],
  podeAdicionar: [] as Record<string, unknown>[],
  produtosAsked: [] as Record<string, unknown>[],
  clear() {
    this.saved.length = 0;
    this.dealersAsked.length = 0;
    this.podeAdicionar.length = 0;
    this.produtosAsked.length = 0;
  },
};

const savedAnswer = (variables: Record<string, unknown>) => ({
  data: { result: { ...USUARIO, id: '99', ...(variables.input as object), __typename: 'Usuario' } },
});

/** The API as the wizard reads it: the form's options, the user, dealers, positions, products. */
export const wizardHandlers = () => [
  api.query('usuarios_dominio', () => HttpResponse.json({ data: { result: DOMINIO } })),
  api.query('usuarios_portalProperties', () => HttpResponse.json({ data: { result: PORTAL_PROPERTIES } })),
  api.query('usuarios_departamentos', () => HttpResponse.json({ data: { result: DEPARTAMENTOS } })),
  api.query('usuarios_produtos', ({ variables }) => {
    calls.produtosAsked.push(variables);
    return HttpResponse.json({ data: { result: PRODUTOS } });
  }),
  api.query('usuarios_info', ({ variables }) =>
    HttpResponse.json({ data: { result: variables.usuarioId === '43' ? INFO_CARLA : INFO_USUARIO } }),
  ),
  api.query('usuarios_clonaveis', () => HttpResponse.json({ data: { result: CLONAVEIS } })),
  api.query('usuarios_podeAdicionarCargo', ({ variables }) => {
    calls.podeAdicionar.push(variables);
    return HttpResponse.json({ data: { result: true } });
  }),
  api.query('usuarios_getOne', () => HttpResponse.json({ data: { result: USUARIO } })),
  api.query('dealers_opcoes', ({ variables }) => {
    const input = variables.filterInput as { busca?: string; marcaIds?: string[] };
    calls.dealersAsked.push(input);
    const content = DEALERS.filter(
      (d) =>
        (!input.busca || d.nomeExibicao.toLowerCase().includes(input.busca.toLowerCase())) &&
        (!input.marcaIds?.length || d.marcaIds.some((m) => input.marcaIds!.includes(m))),
    );
    return HttpResponse.json({ data: { result: { content, totalElements: content.length } } });
  }),
  api.mutation('usuarios_create', ({ variables }) => {
    calls.saved.push({ operation: 'create', variables });
    return HttpResponse.json(savedAnswer(variables));
  }),
  api.mutation('usuarios_update', ({ variables }) => {
    calls.saved.push({ operation: 'update', variables });
    return HttpResponse.json(savedAnswer(variables));
  }),
  ...resourceHandlers({ cargos: CARGOS, desligamentos: DESLIGAMENTOS }),
];

export const authAs = (permissions: PortalPermissions): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => permissions,
});

/** Step number of the wizard's progress bar, its filled segments, and the step's title. */
export function progress() {
  const bar = screen.getByRole('progressbar', { name: /^Passo \d de 2: / });
  const segments = [...bar.querySelectorAll('[aria-hidden="true"]')];
  return {
    step: bar.getAttribute('aria-valuenow'),
    segments: segments.map((segment) => segment.getAttribute('aria-valuenow')),
    title: screen.getByRole('heading', { level: 2 }).textContent,
  };
}

export async function choose(user: User, combobox: RegExp, option: string) {
  await waitFor(() => expect(screen.getByRole('combobox', { name: combobox })).not.toHaveAttribute('aria-disabled'));
  await user.click(screen.getByRole('combobox', { name: combobox }));
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

/** The list of positions added, as its items read. */
export const cargosListed = () =>
  within(screen.queryByRole('list', { name: 'Cargos' }) ?? document.createElement('ul'))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
