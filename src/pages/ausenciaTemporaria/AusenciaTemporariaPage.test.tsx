import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, http, HttpResponse } from 'msw';
import { AdminContext, Notification, TestMemoryRouter, memoryStore } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider, setAccessTokenGetter } from '../../../providers/dataProvider';
import { createI18nProvider } from '../../../providers/i18nProvider';
import AusenciaTemporariaPage, { type Ausencia } from './AusenciaTemporariaPage';
import { mockApiServer } from '../../testing/mockApi';

const api = graphql.link(new URL('/graphql', window.location.origin).href);

const AUSENCIA: Ausencia = {
  id: '31',
  version: 2,
  usuarioId: '7',
  inicio: '2099-01-10',
  retorno: '2099-01-20',
  fimOperacao: null,
  motivo: 'Férias',
  justificativa: 'Férias anuais programadas',
  local: 'Recife',
  arquivo: { id: '5', nome: 'atestado.pdf', tamanho: 1200, disponivel: true },
  substituto: { id: '8', nome: 'Bruna Substituta' },
};

let lista: Ausencia[] = [];
const saved: Record<string, unknown>[] = [];
const removed: Record<string, unknown>[] = [];
const listed: Record<string, unknown>[] = [];

mockApiServer(
  api.query('usuarios_getOne', () =>
    HttpResponse.json({ data: { result: { id: '7', nome: 'Carla Ausente', version: 1 } } }),
  ),
  api.query('ausencias_getList', ({ variables }) => {
    listed.push(variables.filterInput as Record<string, unknown>);
    return HttpResponse.json({ data: { result: { content: lista, totalElements: lista.length } } });
  }),
  api.query('ausencias_substitutos', () =>
    HttpResponse.json({ data: { result: [{ id: '8', nome: 'Bruna Substituta' }] } }),
  ),
  api.mutation('ausencias_create', ({ variables }) => {
    const a = variables.input as Record<string, unknown>;
    saved.push(a);
    if (a.inicio === '2099-05-01') {
      return HttpResponse.json({
        errors: [
          {
            message: 'Verifique os dados!',
            extensions: {
              code: 'BAD_USER_INPUT',
              fieldErrors: { inicio: 'Este usuário já tem uma ausência temporária que cobre parte deste período' },
            },
          },
        ],
      });
    }
    return HttpResponse.json({ data: { result: { ...AUSENCIA, ...a, id: '40' } } });
  }),
  api.mutation('ausencias_delete', ({ variables }) => {
    removed.push(variables);
    lista = [];
    return HttpResponse.json({ data: { r0: true } });
  }),
  http.post('*/api/upload/documento', () =>
    HttpResponse.json(
      {
        code: 'BAD_USER_INPUT',
        message: 'Tipo de arquivo não permitido: envie um PDF, uma imagem ou um documento do Office',
      },
      { status: 415 },
    ),
  ),
);

beforeEach(() => {
  setAccessTokenGetter(async () => 'token-1');
  lista = [AUSENCIA];
  saved.length = 0;
  removed.length = 0;
  listed.length = 0;
});

function renderPage() {
  render(
    <TestMemoryRouter initialEntries={['/usuarios/7/ausencia-temporaria']}>
      <AdminContext
        dataProvider={createDataProvider()}
        i18nProvider={createI18nProvider({ idioma: 'PT_BR' })}
        store={memoryStore()}
      >
        <Routes>
          <Route path="/usuarios/:id/ausencia-temporaria" element={<AusenciaTemporariaPage />} />
        </Routes>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const user = () => userEvent.setup({ delay: null });

describe('/usuarios/{id}/ausencia-temporaria', { timeout: 20_000 }, () => {
  it("shows the user's name and their absences with delegate and document", async () => {
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ausências temporárias de Carla Ausente' }),
    ).toBeInTheDocument();
    const item = (await screen.findByText(/Férias/)).closest('li')!;
    expect(within(item).getByText(/10\/01\/2099 a 20\/01\/2099/)).toBeInTheDocument();
    expect(within(item).getByText(/Bruna Substituta/)).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'atestado.pdf' })).toBeInTheDocument();
    expect(listed[0]).toMatchObject({ usuarioId: '7' });
  });

  it('names a document that can no longer be downloaded, without a link', async () => {
    lista = [{ ...AUSENCIA, arquivo: { ...AUSENCIA.arquivo!, disponivel: false } }];
    renderPage();
    expect(await screen.findByText(/atestado\.pdf \(prazo de download encerrado\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'atestado.pdf' })).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    lista = [];
    renderPage();
    expect(await screen.findByText('Nenhuma ausência temporária registrada para este usuário.')).toBeInTheDocument();
  });

  it('checks the rules in the form before sending anything', async () => {
    renderPage();
    await screen.findByText(/Férias/);
    const u = user();
    await u.type(screen.getByLabelText(/^Início/), '2000-01-01');
    await u.type(screen.getByLabelText(/^Justificativa/), 'curta');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O início não pode ser anterior a hoje')).toBeInTheDocument();
    expect(screen.getByText('Deve ter pelo menos 15 caracteres')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it("saves a new absence, and shows the server's overlap error under the field", async () => {
    renderPage();
    await screen.findByText(/Férias/);
    const u = user();
    await u.type(screen.getByLabelText(/^Início/), '2099-05-01');
    await u.type(screen.getByLabelText(/^Retorno/), '2099-05-03');
    await u.type(screen.getByLabelText(/^Motivo/), 'Curso');
    await u.type(screen.getByLabelText(/^Justificativa/), 'Curso de formação da marca');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText('Este usuário já tem uma ausência temporária que cobre parte deste período'),
    ).toBeInTheDocument();
    expect(saved[0]).toMatchObject({ usuarioId: '7', inicio: '2099-05-01', retorno: '2099-05-03', motivo: 'Curso' });
  });

  it('removes an absence after confirmation, sending the version read', async () => {
    renderPage();
    await screen.findByText(/Férias/);
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('A ausência de 10/01/2099 a 20/01/2099 será removida.')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(removed).toEqual([{ id0: '31', version: 2 }]));
    expect((await screen.findAllByText('Ausência removida')).length).toBeGreaterThan(0);
    // Its row gone with the delete button, the focus is on the list's heading, not the page's body.
    expect(await screen.findByText('Nenhuma ausência temporária registrada para este usuário.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Ausências registradas' })).toHaveFocus());
  });

  it("shows an upload's refusal from the server", async () => {
    renderPage();
    await screen.findByText(/Férias/);
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await user().upload(input, new File(['MZ'], 'falso.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText('Tipo de arquivo não permitido: envie um PDF, uma imagem ou um documento do Office'),
    ).toBeInTheDocument();
  });
});
