import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactElement, ReactNode } from 'react';
import {
  Button,
  CreateButton,
  DataTable,
  FilterButton,
  List,
  Pagination,
  SearchInput,
  TopToolbar,
  useListContext,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { ROUTES } from '../../../domain/routes';
import { ROWS_PER_PAGE_OPTIONS } from '../../../domain/schemas/lista';
import { LoadError } from '../LoadError';
import { ActiveToggle, type ActiveToggleProps } from './ActiveToggle';
import { CompactRows } from './CompactRows';
import { editPathOf } from './editPath';
import { ExportButtons } from './ExportButtons';
import { KeyboardRowsBody } from './KeyboardRows';
import { PageActions } from './PageActions';
import { activeFilter } from './YesNoFilter';
import { useIsCompactList } from './useIsCompactList';

/** Ativo / Inativo as a chip. */
export function ActiveChip() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={record.active ? 'success' : 'default'}
      variant={record.active ? 'filled' : 'outlined'}
      label={translate(record.active ? 'lista.status.active' : 'lista.status.inactive')}
    />
  );
}

/** The first load of a list: a named progress indicator where the rows will be. */
function ListLoading({ children }: { children: ReactNode }) {
  const { isPending } = useListContext();
  const translate = useTranslate();
  if (!isPending) return children;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
      <CircularProgress aria-label={translate('ra.page.loading')} />
    </Box>
  );
}

/**
 * No rows: 'no records found', and with filters in use a way to clear them. (react-admin's own
 * message names the resource by an English inflection of its id, e.g. 'Divisoes'.)
 */
function ListEmpty() {
  const { filterValues, setFilters } = useListContext();
  const translate = useTranslate();
  const filtered = Object.keys(filterValues ?? {}).length > 0;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2 }}>
      <Typography variant="body2">{translate('lista.empty')}</Typography>
      {filtered && <Button onClick={() => setFilters({}, [])} label="ra.navigation.clear_filters" />}
    </Box>
  );
}

/** A list that could not be read: says so (not 'no results') and offers to try again. */
function ListLoadError() {
  const { refetch, isFetching } = useListContext();
  return <LoadError message="lista.loadError" retrying={isFetching ?? false} onRetry={refetch} sx={{ m: 2 }} />;
}

export interface ResourceListProps {
  /** Filters besides the search box and the active filter (brand, group, division...). */
  filters?: ReactElement[];
  /** Name of the list's export (GET /api/exportar/{name}); no export buttons without it. */
  exportName?: string;
  /** The activate / inactivate row action; absent for resources without an active state. */
  activeToggle?: ActiveToggleProps;
  /** Columns: DataTable.Col elements. */
  children: ReactNode;
  /** Under 768 px a record is a list item: this is its first line (the record's name). */
  primaryText: (record: RaRecord) => ReactNode;
  /** Its second line, under 768 px. */
  secondaryText?: (record: RaRecord) => ReactNode;
  sort?: SortPayload;
  /** Whether the caller may create records (the create button). */
  canCreate?: boolean;
  /** Whether the caller may open a record's edit page (rows are links only then). */
  canEdit?: boolean;
  /** Extra actions at the end of each row (e.g. the audit link). */
  rowActions?: ReactNode;
  /** Actions only the compact list adds to each row, where the table has them as a column (e.g. a star). */
  compactActions?: ReactNode;
  /** The page heading; the route's title (routes.<resource>) by default. */
  title?: string;
  /** More actions in the list's toolbar, inside the list's context (e.g. a background export). */
  toolbarActions?: ReactNode;
}

/**
 * The shared list of the portal's resources (spec section 2, "Lists"): search, filters, sort,
 * paging with 'Showing X to Y of Z records' and page sizes, an active column with the activate /
 * inactivate action behind a confirmation, and CSV/XLSX export of the filtered list. Rows open
 * with a click or, once reached with Tab, with Enter. Under 768 px the table gives way to a list of
 * links (name, a second line, the active chip), each with the row's actions under it.
 */
