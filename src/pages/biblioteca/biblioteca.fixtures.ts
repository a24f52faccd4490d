// Test fixtures of the library's screens (never imported by the app): a small library held in
// memory and msw handlers answering the `biblioteca` operations from it, as the API would.
import { HttpResponse } from 'msw';
import { createElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { AccessSubject } from '../../../domain/access';
import { setAccessTokenGetter } from '../../../providers/dataProvider';
import { BreadcrumbLabelProvider } from '../../components/breadcrumbLabel';
import { Breadcrumbs } from '../../layout/Breadcrumbs';
import { api, mockApiServer } from '../../testing/mockApi';
import { renderPage } from '../../testing/renderPage';
import BibliotecaPage from './BibliotecaPage';
import type { ItemBiblioteca, PastaEscrita, PastaRef, PermissaoPasta } from './tipos';

export const LEITOR: AccessSubject = { tipo: 'DEALER_GRUPO', funcionalidades: [] };
export const GESTOR: AccessSubject = { tipo: 'MONTADORA', funcionalidades: ['PORTAL_GERENCIAR_BIBLIOTECA'] };

export const GRUPOS = [
  { id: '7', nome: 'Concessionárias Sul', publico: true, favorito: true },
  { id: '8', nome: 'Gestores de pós-venda', publico: true, favorito: false },
  { id: '9', nome: 'Marketing', publico: true, favorito: false },
];

export const permissao = (id: string, grupo: (typeof GRUPOS)[number], nivel: 'LEITURA' | 'LEITURA_ESCRITA') =>
  ({
    id,
    grupoUsuarios: { id: grupo.id, nome: grupo.nome, favorito: grupo.favorito },
    permissaoAcessoPasta: { id: nivel, description: nivel === 'LEITURA' ? 'Leitura' : 'Leitura e escrita' },
  }) satisfies PermissaoPasta;

const ESCRITA = [
  { id: 'LEITURA' as const, description: 'Leitura' },
  { id: 'LEITURA_ESCRITA' as const, description: 'Leitura e escrita' },
];
const LEITURA = [ESCRITA[0]];

/** An item; `over` changes what the test needs. */
export function item(id: string, nome: string, over: Partial<ItemBiblioteca> = {}): ItemBiblioteca {
  const podeEscrever = over.podeEscrever ?? true;
  return {
    id,
    version: 1,
    nome,
    isPasta: false,
    isPublico: true,
    pastaPai: null,
    proprietario: { id: '3', nome: 'Marina Montadora', email: 'montadora@portal.test' },
    permissoesAcessoUsuarioLogado: podeEscrever ? ESCRITA : LEITURA,
    podeEscrever,
    permissoes: [],
    ultimaModificacao: '2026-11-20T13:00:00Z',
    dataCriacao: '2026-11-01T13:00:00Z',
    arquivo: null,
    tamanho: null,
    tipoMime: null,
    arquivoLink: null,
    arquivoMiniaturaLink: null,
    arquivoImagem: false,
    breadcrumb: [],
    ...over,
    naRaiz: over.naRaiz ?? (over.pastaPai ?? null) === null,
  };
}

const MANUAIS_REF: PastaRef = { id: '1', nome: 'Manuais' };
const PERMISSOES_MANUAIS = [permissao('71', GRUPOS[0], 'LEITURA'), permissao('72', GRUPOS[1], 'LEITURA_ESCRITA')];

/** A file in `pai` (its breadcrumb down to `pai`). */
export function arquivo(
  id: string,
  nome: string,
  tipoMime: string,
  pai: PastaRef,
  caminho: PastaRef[],
  over: Partial<ItemBiblioteca> = {},
): ItemBiblioteca {
  const imagem = tipoMime.startsWith('image/');
  return item(id, nome, {
    pastaPai: pai,
    breadcrumb: [...caminho, pai],
    arquivo: { id: `9${id}`, nome, tamanho: 2_048_000, tipoMime },
    tamanho: 2_048_000,
    tipoMime,
    arquivoLink: `https://portal.test/arquivos/${id}?inline`,
    arquivoImagem: imagem,
    ...over,
  });
}

export const NOME_LONGO = 'Campanhas de marketing e materiais de ponto de venda 2026';

/** The library: four folders at the root, files and a subfolder in Manuais. */
export function biblioteca(): ItemBiblioteca[] {
  return [
    item('1', 'Manuais', { isPasta: true, version: 3, permissoes: PERMISSOES_MANUAIS }),
    item('2', 'Diretoria', { isPasta: true, isPublico: false }),
    item('3', NOME_LONGO, {
      isPasta: true,
      podeEscrever: false,
      permissoes: [permissao('91', GRUPOS[2], 'LEITURA')],
    }),
    item('5', 'Treinamentos', { isPasta: true, permissoes: [permissao('51', GRUPOS[0], 'LEITURA')] }),
    item('4', 'Motores 2026', {
      isPasta: true,
      pastaPai: MANUAIS_REF,
      breadcrumb: [MANUAIS_REF],
      permissoesHerdadas: PERMISSOES_MANUAIS,
    }),
    arquivo('10', 'manual-do-proprietario.pdf', 'application/pdf', MANUAIS_REF, [], {
      ultimaModificacao: '2026-11-24T09:00:00Z',
    }),
    arquivo('11', 'foto-fachada.jpg', 'image/jpeg', MANUAIS_REF, [], {
      arquivoMiniaturaLink: 'https://portal.test/arquivos/11/miniatura.webp',
      ultimaModificacao: '2026-11-23T09:00:00Z',
    }),
    arquivo('12', 'foto-showroom.png', 'image/png', MANUAIS_REF, [], { ultimaModificacao: '2026-11-22T09:00:00Z' }),
    arquivo(
      '13',
      'tabela-precos.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      MANUAIS_REF,
      [],
      {
        ultimaModificacao: '2026-11-21T09:00:00Z',
      },
    ),
    arquivo('40', 'ficha-motor.pdf', 'application/pdf', { id: '4', nome: 'Motores 2026' }, [MANUAIS_REF]),
    arquivo('30', 'banner.png', 'image/png', { id: '3', nome: NOME_LONGO }, [], { podeEscrever: false }),
  ];
}

/** A GraphQL error as the API answers a refusal. */
export function recusa(message: string, code = 'BAD_USER_INPUT', fieldErrors?: Record<string, string>): Response {
  const extensions: Record<string, string | Record<string, string>> = { code, ...(fieldErrors ? { fieldErrors } : {}) };
  return HttpResponse.json({ data: null, errors: [{ message, extensions }] });
}

const paginar = <T>(rows: T[], page = 0, rowsPerPage = 100) => ({
  content: rows.slice(page * rowsPerPage, (page + 1) * rowsPerPage),
  totalElements: rows.length,
});

const porNome = (a: ItemBiblioteca, b: ItemBiblioteca) =>
  Number(b.isPasta) - Number(a.isPasta) || a.nome.localeCompare(b.nome, 'pt-BR');

/** What the screens asked, in order: the operation and its variables. */
export interface Chamada {
  operacao: string;
  variables: Record<string, unknown>;
}

/**
 * msw handlers answering the library's reads from `estado.itens` (changed by the writes, as the
 * server would) and recording every call in `estado.chamadas`.
 */
export function bibliotecaApi(estado: { itens: ItemBiblioteca[]; chamadas: Chamada[] }) {
  const registrar = (operacao: string, variables: Record<string, unknown>) =>
    estado.chamadas.push({ operacao, variables });
  const pastaId = (v: unknown) => (v == null || `${v as string}` === '0' ? null : String(v));
  const escrita = (): PastaEscrita[] =>
    estado.itens
      .filter((i) => i.isPasta && i.podeEscrever)
      .map(({ id, nome, isPublico, breadcrumb, pastaPai }) => ({ id, nome, isPublico, breadcrumb, pastaPai }));
  return [
    api.query('biblioteca_pasta', ({ variables }) => {
      registrar('pasta', variables);
      const pasta = estado.itens.find((i) => i.isPasta && i.id === String(variables.idPasta));
      return pasta ? HttpResponse.json({ data: { result: pasta } }) : recusa('Pasta não encontrada', 'NOT_FOUND');
    }),
    api.query('biblioteca_itens', ({ variables }) => {
      registrar('itens', variables);
      const id = pastaId(variables.idPasta);
      const filtro = variables.filterInput as { page: number; rowsPerPage: number };
      // As the server: a listing's items without the groups inherited from above (the folder's detail has them).
      const rows = estado.itens
        .filter((i) => (i.pastaPai?.id ?? null) === id)
        .sort(porNome)
        .map(({ permissoesHerdadas: _, ...i }) => i);
      return HttpResponse.json({ data: { result: paginar(rows, filtro.page, filtro.rowsPerPage) } });
    }),
    api.query('biblioteca_ultimosModificados', ({ variables }) => {
      registrar('ultimosModificados', variables);
      const arquivos = estado.itens
        .filter((i) => !i.isPasta)
        .sort((a, b) => b.ultimaModificacao.localeCompare(a.ultimaModificacao));
      return HttpResponse.json({ data: { result: arquivos.slice(0, Number(variables.quantidade)) } });
    }),
    api.query('biblioteca_ultimosModificadosExtendido', ({ variables }) => {
      registrar('ultimosModificadosExtendido', variables);
      const filtro = variables.filterInput as { page: number; rowsPerPage: number };
      const arquivos = estado.itens
        .filter((i) => !i.isPasta)
        .sort((a, b) => b.ultimaModificacao.localeCompare(a.ultimaModificacao));
      return HttpResponse.json({ data: { result: paginar(arquivos, filtro.page, filtro.rowsPerPage) } });
    }),
    api.query('biblioteca_busca', ({ variables }) => {
      registrar('busca', variables);
      const filtro = variables.filterInput as { busca: string; page: number; rowsPerPage: number; idPasta?: string };
      const termo = filtro.busca.toLowerCase();
      const rows = estado.itens
        .filter((i) => i.nome.toLowerCase().includes(termo))
        .filter((i) => !filtro.idPasta || i.breadcrumb.some((b) => b.id === filtro.idPasta))
        .sort(porNome)
        .map(({ permissoesHerdadas: _, ...i }) => {
          const inicio = i.nome.toLowerCase().indexOf(termo);
          return {
            ...i,
            encontradoEm: ['NOME'],
            trecho: [
              { texto: i.nome.slice(0, inicio), destaque: false },
              { texto: i.nome.slice(inicio, inicio + termo.length), destaque: true },
              { texto: i.nome.slice(inicio + termo.length), destaque: false },
            ].filter((t) => t.texto),
          };
        });
      return HttpResponse.json({ data: { result: paginar(rows, filtro.page, filtro.rowsPerPage) } });
    }),
    api.query('biblioteca_pastasComPermissaoEscrita', ({ variables }) => {
      registrar('pastasComPermissaoEscrita', variables);
      return HttpResponse.json({ data: { result: escrita() } });
    }),
    api.query('gruposUsuarios_ativos', () => HttpResponse.json({ data: { result: GRUPOS } })),
    api.mutation('biblioteca_criarPasta', ({ variables }) => {
      registrar('criarPasta', variables);
      const nova = variables.novaPasta as { nome: string; idPai: string | null; isPublico?: boolean };
      const pai = estado.itens.find((i) => i.id === nova.idPai);
      const pasta = item(`6${estado.itens.length}`, nova.nome, {
        isPasta: true,
        isPublico: pai ? pai.isPublico : Boolean(nova.isPublico),
        pastaPai: pai ? { id: pai.id, nome: pai.nome } : null,
        breadcrumb: pai ? [...pai.breadcrumb, { id: pai.id, nome: pai.nome }] : [],
      });
      estado.itens.push(pasta);
      return HttpResponse.json({ data: { result: pasta } });
    }),
    api.mutation('biblioteca_concederAcesso', ({ variables }) => {
      registrar('concederAcesso', variables);
      const { idPasta } = variables.novasPermissoes as { idPasta: string };
      const pasta = estado.itens.find((i) => i.id === idPasta)!;
      return HttpResponse.json({ data: { result: pasta } });
    }),
    api.mutation('biblioteca_excluir', ({ variables }) => {
      registrar('excluir', variables);
      estado.itens = estado.itens.filter((i) => i.id !== variables.idItem);
      return HttpResponse.json({ data: { result: true } });
    }),
    api.mutation('biblioteca_mover', ({ variables }) => {
      registrar('mover', variables);
      const destino = estado.itens.find((i) => i.id === String(variables.idNovaLocalizacao));
      estado.itens = estado.itens.map((i) =>
        i.id === variables.idItemBiblioteca
          ? { ...i, pastaPai: destino ? { id: destino.id, nome: destino.nome } : null }
          : i,
      );
      return HttpResponse.json({ data: { result: estado.itens.find((i) => i.id === variables.idItemBiblioteca) } });
    }),
    api.mutation('biblioteca_renomear', ({ variables }) => {
      registrar('renomear', variables);
      estado.itens = estado.itens.map((i) =>
        i.id === variables.idItemBiblioteca ? { ...i, nome: String(variables.novoNome), version: i.version + 1 } : i,
      );
      return HttpResponse.json({ data: { result: estado.itens.find((i) => i.id === variables.idItemBiblioteca) } });
    }),
    api.mutation('biblioteca_uploadArquivos', ({ variables }) => {
      registrar('uploadArquivos', variables);
      const arquivos = variables.arquivos as { idArquivo: string; nome: string; idPastaPai: string }[];
      const colocados = arquivos.map((a) => {
        const pai = estado.itens.find((i) => i.id === a.idPastaPai)!;
        return arquivo(`a${a.idArquivo}`, a.nome, 'application/pdf', { id: pai.id, nome: pai.nome }, pai.breadcrumb);
      });
      estado.itens.push(...colocados);
      return HttpResponse.json({ data: { result: colocados } });
    }),
    api.mutation('biblioteca_linkDownload', ({ variables }) => {
      registrar('linkDownload', variables);
      return HttpResponse.json({
        data: { result: `https://portal.test/download/item/${variables.idItemBiblioteca as string}` },
      });
    }),
    api.mutation('biblioteca_linkDownloadArquivo', ({ variables }) => {
      registrar('linkDownloadArquivo', variables);
      return HttpResponse.json({
        data: { result: `https://portal.test/download/arquivo/${variables.idArquivo as string}` },
      });
    }),
  ];
}

/**
 * The msw server of a library test file, answering from a fresh `biblioteca()` before each test;
 * `chamadas(operacao)` lists the variables of the calls made to one operation.
 */
export function servidorBiblioteca() {
  const estado: { itens: ItemBiblioteca[]; chamadas: Chamada[] } = { itens: [], chamadas: [] };
  const server = mockApiServer(...bibliotecaApi(estado));
  beforeEach(() => {
    setAccessTokenGetter(async () => 'token');
    estado.itens = biblioteca();
    estado.chamadas = [];
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const chamadas = (operacao: string) => estado.chamadas.filter((c) => c.operacao === operacao).map((c) => c.variables);
  return { estado, server, chamadas };
}

/** The page under the top bar's breadcrumbs (the layout's), which it gives the folders above. */
const ComTrilha = () =>
  createElement(BreadcrumbLabelProvider, null, createElement(Breadcrumbs), createElement(BibliotecaPage));

/** The page on both its routes (the root and a folder), as App.tsx mounts it in the layout. */
export const abrirBiblioteca = (path = '/biblioteca', subject: AccessSubject = LEITOR) =>
  renderPage(ComTrilha, { path, route: '/biblioteca/:idPasta?', subject });
