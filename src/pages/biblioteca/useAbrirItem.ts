import { useNotify } from 'react-admin';
import { downloadLink } from '../../../providers/files';
import { log } from '../../../providers/logger';
import { useOperations } from '../../components/useOperations';
import { isImagem, isPdf, type ItemBiblioteca } from './tipos';

/** The server's translated message of a failed call, else the catalog key `fallback`. */
export const mensagemDe = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * Downloads of items through short-lived signed links: a file's counted in the reports
 * (linkDownloadByArquivo with registrarDownload), a folder's as a zip (gerarLinkDownloadByItemBiblioteca).
 */
export function useBaixar() {
  const { mutate } = useOperations('biblioteca');
  const notify = useNotify();
  return async (itens: readonly ItemBiblioteca[]) => {
    try {
      for (const item of itens) {
        const link =
          !item.isPasta && item.arquivo
            ? await mutate<string>('linkDownloadArquivo', { idArquivo: item.arquivo.id, registrarDownload: true })
            : await mutate<string>('linkDownload', { idItemBiblioteca: item.id });
        downloadLink(link);
      }
    } catch (error) {
      log.error('biblioteca: download link failed', error);
      notify(mensagemDe(error, 'biblioteca.download.erro'), { type: 'error' });
    }
  };
}

/**
 * What opening an item does (a double click, Enter): a folder opens, an image shows in the viewer,
 * a PDF opens in the browser's viewer in a new tab (its signed inline link), any other file downloads.
 */
export function useAbrirItem({
  onAbrirPasta,
  onVerImagem,
}: {
  onAbrirPasta: (pasta: ItemBiblioteca) => void;
  onVerImagem: (imagem: ItemBiblioteca) => void;
}) {
  const baixar = useBaixar();
  return (item: ItemBiblioteca) => {
    if (item.isPasta) onAbrirPasta(item);
    else if (isImagem(item) && item.arquivoLink) onVerImagem(item);
    else if (isPdf(item) && item.arquivoLink) window.open(item.arquivoLink, '_blank', 'noopener');
    else void baixar([item]);
  };
}
