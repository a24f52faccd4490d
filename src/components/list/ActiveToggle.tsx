import Button from '@mui/material/Button';
import { useState, type ReactNode } from 'react';
import {
  useDataProvider,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { PortalDataProvider } from '../../../providers/dataProvider';
import { ConfirmAction } from '../ConfirmAction';

export interface ActiveToggleProps {
  /** The record's name in the dialog and toasts. */
  nameOf: (record: RaRecord) => string;
  /** What the change will also do (e.g. a group's cascade), shown in the confirm dialog. */
  consequences?: (record: RaRecord, active: boolean) => ReactNode;
  /** i18n keys of the error toasts; the server's message otherwise. */
  errorMessages?: { activate?: string; inactivate?: string };
}

/** The row action activating or inactivating a record, behind the confirm dialog. */
export function ActiveToggle({ nameOf, consequences, errorMessages }: ActiveToggleProps) {
  const record = useRecordContext();
  const resource = useResourceContext()!;
  const translate = useTranslate();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const next = !record.active;
  const nome = nameOf(record);
  return (
    <>
      <Button
        size="small"
        color={next ? 'primary' : 'warning'}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {translate(next ? 'lista.activate' : 'lista.inactivate')}
      </Button>
      {open && (
        <ConfirmAction
          open
          onClose={() => setOpen(false)}
          title={next ? 'lista.confirmActivate' : 'lista.confirmInactivate'}
          messageArgs={{ nome }}
          content={
            consequences?.(record, next) ??
            translate(next ? 'lista.confirmActivateText' : 'lista.confirmInactivateText', { nome })
          }
          confirmLabel={next ? 'lista.activate' : 'lista.inactivate'}
          successMessage={next ? 'lista.activated' : 'lista.inactivated'}
          errorMessage={next ? errorMessages?.activate : errorMessages?.inactivate}
          action={() => dataProvider.setActive(resource, { id: record.id, active: next })}
          onSuccess={refresh}
        />
      )}
    </>
  );
}
