import { PASTA_RAIZ_ID } from '../../../domain/biblioteca';
import type { ItemBiblioteca, PastaEscrita } from './tipos';

/** The selection toolbar's actions (spec section 5, "Toolbar"). */
export type AcaoBiblioteca = 'excluir' | 'mover' | 'baixar' | 'concederAcesso' | 'renomear';

type Selecionado = Pick<ItemBiblioteca, 'id' | 'isPasta' | 'podeEscrever' | 'pastaPai' | 'naRaiz'>;

/** Why an action does not apply to a selection: a key under `biblioteca.motivos`, or null when it applies. */
export type MotivosDesabilitadas = Record<AcaoBiblioteca, string | null>;

/**
 * Which actions a selection allows, and why not: remove and move need write permission on every
 * item; download is refused for folders and files together; grant access needs one top-level
 * folder with write permission; rename needs one folder with write permission.
 */
export function motivosDesabilitadas(selecionados: readonly Selecionado[]): MotivosDesabilitadas {
  if (selecionados.length === 0) {
    return { excluir: 'umItem', mover: 'umItem', baixar: 'umItem', concederAcesso: 'umItem', renomear: 'umItem' };
  }
  const escreveTodos = selecionados.every((i) => i.podeEscrever);
  const misturado = selecionados.some((i) => i.isPasta) && selecionados.some((i) => !i.isPasta);
  const semEscrita = escreveTodos ? null : 'semEscrita';
  /** An action on one folder: what is missing, in the order a user would fix it. */
  const umaPasta = (soPasta: string) => {
    if (selecionados.length !== 1) return 'umItem';
    if (!selecionados[0].isPasta) return soPasta;
    return semEscrita;
  };
  // A top-level folder: a subfolder found by search whose parent the caller does not read has no pastaPai either.
  const acesso = umaPasta('acessoSoPasta') ?? (selecionados[0].naRaiz ? null : 'acessoNaRaiz');
  return {
    excluir: semEscrita,
    mover: semEscrita,
    baixar: misturado ? 'misturado' : null,
    concederAcesso: acesso,
    renomear: umaPasta('renomearSoPasta'),
  };
}

/** A destination of the move dialog: a folder, or the root (id PASTA_RAIZ_ID). */
export interface Destino {
  id: string;
  /** The folder's path from the top level ("A / B / C"); empty for the root. */
  caminho: string[];
  raiz: boolean;
}

/** A folder of pastasComPermissaoEscrita as a destination. */
export const destinoDe = (pasta: Pick<PastaEscrita, 'id' | 'nome' | 'breadcrumb'>): Destino => ({
  id: pasta.id,
  caminho: [...pasta.breadcrumb.map((b) => b.nome), pasta.nome],
  raiz: false,
});

/** The root as a destination (the new-folder dialog's parent, the move dialog's root option). */
export const DESTINO_RAIZ: Destino = { id: String(PASTA_RAIZ_ID), caminho: [], raiz: true };

/**
 * Where a selection may be moved (spec section 5, "Move"): never into a selected item, a folder
 * inside a selected folder, or the folder a selected item already is in; the root only for folders
 * (files live in folders) when one of them has a parent, and only to a library manager (`gestor`:
 * a top-level folder is the managers' to make, as the server holds).
 */
export function destinosMover(
  pastas: readonly PastaEscrita[],
  selecionados: readonly Selecionado[],
  gestor: boolean,
): Destino[] {
  const ids = new Set(selecionados.map((i) => i.id));
  const pastasSelecionadas = new Set(selecionados.filter((i) => i.isPasta).map((i) => i.id));
  const pais = new Set(selecionados.map((i) => (i.naRaiz ? String(PASTA_RAIZ_ID) : i.pastaPai?.id)));
  const raiz =
    gestor &&
    selecionados.length > 0 &&
    selecionados.every((i) => i.isPasta) &&
    selecionados.some((i) => !i.naRaiz) &&
    !pais.has(String(PASTA_RAIZ_ID));
  const pastasValidas = pastas.filter(
    (p) => !ids.has(p.id) && !pais.has(p.id) && !p.breadcrumb.some((b) => pastasSelecionadas.has(b.id)),
  );
  return [...(raiz ? [DESTINO_RAIZ] : []), ...pastasValidas.map(destinoDe)];
}
