import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useOperations } from '../../../components/useOperations';
import type { ItemBiblioteca } from '../tipos';
import { mensagemDe } from '../useAbrirItem';
import { CamposGrupos, gruposDaPasta, tiposAcessoDe, type GruposPasta } from './CamposGrupos';
import { FormularioDialogo, useEscrita } from './comum';

/**
 * Grant access (concederAcesso) to a top-level folder: its user groups with read or read and
 * write, replacing the old list; without groups the folder (and its tree) becomes private. Done,
 * `onConcedido` (the page clears its selection, as after every action on it).
 */
export function ConcederAcessoDialog({
  pasta,
  onClose,
  onConcedido,
}: {
  pasta: ItemBiblioteca;
  onClose: () => void;
  onConcedido: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const { mutate } = useOperations('biblioteca');
  const [grupos, setGrupos] = useState<GruposPasta>(() => gruposDaPasta(pasta.permissoes));
  const [falha, setFalha] = useState<string>();
  const conceder = useEscrita((novasPermissoes: Record<string, unknown>) =>
    mutate<ItemBiblioteca>('concederAcesso', { novasPermissoes }),
  );
  const semGrupos = grupos.leitura.length + grupos.escrita.length === 0;

  const enviar = async () => {
    setFalha(undefined);
    try {
      await conceder.mutateAsync({ idPasta: pasta.id, tiposAcesso: tiposAcessoDe(grupos), version: pasta.version });
      notify('biblioteca.concederAcesso.feito', { type: 'success', messageArgs: { nome: pasta.nome } });
      onConcedido();
      onClose();
    } catch (error) {
      const mensagem = mensagemDe(error, 'biblioteca.concederAcesso.erro');
      setFalha(translate(mensagem, { _: mensagem }));
      notify(mensagem, { type: 'error' });
    }
  };

  return (
    <FormularioDialogo
      titulo={translate('biblioteca.concederAcesso.titulo', { nome: pasta.nome })}
      confirmar="biblioteca.concederAcesso.salvar"
      ocupado={conceder.isPending}
      falha={falha}
      onSubmit={enviar}
      onClose={onClose}
    >
      <DialogContentText>{translate('biblioteca.concederAcesso.ajuda')}</DialogContentText>
      <CamposGrupos value={grupos} onChange={setGrupos} />
      {semGrupos && (
        <Alert severity="warning" role="note">
          {translate('biblioteca.concederAcesso.privada')}
        </Alert>
      )}
    </FormularioDialogo>
  );
}
