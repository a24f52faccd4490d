import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { useListContext, useNotify, useTranslate } from 'react-admin';
import { downloadFile } from '../../../providers/files';
import { BusyButton } from '../form/BusyButton';

/** The list's current filters and sort as the API's filterInput (without paging). */
export function exportFilter(filterValues: Record<string, unknown>, sort?: { field: string; order: string }) {
  const { q, ...filters } = filterValues;
  return {
    ...filters,
    ...(q ? { busca: q } : {}),
    ...(sort?.field ? { sort: { field: sort.field, order: sort.order === 'DESC' ? 'DESC' : 'ASC' } } : {}),
  };
}

/** CSV and XLSX export of the filtered list, written by the API (GET /api/exportar/{name}). */
export function ExportButtons({ name }: { name: string }) {
  const { filterValues, sort } = useListContext();
  return <ExportFileButtons name={name} filtro={exportFilter(filterValues, sort)} />;
}

/**
 * The same buttons for a list outside react-admin's <List> (a page's own list): `filtro` is the
 * export's filterInput as the API takes it.
 */
export function ExportFileButtons({
  name,
  filtro: filterInput,
  disabled = false,
}: {
  name: string;
  filtro: Record<string, unknown>;
  /** E.g. while a form's filters are not applied: the file would not be what the screen shows. */
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const run = async (formato: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      const filtro = encodeURIComponent(JSON.stringify(filterInput));
      await downloadFile(`/api/exportar/${name}?formato=${formato}&filtro=${filtro}`, `${name}.${formato}`);
    } catch {
      notify('lista.exportFailed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {(['csv', 'xlsx'] as const).map((formato) => (
        // While a file is made, both look disabled and ignore presses, yet the one pressed keeps the focus.
        <BusyButton
          key={formato}
          size="small"
          startIcon={<DownloadIcon />}
          busy={busy}
          disabled={disabled}
          onClick={() => void run(formato)}
        >
          {translate(formato === 'csv' ? 'lista.exportCsv' : 'lista.exportXlsx')}
        </BusyButton>
      ))}
    </>
  );
}
