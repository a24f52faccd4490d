import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { Confirm, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { AuditButton } from '../../src/components/AuditButton';
import { useSaveWithFieldErrors } from '../../src/components/form/useSaveWithFieldErrors';
import { hasImpacto, ImpactoText, useFetchImpacto, type ImpactoGrupo } from './GrupoImpacto';

/**
 * Save of a group: when the change unlinks or inactivates dealers or users (a brand removed, the
 * group inactivated), a confirm dialog first says how many, and saving waits for the answer.
 */
export function GrupoToolbar() {
  const record = useRecordContext();
  const { handleSubmit } = useFormContext();
  const { save, saving } = useSaveWithFieldErrors();
  const translate = useTranslate();
  const fetchImpacto = useFetchImpacto();
  const [pending, setPending] = useState<{ values: FieldValues; impacto: ImpactoGrupo } | null>(null);
  const [checking, setChecking] = useState(false);

  const submit = handleSubmit(async (values) => {
    if (!values.id) return save(values);
    setChecking(true);
    try {
      const impacto = await fetchImpacto({
        id: values.id,
        nome: values.nome,
        marcaIds: values.marcaIds ?? [],
        active: values.active ?? true,
      });
      if (hasImpacto(impacto)) setPending({ values, impacto });
      else await save(values);
    } finally {
      setChecking(false);
    }
  });

  return (
    <Toolbar>
      <Button variant="contained" onClick={() => void submit()} disabled={saving || checking}>
        {translate('ra.action.save')}
      </Button>
      {record?.id !== undefined && (
        <Box sx={{ ml: 'auto' }}>
          <AuditButton tipo="GRUPO" id={record.id} />
        </Box>
      )}
      <Confirm
        isOpen={pending !== null}
        title="grupos.impacto.title"
        titleTranslateOptions={{ nome: pending?.values.nome }}
        content={pending ? <ImpactoText impacto={pending.impacto} /> : null}
        confirm="ra.action.confirm"
        onConfirm={() => {
          const values = pending!.values;
          setPending(null);
          void save(values);
        }}
        onClose={() => setPending(null)}
      />
    </Toolbar>
  );
}
