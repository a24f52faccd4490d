import { useQueryClient } from '@tanstack/react-query';
import { useLocaleState } from 'react-admin';
import { ConfirmAction } from '../../../components/ConfirmAction';
import { formatNumber } from '../../../components/format';
import { useOperations } from '../../../components/useOperations';
import { BIBLIOTECA_KEY, type ItemBiblioteca } from '../tipos';

/** Remove the selection (excluirItemBiblioteca, once per item) after confirming; a folder goes with its content. */
export function ExcluirDialog({
  itens,
  onClose,
  onExcluidos,
}: {
  itens: ItemBiblioteca[];
  onClose: () => void;
  onExcluidos: () => void;
}) {
  const { mutate } = useOperations('biblioteca');
  const queryClient = useQueryClient();
  const [locale = 'pt-BR'] = useLocaleState();
  const args = {
    smart_count: itens.length,
    count: formatNumber(itens.length, locale),
    nome: itens[0]?.nome ?? '',
  };
  return (
    <ConfirmAction
      open
      onClose={onClose}
      title={itens.length === 1 ? 'biblioteca.excluir.tituloUm' : 'biblioteca.excluir.titulo'}
      content={itens.some((i) => i.isPasta) ? 'biblioteca.excluir.textoPasta' : 'biblioteca.excluir.texto'}
      confirmLabel="biblioteca.acoes.excluir"
      successMessage="biblioteca.excluir.feito"
      messageArgs={args}
      action={async () => {
        try {
          for (const item of itens) await mutate('excluir', { idItem: item.id, version: item.version });
        } finally {
          await queryClient.invalidateQueries({ queryKey: BIBLIOTECA_KEY });
        }
      }}
      onSuccess={onExcluidos}
    />
  );
}
