import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactElement, ReactNode } from 'react';
import {
  CreateButton,
  DataTable,
  FilterButton,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  TopToolbar,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type SortPayload,
} from 'react-admin';
import { ROUTES } from '../../../domain/routes';
import { ROWS_PER_PAGE_OPTIONS } from '../../../domain/schemas/lista';
import { ActiveToggle, type ActiveToggleProps } from './ActiveToggle';
import { ExportButtons } from './ExportButtons';
import { PageActions } from './PageActions';

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

/** The active filter: both (empty), active or inactive; the API takes a Boolean. */
export const activeFilter = (
  <SelectInput
    key="active"
    source="active"
    label="lista.active"
    choices={[
      { id: 'true', name: 'lista.activeYes' },
      { id: 'false', name: 'lista.activeNo' },
    ]}
    format={(value: unknown) => (value === undefined || value === null ? '' : String(value))}
    parse={(value: string) => (value === '' ? undefined : value === 'true')}
  />
);

export interface ResourceListProps {
  /** Filters besides the search box and the active filter (brand, group, division...). */
  filters?: ReactElement[];
  /** Name of the list's export (GET /api/exportar/{name}); no export buttons without it. */
  exportName?: string;
  /** The activate / inactivate row action; absent for resources without an active state. */
  activeToggle?: ActiveToggleProps;
  /** Columns: DataTable.Col elements. */
  children: ReactNode;
  sort?: SortPayload;
  /** Whether the caller may create records (the create button). */
  canCreate?: boolean;
  /** Extra actions at the end of each row (e.g. the audit link). */
  rowActions?: ReactNode;
  /** The page heading; the route's title (routes.<resource>) by default. */
  title?: string;
}

/**
 * The shared list of the portal's resources (spec section 2, "Lists"): search, filters, sort,
 * paging with 'Showing X to Y of Z records' and page sizes, an active column with the activate /
 * inactivate action behind a confirmation, and CSV/XLSX export of the filtered list.
 */
export function ResourceList({
  filters = [],
  exportName,
  activeToggle,
  children,
  sort,
  canCreate = true,
  rowActions,
  title,
}: ResourceListProps) {
  const resource = useResourceContext();
  const translate = useTranslate();
  // The create route of the table (/grupos/novo), not react-admin's /grupos/create.
  const createPath = ROUTES.find((route) => route.id === `${resource}Novo`)?.path;
  const allFilters = [
    // SearchInput does not translate a given placeholder.
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('lista.search')} />,
    ...(activeToggle ? [activeFilter] : []),
    ...filters,
  ];
  const heading = title ?? translate(`routes.${resource}`);
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
        pagination={<Pagination rowsPerPageOptions={[...ROWS_PER_PAGE_OPTIONS]} actions={PageActions} />}
        actions={
          <TopToolbar>
            {allFilters.length > 1 && <FilterButton />}
            {exportName && <ExportButtons name={exportName} />}
            {canCreate && createPath && <CreateButton to={createPath} />}
          </TopToolbar>
        }
        // A list is the page's content: no empty-page invitation hiding the filters.
        empty={false}
      >
        <DataTable rowClick="edit" bulkActionButtons={false}>
          {children}
          {activeToggle && <DataTable.Col source="active" label="lista.status.active" render={() => <ActiveChip />} />}
          {(activeToggle || rowActions) && (
            <DataTable.Col label="lista.actions" disableSort>
              {activeToggle && <ActiveToggle {...activeToggle} />}
              {rowActions}
            </DataTable.Col>
          )}
        </DataTable>
      </List>
    </>
  );
}
