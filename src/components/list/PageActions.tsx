import Pagination from '@mui/material/Pagination';
import { useTranslate, type PaginationActionsProps } from 'react-admin';

/**
 * The page buttons of a list. react-admin's own hide themselves on a single page; these stay, with
 * previous and next disabled, so the control does not come and go with the filter.
 */
export function PageActions({ page, rowsPerPage, count, onPageChange, className }: PaginationActionsProps) {
  const translate = useTranslate();
  const pages = Math.max(1, Math.ceil(count / rowsPerPage));
  return (
    <Pagination
      className={className}
      size="small"
      sx={{ flexShrink: 0, ml: 4 }}
      count={pages}
      // TablePagination counts pages from 0, Pagination from 1.
      page={page + 1}
      onChange={(event, chosen) => onPageChange(event as never, chosen - 1)}
      getItemAriaLabel={(type, item, selected) =>
        type === 'page'
          ? translate(selected ? 'ra.navigation.current_page' : 'ra.navigation.page', { page: item })
          : translate(`ra.navigation.${type}`)
      }
    />
  );
}
