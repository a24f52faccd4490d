import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, SimpleForm, memoryStore } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../../providers/i18nProvider';
import OpcionalSelectInput from './OpcionalSelectInput';

describe('OpcionalSelectInput', () => {
  it('names its empty option by the text it shows, and clears the value with it', async () => {
    const user = userEvent.setup();
    render(
      <AdminContext i18nProvider={createI18nProvider({ idioma: 'PT_BR' })} store={memoryStore()}>
        <SimpleForm defaultValues={{ departamentoId: '3' }} toolbar={false}>
          <OpcionalSelectInput
            source="departamentoId"
            label="comunicados.escrita.fields.departamento"
            choices={[{ id: '3', name: 'RH – Recursos humanos' }]}
            emptyText="comunicados.escrita.semDepartamento"
          />
        </SimpleForm>
      </AdminContext>,
    );
    const select = await screen.findByRole('combobox', { name: /Departamento/ });
    expect(select).toHaveTextContent('RH – Recursos humanos');
    await user.click(select);
    const lista = await screen.findByRole('listbox');
    const vazia = within(lista).getAllByRole('option')[0]!;
    // The name a screen reader reads is the text on screen (react-admin's own says "Limpar valor").
    expect(vazia).toHaveAccessibleName('Sem departamento');
    expect(vazia).toHaveTextContent('Sem departamento');
    expect(within(lista).getByRole('option', { name: 'RH – Recursos humanos' })).toBeInTheDocument();
    await user.click(vazia);
    expect(screen.getByRole('combobox', { name: /Departamento/ })).not.toHaveTextContent('RH');
  });
});
