import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { BIBLIOTECA_NOME_MAX } from '../../../../domain/biblioteca';
import { renomearSchema } from '../../../../domain/schemas/biblioteca';
import { useOperations } from '../../../components/useOperations';
import type { ItemBiblioteca } from '../tipos';
import { FormularioDialogo, errosDe, errosDoServidor, textoDaRecusa, useEscrita, type ErroCampo } from './comum';

/**
 * Rename an item (renomearItemBiblioteca): enabled only once the name changed. Done, `onRenomeado`
 * (the page clears its selection, as after a move or a removal: a click selects by adding to it, so
 * a renamed item left selected joined the next item clicked).
 */
export function RenomearDialog({
  item,
  onClose,
  onRenomeado,
}: {
  item: ItemBiblioteca;
  onClose: () => void;
  onRenomeado: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const { mutate } = useOperations('biblioteca');
  const [nome, setNome] = useState(item.nome);
  const [erro, setErro] = useState<ErroCampo>();
  const renomear = useEscrita((novoNome: string) =>
    mutate<ItemBiblioteca>('renomear', { idItemBiblioteca: item.id, novoNome, version: item.version }),
  );
  const mudou = nome.trim() !== item.nome && nome.trim() !== '';

  const enviar = async () => {
    if (!mudou) return;
    const validacao = renomearSchema.safeParse({ idItemBiblioteca: item.id, novoNome: nome, version: item.version });
    if (!validacao.success) {
      setErro(errosDe(validacao.error).novoNome);
      return;
    }
    setErro(undefined);
    try {
      const renomeado = await renomear.mutateAsync(validacao.data.novoNome);
      notify('biblioteca.renomear.feito', { type: 'success', messageArgs: { nome: renomeado.nome } });
      onRenomeado();
      onClose();
    } catch (error) {
      const mensagem = textoDaRecusa(error, 'biblioteca.renomear.erro', translate);
      setErro(errosDoServidor(error).novoNome ?? { message: mensagem });
      notify(mensagem, { type: 'error' });
    }
  };

  return (
    <FormularioDialogo
      titulo={translate('biblioteca.renomear.titulo', { nome: item.nome })}
      confirmar="biblioteca.acoes.renomear"
      desabilitado={!mudou}
      ocupado={renomear.isPending}
      onSubmit={enviar}
      onClose={onClose}
    >
      <TextField
        label={translate('biblioteca.renomear.nome')}
        value={nome}
        onChange={(event) => setNome(event.target.value)}
        required
        autoFocus
        fullWidth
        size="small"
        slotProps={{ htmlInput: { maxLength: BIBLIOTECA_NOME_MAX } }}
        error={Boolean(erro)}
        helperText={erro && translate(erro.message, { _: erro.message, ...erro.args })}
      />
    </FormularioDialogo>
  );
}
