import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, SaveButton, SimpleForm, Toolbar, memoryStore } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { applyPhoneMask, phoneError } from '../../../domain/telefones';
import { createI18nProvider } from '../../../providers/i18nProvider';
import { schemaResolver } from './schemaResolver';
import { TagsInput } from './TagsInput';

const phoneTags = (tipo: 'telefone' | 'celular') => ({
  mask: (value: string) => applyPhoneMask(value, tipo),
  display: (value: string) => applyPhoneMask(value, tipo),
  tagError: (value: string) => phoneError(value, tipo),
});

// Codes as the dealer form checks them: at least one, each unique.
const schema = z.object({
  codigos: z
    .array(z.string())
    .min(1, 'dealers.validation.codigoObrigatorio')
    .superRefine((list, ctx) =>
      list.forEach((value, index) => {
        if (list.indexOf(value) !== index) {
          ctx.addIssue({ code: 'custom', path: [index], message: 'dealers.validation.codigoDuplicado' });
        }
      }),
    ),
  telefones: z.array(z.string()).default([]),
  celulares: z.array(z.string()).default([]),
});

function renderForm(defaultValues: Record<string, unknown> = {}) {
  const onSubmit = vi.fn();
  render(
    <AdminContext i18nProvider={createI18nProvider({ idioma: 'PT_BR' })} store={memoryStore()}>
      <SimpleForm
        defaultValues={defaultValues}
        onSubmit={onSubmit}
        resolver={schemaResolver(schema)}
        toolbar={
          <Toolbar>
            <SaveButton alwaysEnable />
          </Toolbar>
        }
      >
        <TagsInput source="codigos" label="dealers.fields.codigo" isRequired helperText="dealers.fields.codigos" />
        <TagsInput source="telefones" label="dealers.fields.telefone" {...phoneTags('telefone')} />
        <TagsInput source="celulares" label="dealers.fields.celular" {...phoneTags('celular')} />
      </SimpleForm>
    </AdminContext>,
  );
  return { onSubmit };
}

const input = (name: RegExp) => screen.getByRole('textbox', { name });
const tagsOf = (label: string) =>
  within(screen.getByRole('list', { name: label }))
    .queryAllByRole('listitem')
    .map((tag) => tag.textContent);
/** The add button next to a field (each TagsInput has its own). */
const addButtonOf = (name: RegExp) =>
  within(input(name).closest('.MuiBox-root')!).getByRole('button', { name: 'Adicionar' });

describe('TagsInput', () => {
  it('adds what is typed on Enter and with the add button, and submits the list', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    expect(input(/^Código \*/)).toBeInTheDocument();
    expect(screen.getByText('Códigos')).toBeInTheDocument();
    await user.type(input(/^Código/), 'A-100{Enter}');
    expect(tagsOf('Código')).toEqual(['A-100']);
    expect(input(/^Código/)).toHaveValue('');
    await user.type(input(/^Código/), '  B-200 ');
    await user.click(addButtonOf(/^Código/));
    expect(tagsOf('Código')).toEqual(['A-100', 'B-200']);
    // Nothing typed: nothing added.
    await user.click(addButtonOf(/^Código/));
    expect(tagsOf('Código')).toEqual(['A-100', 'B-200']);
    // Enter adds a tag, it does not submit the form.
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ codigos: ['A-100', 'B-200'] });
  });

  it('masks phones as they are typed and refuses one that does not fill the mask', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(input(/^Telefone/), '1133');
    expect(input(/^Telefone/)).toHaveValue('(11) 33');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Formato inválido')).toBeInTheDocument();
    expect(tagsOf('Telefone')).toEqual([]);
    // Typing again clears the message; a full number is added with its mask.
    await user.type(input(/^Telefone/), '445566');
    expect(screen.queryByText('Formato inválido')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(tagsOf('Telefone')).toEqual(['(11) 3344-5566']);
  });

  it("refuses a mobile that does not start with 9 as 'Valor inválido'", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(input(/^Celular/), '11876543210{Enter}');
    expect(await screen.findByText('Valor inválido')).toBeInTheDocument();
    expect(tagsOf('Celular')).toEqual([]);
    expect(input(/^Celular/)).toHaveValue('(11) 87654-3210');
    await user.clear(input(/^Celular/));
    await user.type(input(/^Celular/), '11987654321');
    await user.click(addButtonOf(/^Celular/));
    expect(tagsOf('Celular')).toEqual(['(11) 98765-4321']);
    expect(screen.queryByText('Valor inválido')).not.toBeInTheDocument();
  });

  it('refuses the same entry twice where it is typed, keeping the list', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(input(/^Código/), 'A-100{Enter}');
    await user.type(input(/^Código/), 'A-100{Enter}');
    expect(tagsOf('Código')).toEqual(['A-100']);
    expect(screen.getByText('Já está na lista')).toBeInTheDocument();
    expect(input(/^Código/)).toHaveValue('A-100');
  });

  it('removes a tag', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ codigos: ['A-100', 'B-200', 'C-300'] });
    expect(tagsOf('Código')).toEqual(['A-100', 'B-200', 'C-300']);
    const tag = within(screen.getByRole('list', { name: 'Código' })).getAllByRole('listitem')[1];
    await user.click(within(tag).getByTestId('CancelIcon'));
    expect(tagsOf('Código')).toEqual(['A-100', 'C-300']);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ codigos: ['A-100', 'C-300'] });
  });

  it("shows the form's error of the list under the field", async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe pelo menos um código')).toBeInTheDocument();
    // The error replaces the helper text.
    expect(screen.queryByText('Códigos')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(input(/^Código/), 'A-100{Enter}');
    await waitFor(() => expect(screen.queryByText('Informe pelo menos um código')).not.toBeInTheDocument());
  });

  it("marks the entry the form's error is about", async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ codigos: ['A-100', 'B-200', 'A-100'] });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Código duplicado')).toBeInTheDocument();
    const tags = within(screen.getByRole('list', { name: 'Código' })).getAllByRole('listitem');
    expect(tags.map((tag) => tag.classList.contains('MuiChip-colorError'))).toEqual([false, false, true]);
    expect(onSubmit).not.toHaveBeenCalled();

    // Removing the repeated entry clears the error.
    await user.click(within(tags[2]).getByTestId('CancelIcon'));
    await waitFor(() => expect(screen.queryByText('Código duplicado')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });
});
