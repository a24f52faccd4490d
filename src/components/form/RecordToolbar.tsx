import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import {
  SaveButton,
  Toolbar,
  useDelete,
  useRecordContext,
  useRedirect,
  useResourceContext,
  type RaRecord,
} from 'react-admin';
import type { TipoAuditoria } from '../../../domain/auditoria';
import { AuditButton } from '../AuditButton';
import { ConfirmButton } from '../ConfirmAction';

export interface RecordToolbarProps {
  /** Kind of record for the audit link (shown on saved records to users who may read it). */
  tipo?: TipoAuditoria;
  /** Offers removal (after confirmation) of a saved record; the API refuses one in use. */
  removable?: boolean;
  /** The field naming the record in the confirmation, e.g. `nome`. */
  nameField?: string;
  /** i18n key of the removal confirmation's title; gets the record's name as `%{nome}`. */
  removeTitle?: string;
  /** i18n key of the removal confirmation's text. */
  removeContent?: string;
}

/**
 * The toolbar of a create or edit form: save, then on a saved record its audit link and, when
 * `removable`, a remove button going through the confirm dialog of spec section 8; once removed,
 * back to the list.
 */
export function RecordToolbar({ tipo, removable = false, ...remove }: RecordToolbarProps) {
  const record = useRecordContext();
  return (
    <Toolbar>
      <SaveButton />
      {record?.id !== undefined && (
        <Box sx={{ ml: 'auto', display: 'flex', gap: 1 }}>
          {tipo && <AuditButton tipo={tipo} id={record.id} />}
          {removable && <RemoveButton record={record} {...remove} />}
        </Box>
      )}
    </Toolbar>
  );
}

function RemoveButton({
  record,
  nameField = 'nome',
  removeTitle = 'ra.action.delete',
  removeContent,
}: Omit<RecordToolbarProps, 'tipo' | 'removable'> & { record: RaRecord }) {
  const resource = useResourceContext()!;
  const [remove] = useDelete();
  const redirect = useRedirect();
  return (
    <ConfirmButton
      label="ra.action.delete"
      buttonProps={{ color: 'error', startIcon: <DeleteIcon /> }}
      title={removeTitle}
      messageArgs={{ nome: String(record[nameField] ?? record.id) }}
      content={removeContent}
      action={() => remove(resource, { id: record.id, previousData: record }, { returnPromise: true })}
      onSuccess={() => redirect('list', resource)}
    />
  );
}
