import type { Idioma } from '../../../domain/enums';
import type { PermissaoAcessoPasta } from '../../../domain/biblioteca';
import { translate } from '../../../i18n';
import { partesDoTrecho } from '../../db/schema/buscaTexto';
import type { ItemRow, PermissaoRow } from './queries';

// Rows of queries.ts as the API answers them (biblioteca.graphql).

/** Builds the signed links of a file (set by the links module; null until the download route exists). */
export interface Links {
  arquivo(row: ItemRow): string | null;
  miniatura(row: ItemRow): string | null;
}

const nivel = (idioma: Idioma, id: PermissaoAcessoPasta) => ({
  id,
  description: translate(idioma, `biblioteca.permissoes.${id}`),
});

export const permissoesDoNivel = (idioma: Idioma, n: number) =>
  n >= 2 ? [nivel(idioma, 'LEITURA'), nivel(idioma, 'LEITURA_ESCRITA')] : n >= 1 ? [nivel(idioma, 'LEITURA')] : [];

const permissao = (idioma: Idioma) => (p: PermissaoRow) => ({
  id: `${p.pastaId}-${p.grupoId}`,
  grupoUsuarios: { id: String(p.grupoId), nome: p.nome, favorito: p.favorito },
  permissaoAcessoPasta: nivel(idioma, p.permissao),
});

/** Permission rows as the API answers them. */
export const permissoesView = (idioma: Idioma, rows: PermissaoRow[]) => rows.map(permissao(idioma));

/** The name with the searched text marked (folded as the search folds it: case and accents). */
export function trechoDoNome(nome: string, busca: string) {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const at = fold(nome).indexOf(fold(busca.trim()));
  if (at < 0) return [{ texto: nome, destaque: false }];
  const end = at + busca.trim().length;
  return [
    { texto: nome.slice(0, at), destaque: false },
    { texto: nome.slice(at, end), destaque: true },
    { texto: nome.slice(end), destaque: false },
  ].filter((p) => p.texto);
}

export function itemView(
  row: ItemRow,
  idioma: Idioma,
  links: Links,
  contexto: { breadcrumb?: ItemRow['breadcrumb']; herdadas?: PermissaoRow[]; busca?: string } = {},
) {
  const imagem = Boolean(row.arquivo?.tipoMime.startsWith('image/'));
  const origens = contexto.busca
    ? [...(row.nomeBate ? ['NOME'] : []), ...(row.conteudoBate ? ['CONTEUDO'] : [])]
    : null;
  return {
    id: String(row.id),
    version: row.version,
    nome: row.nome,
    isPasta: row.isPasta,
    isPublico: row.isPublico,
    pastaPai: row.pastaPai,
    naRaiz: row.pastaPaiId === null,
    proprietario: row.proprietario,
    permissoesAcessoUsuarioLogado: permissoesDoNivel(idioma, row.nivel),
    podeEscrever: row.nivel >= 2,
    permissoes: row.permissoes.map(permissao(idioma)),
    permissoesHerdadas: (row.herdadas ?? contexto.herdadas ?? []).map(permissao(idioma)),
    ultimaModificacao: row.ultimaModificacao,
    dataCriacao: row.dataCriacao,
    arquivo: row.arquivo
      ? {
          id: row.arquivo.id,
          nome: row.arquivo.nome,
          tamanho: Number(row.arquivo.tamanho),
          tipoMime: row.arquivo.tipoMime,
          idItem: String(row.id),
          pastaPai: row.pastaPai,
        }
      : null,
    tamanho: row.arquivo ? Number(row.arquivo.tamanho) : null,
    tipoMime: row.arquivo?.tipoMime ?? null,
    arquivoLink: row.arquivo ? links.arquivo(row) : null,
    arquivoMiniaturaLink: row.miniaturaChave ? links.miniatura(row) : null,
    arquivoImagem: imagem,
    breadcrumb: row.breadcrumb ?? contexto.breadcrumb ?? [],
    encontradoEm: origens,
    trecho: contexto.busca ? (row.trecho ? partesDoTrecho(row.trecho) : trechoDoNome(row.nome, contexto.busca)) : null,
  };
}
