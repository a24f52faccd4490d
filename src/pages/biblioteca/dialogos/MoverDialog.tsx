import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { log } from '../../../../providers/logger';
import { formatCount } from '../../../components/format';
import { useOperations } from '../../../components/useOperations';
import { destinosMover, type Destino } from '../regras';
import type { ItemBiblioteca } from '../tipos';
import { usePastasEscrita } from '../useBiblioteca';
import { FormularioDialogo, textoDaRecusa, useEscrita } from './comum';
import { SeletorPasta } from './SeletorPasta';

/**
 * Move the selection (moverItemBiblioteca, once per item) into a folder the caller may write into,
 * or to the root; destinations that would put an item into itself, a folder inside it, or where it
 * already is are not offered. 20 rem wide (spec section 9).
 */
export function MoverDialog({
  itens,
  gestor,
  onClose,
  onMovidos,
}: {
  itens: ItemBiblioteca[];
  /** A library manager (PORTAL_GERENCIAR_BIBLIOTECA): the root is a destination for them only. */
  gestor: boolean;
  onClose: () => void;
  onMovidos: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale = 'pt-BR'] = useLocaleState();
  const { mutate } = useOperations('biblioteca');
  const pastas = usePastasEscrita(true);
  const [destino, setDestino] = useState<Destino | null>(null);
  const [falha, setFalha] = useState<string>();
  const opcoes = destinosMover(pastas.data ?? [], itens, gestor);
  const mover = useEscrita(async (para: Destino) => {
    for (const item of itens) {
      await mutate('mover', { idItemBiblioteca: item.id, idNovaLocalizacao: para.id, version: item.version });
    }
  });

  const enviar = async () => {
    if (!destino) return;
    setFalha(undefined);
    try {
      await mover.mutateAsync(destino);
      notify(formatCount(translate, 'biblioteca.mover.feito', itens.length, locale), { type: 'success' });
      onMovidos();
      onClose();
    } catch (error) {
      log.error('biblioteca: move failed', error);
      const mensagem = textoDaRecusa(error, 'biblioteca.mover.erro', translate);
      setFalha(mensagem);
      notify(mensagem, { type: 'error' });
    }
  };

  return (
    <FormularioDialogo
      titulo={formatCount(translate, 'biblioteca.mover.titulo', itens.length, locale)}
      confirmar="biblioteca.acoes.mover"
      desabilitado={!destino || opcoes.length === 0}
      ocupado={mover.isPending}
      falha={falha}
      onSubmit={enviar}
      onClose={onClose}
      fullWidth={false}
      fullScreen={false}
      slotProps={{ paper: { sx: { width: '20rem', maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      {pastas.isSuccess && opcoes.length === 0 ? (
        <Alert severity="info">{translate('biblioteca.mover.semDestinos')}</Alert>
      ) : (
        <SeletorPasta
          label="biblioteca.mover.destino"
          opcoes={opcoes}
          value={destino}
          onChange={setDestino}
          loading={pastas.isFetching}
          autoFocus
        />
      )}
    </FormularioDialogo>
  );
}
