import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../../providers/i18nProvider';
import { Paginacao } from './Paginacao';

function renderPaginacao(props: Partial<Parameters<typeof Paginacao>[0]> = {}) {
  const onPage = vi.fn();
  render(
    <AdminContext i18nProvider={createI18nProvider({ idioma: 'PT_BR' })} store={memoryStore()}>
      <Paginacao count={1234} page={1} onPage={onPage} rowsPerPage={10} {...props} />
    </AdminContext>,
  );
  return onPage;
}

describe('Paginacao', () => {
  it('says the range and names its buttons in the language of the screen, numbers formatted', async () => {
    const onPage = renderPaginacao();
    expect(await screen.findByText('Mostrando 11 a 20 de 1.234 registros')).toBeInTheDocument();
    expect(screen.queryByText('Linhas por página:')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ir para a próxima página' }));
    expect(onPage).toHaveBeenCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: 'Ir para a página anterior' }));
    expect(onPage).toHaveBeenCalledWith(0);
  });

  it('offers the page sizes when the size can change, and goes back to the first page', async () => {
    const onRowsPerPage = vi.fn();
    const onPage = renderPaginacao({ sizes: [10, 20, 50], onRowsPerPage });
    await userEvent.click(await screen.findByRole('combobox'));
    await userEvent.click(screen.getByRole('option', { name: '50' }));
    expect(onRowsPerPage).toHaveBeenCalledWith(50);
    expect(onPage).toHaveBeenCalledWith(0);
  });
});
