import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenGetter } from '../../../../providers/dataProvider';
import { captureDownloads, type Download } from '../../../testing/downloads';
import { api, mockApiServer } from '../../../testing/mockApi';
import { BreadcrumbLabelProvider } from '../../../components/breadcrumbLabel';
import { Breadcrumbs } from '../../../layout/Breadcrumbs';
import { INTERNAL_ERROR } from '../../../testing/viewStates';
import { envio, renderPagina } from '../lista/comunicados.fixtures';
import type { ComunicadoEnvio } from '../lista/tipos';
import ComunicadoLeituraPage from './ComunicadoLeituraPage';

const ORIGINAL = envio('1', 'RH-0042 – Novo plano de saúde', {
  comunicado: {
    id: '77',
    mensagem: '<h2>Adesão</h2><p>Leia com atenção.<script>alert(1)</script></p><a href="javascript:alert(1)">link</a>',
    exigeConfirmacao: true,
    etiquetas: [{ id: '1', nome: 'Benefícios' }],
    arquivos: [{ id: '5', nome: 'plano.pdf', tamanho: 200_000, tipoMime: 'application/pdf' }],
    erratas: [
      {
        id: '78',
        titulo: 'Errata: carência',
        justificativa: 'A carência é de 30 dias, não 60.',
        envioDateTime: '2026-11-22T15:00:00Z',
      },
    ],
  },
});

let atual: ComunicadoEnvio;
const mutacoes: { operacao: string; variables: Record<string, unknown> }[] = [];
const registrar = (operacao: string, answer: (v: Record<string, unknown>) => unknown) =>
  api.mutation(operacao, ({ variables }) => {
    mutacoes.push({ operacao, variables });
    return HttpResponse.json({ data: { result: answer(variables) } });
  });

const abrirHandler = registrar('comunicados_abrir', () => {
  atual = { ...atual, lido: true, lidoEm: '2026-11-26T10:00:00Z' };
  return atual;
});
const server = mockApiServer(
  registrar('comunicados_confirmarLeitura', () => {
    atual = { ...atual, confirmado: true, confirmadoEm: '2026-11-26T10:05:00Z' };
    return atual;
  }),
  registrar('comunicados_favoritar', (v) => ((atual = { ...atual, favorito: v.favorito as boolean }), 1)),
  registrar('comunicados_arquivarEnvios', (v) => ((atual = { ...atual, arquivado: v.arquivado as boolean }), 1)),
  api.query('comunicados_linkAnexo', ({ variables }) =>
    HttpResponse.json({ data: { result: `/api/files/comunicados/${String(variables.idArquivo)}?token=abc` } }),
  ),
  http.get('*/api/files/comunicados/5', () =>
    HttpResponse.text('%PDF-1.7', {
      headers: { 'content-type': 'application/pdf', 'content-disposition': "attachment; filename*=UTF-8''plano.pdf" },
    }),
  ),
);