export function ResourceList({
  filters = [],
  exportName,
  activeToggle,
  children,
  primaryText,
  secondaryText,
  sort,
  canCreate = true,
  canEdit = true,
  rowActions,
  compactActions,
  title,
  toolbarActions,
}: ResourceListProps) {
  const resource = useResourceContext();
  const translate = useTranslate();
  const compact = useIsCompactList();
  // The create route of the table (/grupos/novo), not react-admin's /grupos/create.
  const createPath = ROUTES.find((route) => route.id === `${resource}Novo`)?.path;
  const editPath = editPathOf(resource!);
  const allFilters = [
    // SearchInput does not translate a given placeholder.
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('lista.search')} />,
    ...(activeToggle ? [activeFilter] : []),
    ...filters,
  ];
  const heading = title ?? translate(`routes.${resource}`);
  const arrowLabel = (type: 'previous' | 'next') => {
    const label = translate(`ra.navigation.${type}`);
    return { 'aria-label': label, title: label };
  };
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {heading}
      </Typography>
      <List
        title={heading}
        filters={allFilters}
        sort={sort}
        perPage={10}
        pagination={
          <Pagination
            rowsPerPageOptions={[...ROWS_PER_PAGE_OPTIONS]}
            actions={PageActions}
            // At 375 px the page size, the range and the pages wrap instead of scrolling sideways
            // (a scrolling pager is a region the keyboard cannot reach: axe's scrollable-region-focusable).
            sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', rowGap: 1 } }}
            // Under 900 px react-admin swaps our actions for MUI's arrows, labelled in English.
            slotProps={{
              actions: {
                previousButton: arrowLabel('previous'),
                nextButton: arrowLabel('next'),
              },
            }}
          />
        }
        actions={
          <TopToolbar sx={{ flexWrap: 'wrap' }}>
            {allFilters.length > 1 && <FilterButton />}
            {exportName && <ExportButtons name={exportName} />}
            {toolbarActions}
            {canCreate && createPath && <CreateButton to={createPath} />}
          </TopToolbar>
        }
        // A list is the page's content: no empty-page invitation hiding the filters.
        empty={false}
        // A failed read is said in place of the rows (react-admin would show 'no results'), with a
        // retry; the toast react-admin adds would repeat it in the API's words.
        error={<ListLoadError />}
        queryOptions={{ onError: () => undefined }}
        // Flex items that may shrink, so a wide table scrolls inside its card (see the DataTable).
        sx={{ '& .RaList-main, & .RaList-content': { minWidth: 0 } }}
      >
        <ListLoading>
          {compact ? (
            <CompactRows
              canEdit={canEdit}
              empty={<ListEmpty />}
              primaryText={primaryText}
              secondaryText={secondaryText}
              status={activeToggle ? <ActiveChip /> : undefined}
              actions={
                activeToggle || rowActions || compactActions ? (
                  <>
                    {compactActions}
                    {activeToggle && <ActiveToggle {...activeToggle} />}
                    {rowActions}
                  </>
                ) : undefined
              }
            />
          ) : (
            <DataTable
              rowClick={canEdit ? (editPath ? (id) => editPath(id) : 'edit') : false}
              empty={<ListEmpty />}
              bulkActionButtons={false}
              body={KeyboardRowsBody}
              sx={{
                // A wide table scrolls on its own, not the page.
                '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
                '& .RaDataTable-row:focus-visible': (theme) => ({
                  outline: `2px solid ${theme.palette.primary.main}`,
                  outlineOffset: -2,
                }),
              }}
            >
              {children}
              {activeToggle && (
                <DataTable.Col source="active" label="lista.status.active" render={() => <ActiveChip />} />
              )}
              {(activeToggle || rowActions) && (
                <DataTable.Col label="lista.actions" disableSort>
                  {activeToggle && <ActiveToggle {...activeToggle} />}
                  {rowActions}
                </DataTable.Col>
              )}
            </DataTable>
          )}
        </ListLoading>
      </List>
    </>
  );
}
