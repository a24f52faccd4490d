import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useListContext, useNotify, useTranslate } from 'react-admin';
import { authorizedFetch } from '../../../providers/dataProvider';

/** The list's current filters and sort as the API's filterInput (without paging). */
export function exportFilter(filterValues: Record<string, unknown>, sort?: { field: string; order: string }) {
  const { q, ...filters } = filterValues;
  return {
    ...filters,
    ...(q ? { busca: q } : {}),
    ...(sort?.field ? { sort: { field: sort.field, order: sort.order === 'DESC' ? 'DESC' : 'ASC' } } : {}),
  };
}

function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const fileNameOf = (response: Response, fallback: string) => {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(header)?.[1];
  return encoded ? decodeURIComponent(encoded) : fallback;
};

/** Saves a file the API answered, under the name its content-disposition gives (or `fallback`). */
export async function downloadResponse(response: Response, fallback: string) {
  download(await response.blob(), fileNameOf(response, fallback));
}

/** CSV and XLSX export of the filtered list, written by the API (GET /api/exportar/{name}). */
export function ExportButtons({ name }: { name: string }) {
  const { filterValues, sort } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const run = async (formato: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      const filtro = encodeURIComponent(JSON.stringify(exportFilter(filterValues, sort)));
      const response = await authorizedFetch(`/api/exportar/${name}?formato=${formato}&filtro=${filtro}`);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      await downloadResponse(response, `${name}.${formato}`);
    } catch {
      notify('lista.exportFailed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {(['csv', 'xlsx'] as const).map((formato) => (
        <Button
          key={formato}
          size="small"
          startIcon={<DownloadIcon />}
          disabled={busy}
          onClick={() => void run(formato)}
        >
          {translate(formato === 'csv' ? 'lista.exportCsv' : 'lista.exportXlsx')}
        </Button>
      ))}
    </>
  );
}
