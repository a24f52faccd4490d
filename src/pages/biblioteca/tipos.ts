import {
  BIBLIOTECA_NOME_TRUNCAR,
  isRaiz,
  type OrigemBusca,
  type PermissaoAcessoPasta,
} from '../../../domain/biblioteca';

/** The library's shapes, as domain/operations.ts's `biblioteca` group asks for them. */

export interface PastaRef {
  id: string;
  nome: string;
}

export interface NivelAcesso {
  id: PermissaoAcessoPasta;
  description: string;
}

export interface PermissaoPasta {
  id: string;
  grupoUsuarios: { id: string; nome: string; favorito: boolean };
  permissaoAcessoPasta: NivelAcesso;
}

export interface TrechoBusca {
  texto: string;
  destaque: boolean;
}

/** A folder or a file (ItemBiblioteca), with the caller's permission on it. */
export interface ItemBiblioteca {
  id: string;
  version: number;
  nome: string;
  isPasta: boolean;
  isPublico: boolean;
  /** Null at the root, and above a folder the caller does not read. */
  pastaPai: PastaRef | null;
  /** At the root (a top-level folder). */
  naRaiz: boolean;
  proprietario: { id: string; nome: string; email: string } | null;
  permissoesAcessoUsuarioLogado: NivelAcesso[];
  podeEscrever: boolean;
  permissoes: PermissaoPasta[];
  /** A folder's detail only (pasta): the groups reaching it from the folders above. */
  permissoesHerdadas?: PermissaoPasta[];
  ultimaModificacao: string;
  dataCriacao: string;
  arquivo: { id: string; nome: string; tamanho: number; tipoMime: string } | null;
  tamanho: number | null;
  tipoMime: string | null;
  arquivoLink: string | null;
  arquivoMiniaturaLink: string | null;
  arquivoImagem: boolean;
  breadcrumb: PastaRef[];
  /** Search results only. */
  encontradoEm?: OrigemBusca[] | null;
  trecho?: TrechoBusca[] | null;
}

/** A destination of the move and upload dialogs and a parent of the new-folder dialog (pastasComPermissaoEscrita). */
export interface PastaEscrita {
  id: string;
  nome: string;
  isPublico: boolean;
  breadcrumb: PastaRef[];
  pastaPai: PastaRef | null;
}

export interface Pagina<T> {
  content: T[];
  totalElements: number;
}

/** react-query keys: every read of the library starts with BIBLIOTECA_KEY (a write invalidates them all). */
export const BIBLIOTECA_KEY = ['biblioteca'] as const;

export const pastaPath = (id: string | number | null | undefined) => (isRaiz(id) ? '/biblioteca' : `/biblioteca/${id}`);

/** A name cut to `max` characters (not code units: an emoji stays whole) with an ellipsis. */
export function truncar(nome: string, max = BIBLIOTECA_NOME_TRUNCAR): string {
  const chars = [...nome];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : nome;
}

export const isPdf = (item: Pick<ItemBiblioteca, 'isPasta' | 'tipoMime'>) =>
  !item.isPasta && item.tipoMime === 'application/pdf';

export const isImagem = (item: Pick<ItemBiblioteca, 'isPasta' | 'arquivoImagem'>) =>
  !item.isPasta && item.arquivoImagem;