let downloads: Download[] = [];
beforeEach(() => {
  setAccessTokenGetter(async () => 'token');
  atual = structuredClone(ORIGINAL);
  mutacoes.length = 0;
  downloads = [];
  captureDownloads(downloads);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const user = () => userEvent.setup({ delay: null });
const abrir = (id = '77') =>
  renderPagina(ComunicadoLeituraPage, { path: `/comunicados/visualizar/${id}`, route: '/comunicados/visualizar/:id' });

describe('/comunicados/visualizar/{id}', () => {
  it("names the announcement in the top bar's breadcrumbs", async () => {
    server.use(abrirHandler);
    renderPagina(
      () => (
        <BreadcrumbLabelProvider>
          <Breadcrumbs />
          <ComunicadoLeituraPage />
        </BreadcrumbLabelProvider>
      ),
      { path: '/comunicados/visualizar/77', route: '/comunicados/visualizar/:id' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: ORIGINAL.comunicado.titulo })).toBeInTheDocument();
    expect(screen.getAllByRole('navigation')[0]).toHaveTextContent(/Comunicados.*RH-0042 – Novo plano de saúde$/);
  });

  it('shows a loading state (Loading)', () => {
    server.use(
      api.mutation('comunicados_abrir', async () => {
        await delay('infinite');
        return HttpResponse.json({ data: null });
      }),
    );
    abrir();
    expect(screen.getByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar aos comunicados' })).toHaveAttribute('href', '/comunicados');
  });

  it('says it could not be opened, and tries again (Error)', async () => {
    server.use(
      api.mutation('comunicados_abrir', () => HttpResponse.json({ data: null, errors: [INTERNAL_ERROR] }), {
        once: true,
      }),
      abrirHandler,
    );
    abrir();
    expect(await screen.findByText('Não foi possível abrir o comunicado.')).toBeVisible();
    await user().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'RH-0042 – Novo plano de saúde' })).toBeVisible();
  });

  it('says an announcement not sent to the reader (or gone) is not available, offering no retry', async () => {
    server.use(
      api.mutation('comunicados_abrir', () =>
        HttpResponse.json({
          data: null,
          errors: [{ message: 'Registro não encontrado', extensions: { code: 'NOT_FOUND' } }],
        }),
      ),
    );
    abrir('99999');
    expect(await screen.findByText('Este comunicado não existe ou não foi enviado a você.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar aos comunicados' })).toHaveAttribute('href', '/comunicados');
  });

  it('opens it (marking it read) and shows the message through the allowlist, the signature, labels and errata (Loaded)', async () => {
    server.use(abrirHandler);
    abrir();
    expect(await screen.findByRole('heading', { level: 1, name: 'RH-0042 – Novo plano de saúde' })).toBeVisible();
    expect(mutacoes).toEqual([{ operacao: 'comunicados_abrir', variables: { idComunicado: '77' } }]);
    expect(screen.getByText('RH – Recursos Humanos · Marta Lima', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Adesão' })).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText('link')).not.toHaveAttribute('href');
    expect(screen.getByRole('group', { name: 'Assinatura do departamento' })).toHaveTextContent(
      'Equipe de RHRamal 2040',
    );
    expect(screen.getByText('Benefícios')).toBeInTheDocument();
    const errata = screen.getByRole('region', { name: 'Errata' });
    expect(errata).toHaveTextContent('A carência é de 30 dias, não 60.');
    expect(within(errata).getByRole('link', { name: 'Ler a errata: Errata: carência' })).toHaveAttribute(
      'href',
      '/comunicados/visualizar/78',
    );
  });

  it('shows an erratum with its justification and a link to the original', async () => {
    atual = envio('2', 'Errata: carência', {
      comunicado: { id: '78', idParent: '77', justificativa: 'A carência é de 30 dias.' },
    });
    server.use(abrirHandler);
    abrir('78');
    expect(await screen.findByText('Esta é uma errata')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver o comunicado original' })).toHaveAttribute(
      'href',
      '/comunicados/visualizar/77',
    );
  });

  it('goes back to the list it was opened from, as it was left (else to the inbox)', async () => {
    server.use(abrirHandler);
    const voltar = () => screen.findByRole('link', { name: 'Voltar aos comunicados' });
    const primeira = renderPagina(ComunicadoLeituraPage, {
      path: '/comunicados/visualizar/77',
      route: '/comunicados/visualizar/:id',
      state: { voltar: '/comunicados?aba=ARQUIVADOS&pagina=2&busca=freios' },
    });
    await screen.findByRole('heading', { level: 1, name: 'RH-0042 – Novo plano de saúde' });
    expect(await voltar()).toHaveAttribute('href', '/comunicados?aba=ARQUIVADOS&pagina=2&busca=freios');
    await user().click(await voltar());
    expect(primeira.location()).toBe('/comunicados?aba=ARQUIVADOS&pagina=2&busca=freios');
  });

  it('goes back to the inbox when opened from elsewhere (the bell, a link) or with a foreign back address', async () => {
    server.use(abrirHandler);
    renderPagina(ComunicadoLeituraPage, {
      path: '/comunicados/visualizar/77',
      route: '/comunicados/visualizar/:id',
      state: { voltar: 'https://exemplo.test/' },
    });
    expect(await screen.findByRole('link', { name: 'Voltar aos comunicados' })).toHaveAttribute('href', '/comunicados');
  });

  it('prints through the browser, without reopening it', async () => {
    server.use(abrirHandler);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    abrir();
    await user().click(await screen.findByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(mutacoes).toHaveLength(1);
  });

  it('downloads an attachment through the link the API gives', async () => {
    server.use(abrirHandler);
    abrir();
    await user().click(await screen.findByRole('button', { name: 'Baixar plano.pdf' }));
    await waitFor(() => expect(downloads.map((d) => d.name)).toEqual(['plano.pdf']));
    expect(await downloads[0].blob.text()).toBe('%PDF-1.7');
    expect(screen.getByText('200 kB')).toBeInTheDocument();
  });

  it('confirms "read and understood" once, then shows when', async () => {
    server.use(abrirHandler);
    abrir();
    const botao = await screen.findByRole('button', { name: 'Li e entendi' });
    expect(botao).toBeEnabled();
    await user().click(botao);
    const feito = await screen.findByRole('button', { name: 'Leitura confirmada' });
    expect(feito).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent(/^Você confirmou em \d{2}\/\d{2}\/\d{4}/);
    // The disabled button cannot keep the focus: it goes to the status, not back to the page.
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(mutacoes.map((m) => m.operacao)).toEqual(['comunicados_abrir', 'comunicados_confirmarLeitura']);
    expect(mutacoes[1].variables).toEqual({ idComunicado: '77' });
  });

  it('keeps the button disabled when it was confirmed before, and hides it where not asked', async () => {
    atual = { ...atual, confirmado: true, confirmadoEm: '2026-11-25T09:00:00Z' };
    server.use(abrirHandler);
    abrir();
    expect(await screen.findByRole('button', { name: 'Leitura confirmada' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Você confirmou em 25/11/2026');
  });

  it('has no confirmation where the author did not ask for one', async () => {
    atual = envio('3', 'Aviso simples', { comunicado: { id: '79' } });
    server.use(abrirHandler);
    abrir('79');
    await screen.findByRole('heading', { level: 1, name: 'Aviso simples' });
    expect(screen.queryByRole('button', { name: 'Li e entendi' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Anexos' })).not.toBeInTheDocument();
  });

  it('favourites and archives the delivery (by its delivery id)', async () => {
    server.use(abrirHandler);
    abrir();
    await user().click(await screen.findByRole('button', { name: 'Favoritar' }));
    expect(await screen.findByRole('button', { name: 'Remover dos favoritos' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The archive's answer waits until released: meanwhile the button stays enabled (a disabled one
    // drops the focus to the page) and says it is busy; a second click sends nothing.
    let soltar!: () => void;
    const resposta = new Promise<void>((resolve) => (soltar = resolve));
    server.use(
      api.mutation('comunicados_arquivarEnvios', async ({ variables }) => {
        mutacoes.push({ operacao: 'comunicados_arquivarEnvios', variables });
        await resposta;
        return HttpResponse.json({ data: { result: 1 } });
      }),
    );
    const arquivar = screen.getByRole('button', { name: 'Arquivar' });
    arquivar.focus();
    fireEvent.click(arquivar);
    await waitFor(() => expect(arquivar).toHaveAttribute('aria-disabled', 'true'));
    expect(arquivar).toBeEnabled();
    fireEvent.click(arquivar);
    soltar();
    expect(await screen.findByRole('button', { name: 'Mover para a entrada' })).toHaveFocus();
    expect(mutacoes.slice(1)).toEqual([
      { operacao: 'comunicados_favoritar', variables: { ids: ['1'], favorito: true } },
      { operacao: 'comunicados_arquivarEnvios', variables: { ids: ['1'], arquivado: true } },
    ]);
  });
});
