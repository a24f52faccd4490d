import Button from '@mui/material/Button';
import { useState } from 'react';
import { useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useOperations } from '../../src/components/useOperations';
import { ConfirmAction } from '../../src/components/ConfirmAction';

/**
 * The users list's row action granting or removing special activation (LIBERAR_ATIVACAO_ESPECIAL):
 * a user with it is never inactivated for lack of access. Behind the confirm dialog; the row's chip
 * shows the state.
 */
export function AtivacaoEspecialAction() {
  const record = useRecordContext();
  const translate = useTranslate();
  const refresh = useRefresh();
  const { mutate } = useOperations('usuarios');
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const acao = record.ativacaoEspecial ? 'remover' : 'liberar';
  const nome = record.nome as string;
  const key = (suffix: string) => `usuarios.ativacaoEspecial.${acao}${suffix}`;
  return (
    <>
      <Button
        size="small"
        color={acao === 'liberar' ? 'primary' : 'warning'}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {translate(key(''))}
      </Button>
      {open && (
        <ConfirmAction
          open
          onClose={() => setOpen(false)}
          title={key('Title')}
          messageArgs={{ nome }}
          content={translate(key('Text'), { nome })}
          confirmLabel={key('')}
          successMessage={
            acao === 'liberar' ? 'usuarios.ativacaoEspecial.liberado' : 'usuarios.ativacaoEspecial.removido'
          }
          errorMessage={key('Erro')}
          action={() => mutate(`${acao}AtivacaoEspecial`, { usuarioId: record.id })}
          onSuccess={refresh}
        />
      )}
    </>
  );
}
