import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AdminContext,
  List,
  memoryStore,
  ResourceContextProvider,
  TestMemoryRouter,
  testDataProvider,
} from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../../providers/i18nProvider';
import { activeFilter, YesNoFilter } from './YesNoFilter';

function renderList(filter: React.ReactElement) {
  // One row: an empty list without filters shows react-admin's empty page instead of the filters.
  const getList = vi.fn(async (_resource: string, _params: { filter: object }) => ({ data: [{ id: 1 }], total: 1 }));
  render(
    <TestMemoryRouter>
      <AdminContext
        dataProvider={testDataProvider({ getList: getList as never })}
        i18nProvider={createI18nProvider()}
        store={memoryStore()}
      >
        <ResourceContextProvider value="grupos">
          <List filters={[filter]} disableSyncWithLocation>
            <span />
          </List>
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
  const lastFilter = () => getList.mock.calls.at(-1)?.[1].filter;
  return { getList, lastFilter };
}

async function choose(label: string, option: string) {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('YesNoFilter', () => {
  // Two choices in a row: slow on a loaded two-core machine.
  it('filters on true, then on false', { timeout: 15_000 }, async () => {
    const { lastFilter } = renderList(
      <YesNoFilter key="publico" source="publico" label="Público" yes="Sim" no="Não" alwaysOn />,
    );
    await waitFor(() => expect(lastFilter()).toEqual({}));
    await choose('Público', 'Sim');
    await waitFor(() => expect(lastFilter()).toEqual({ publico: true }));
    await choose('Público', 'Não');
    await waitFor(() => expect(lastFilter()).toEqual({ publico: false }));
  });

  it('is the lists’ active filter, in the catalog’s words', async () => {
    const { lastFilter } = renderList({ ...activeFilter, props: { ...activeFilter.props, alwaysOn: true } });
    await choose('Situação', 'Inativos');
    await waitFor(() => expect(lastFilter()).toEqual({ active: false }));
  });
});
