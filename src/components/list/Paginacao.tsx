import TablePagination from '@mui/material/TablePagination';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatNumber } from '../format';

/**
 * The pager of a page's own list (outside react-admin's <List>), with react-admin's translated
 * texts: "1-10 de 45", the page-size label and the buttons' names. Without `onRowsPerPage` the
 * page size is fixed. Changing the size goes back to the first page.
 */
export function Paginacao({
  count,
  page,
  onPage,
  rowsPerPage,
  sizes,
  onRowsPerPage,
}: {
  count: number;
  page: number;
  onPage: (page: number) => void;
  rowsPerPage: number;
  sizes?: readonly number[];
  onRowsPerPage?: (rowsPerPage: number) => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={onRowsPerPage ? [...(sizes ?? [rowsPerPage])] : [rowsPerPage]}
      onPageChange={(_event, next) => onPage(next)}
      onRowsPerPageChange={
        onRowsPerPage &&
        ((event) => {
          onRowsPerPage(Number(event.target.value));
          onPage(0);
        })
      }
      labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      labelDisplayedRows={({ from, to, count: total }) =>
        translate('ra.navigation.page_range_info', {
          offsetBegin: formatNumber(from, locale),
          offsetEnd: formatNumber(to, locale),
          total: formatNumber(total, locale),
        })
      }
      getItemAriaLabel={(type) => translate(type === 'next' ? 'ra.navigation.next' : 'ra.navigation.previous')}
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0 } }}
    />
  );
}
