import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, SimpleForm, TextInput, memoryStore } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createI18nProvider } from '../../../providers/i18nProvider';
import { schemaResolver } from './schemaResolver';
import { Wizard, type WizardStep } from './Wizard';

// A three-step form over the shared schema resolver; the dealer wizard itself is tested in resources/dealers.

const schema = z.object({
  nomeExibicao: z.string('validation.required').trim().min(1, 'validation.required'),
  razaoSocial: z
    .string('validation.required')
    .refine((value) => (value.match(/\p{L}/gu) ?? []).length >= 10, 'dealers.validation.razaoSocial'),
  endereco: z.object({ cidade: z.string('validation.required').min(1, 'validation.required') }),
  observacao: z.string().max(5, 'validation.maxLength').nullish(),
});

const STEPS: WizardStep[] = [
  {
    label: 'dealers.steps.identificacao',
    fields: ['nomeExibicao', 'razaoSocial'],
    content: (
      <>
        <TextInput source="nomeExibicao" label="dealers.fields.nomeExibicao" />
        <TextInput source="razaoSocial" label="dealers.fields.razaoSocial" />
      </>
    ),
  },
  {
    label: 'dealers.steps.contato',
    fields: ['endereco'],
    content: <TextInput source="endereco.cidade" label="dealers.fields.cidade" />,
  },
  {
    label: 'dealers.steps.complementares',
    fields: ['observacao'],
    content: <TextInput source="observacao" label="dealers.fields.complemento" />,
  },
];

/** The first two steps filled in, for tests that open the wizard at the last one. */
const FIRST_STEPS = {
  nomeExibicao: 'Aurora Centro',
  razaoSocial: 'Aurora Centro Veículos Ltda',
  endereco: { cidade: 'Curitiba' },
};

function renderWizard(
  onSubmit: (values: FieldValues) => unknown = () => undefined,
  { initialStep, values }: { initialStep?: number; values?: FieldValues } = {},
) {
  const submit = vi.fn(onSubmit);
  const onCancel = vi.fn();
  render(
    <AdminContext i18nProvider={createI18nProvider({ idioma: 'PT_BR' })} store={memoryStore()}>
      <SimpleForm onSubmit={submit} resolver={schemaResolver(schema)} toolbar={false} defaultValues={values}>
        <Wizard steps={STEPS} onCancel={onCancel} heading={<h1>Novo registro</h1>} initialStep={initialStep} />
      </SimpleForm>
    </AdminContext>,
  );
  return { submit, onCancel };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const button = (name: string) => screen.getByRole('button', { name });

/** Step number, the filled segments of the progress bar, and the step's title. */
function progress() {
  // One progress bar for assistive technology; its segments are drawing only.
  const bar = screen.getByRole('progressbar');
  const segments = [...bar.querySelectorAll('[aria-hidden="true"]')];
  return {
    step: bar.getAttribute('aria-valuenow'),
    text: bar.getAttribute('aria-valuetext'),
    name: bar.getAttribute('aria-label'),
    segments: segments.map((segment) => segment.getAttribute('aria-valuenow')),
    title: screen.getByRole('heading', { level: 2 }).textContent,
  };
}

async function fillFirstStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Nome de exibição'), 'Aurora Centro');
  await user.type(field('Razão social'), 'Aurora Centro Veículos Ltda');
}

describe('Wizard', { timeout: 15_000 }, () => {
  it('starts on the first step, with its share of the progress bar', () => {
    renderWizard();
    expect(screen.getByRole('heading', { level: 1, name: 'Novo registro' })).toBeInTheDocument();
    expect(progress()).toEqual({
      step: '1',
      text: 'Passo 1 de 3',
      name: 'Passo 1 de 3: Identificação',
      segments: ['100', '0', '0'],
      title: 'Identificação',
    });
    expect(screen.getByText('Passo 1 de 3')).toBeInTheDocument();
    expect(button('Cancelar')).toBeInTheDocument();
    expect(button('Avançar')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
  });

  it("does not move on while the step's fields are invalid, and says why", async () => {
    const user = userEvent.setup({ delay: null });
    renderWizard();
    await user.click(button('Avançar'));
    expect(await screen.findAllByText('Campo obrigatório')).toHaveLength(2);
    expect(progress().step).toBe('1');
    await user.type(field('Nome de exibição'), 'Aurora Centro');
    await user.type(field('Razão social'), 'ABC 123');
    await user.click(button('Avançar'));
    expect(await screen.findByText('A razão social deve ter pelo menos 10 letras')).toBeInTheDocument();
    expect(progress().step).toBe('1');
    // Fields of later steps are not checked yet.
    expect(screen.queryByRole('textbox', { name: 'Cidade' })).not.toBeInTheDocument();

    await user.clear(field('Razão social'));
    await user.type(field('Razão social'), 'Aurora Centro Veículos Ltda');
    await user.click(button('Avançar'));
    await waitFor(() => expect(progress().step).toBe('2'));
    expect(progress()).toMatchObject({
      text: 'Passo 2 de 3',
      name: 'Passo 2 de 3: Contato e endereço',
      segments: ['100', '100', '0'],
      title: 'Contato e endereço',
    });
    expect(screen.queryByText('Campo obrigatório')).not.toBeInTheDocument();
  });

  it('goes back keeping what was typed, and cancels from the first step', async () => {
    const user = userEvent.setup({ delay: null });
    const { onCancel } = renderWizard();
    await fillFirstStep(user);
    await user.click(button('Avançar'));
    await screen.findByRole('textbox', { name: 'Cidade' });
    await user.type(field('Cidade'), 'Curitiba');
    await user.click(button('Voltar'));
    expect(await screen.findByRole('textbox', { name: 'Nome de exibição' })).toHaveValue('Aurora Centro');
    expect(progress().step).toBe('1');
    expect(onCancel).not.toHaveBeenCalled();
    await user.click(button('Avançar'));
    expect(await screen.findByRole('textbox', { name: 'Cidade' })).toHaveValue('Curitiba');
    await user.click(button('Voltar'));
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('saves on the last step with the values of every step', async () => {
    const user = userEvent.setup({ delay: null });
    const { submit } = renderWizard();
    await fillFirstStep(user);
    await user.click(button('Avançar'));
    await user.type(await screen.findByRole('textbox', { name: 'Cidade' }), 'Curitiba');
    await user.click(button('Avançar'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Dados complementares' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Avançar' })).not.toBeInTheDocument();
    await user.type(field('Complemento'), 'S1');
    await user.click(button('Salvar'));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0][0]).toMatchObject({
      nomeExibicao: 'Aurora Centro',
      razaoSocial: 'Aurora Centro Veículos Ltda',
      endereco: { cidade: 'Curitiba' },
      observacao: 'S1',
    });
  });

  it("goes back to the step of a field the save refused, with the server's message under it", async () => {
    const user = userEvent.setup({ delay: null });
    const { submit } = renderWizard(() => ({ nomeExibicao: 'Já existe um dealer com este nome' }), {
      initialStep: 2,
      values: FIRST_STEPS,
    });
    // A change enables the save (react-admin's SaveButton waits for one).
    await user.type(field('Complemento'), 'S1');
    await user.click(button('Salvar'));
    expect(await screen.findByText('Já existe um dealer com este nome')).toBeInTheDocument();
    expect(submit).toHaveBeenCalledTimes(1);
    expect(progress().step).toBe('1');
    const nome = field('Nome de exibição');
    expect(nome).toHaveAttribute('aria-invalid', 'true');
    expect(within(nome.closest('.MuiFormControl-root')!).getByText('Já existe um dealer com este nome')).toBeVisible();
  });

  it('stays on the last step when the refused field is on it', async () => {
    const user = userEvent.setup({ delay: null });
    const { submit } = renderWizard(undefined, { initialStep: 2, values: FIRST_STEPS });
    await user.type(field('Complemento'), 'Sala 1234');
    await user.click(button('Salvar'));
    expect(await screen.findByText('Deve ter no máximo 5 caracteres')).toBeInTheDocument();
    expect(progress().step).toBe('3');
    expect(submit).not.toHaveBeenCalled();
  });

  it('opens at the step asked for, with its share of the progress bar, and saves the earlier values', async () => {
    const user = userEvent.setup({ delay: null });
    const { submit } = renderWizard(undefined, { initialStep: 2, values: FIRST_STEPS });
    expect(progress()).toMatchObject({ step: '3', segments: ['100', '100', '100'], title: 'Dados complementares' });
    await user.click(button('Voltar'));
    expect(await screen.findByRole('textbox', { name: 'Cidade' })).toHaveValue('Curitiba');
    await user.click(button('Avançar'));
    await user.type(await screen.findByRole('textbox', { name: 'Complemento' }), 'S1');
    await user.click(button('Salvar'));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0][0]).toMatchObject({ ...FIRST_STEPS, observacao: 'S1' });
  });

  it("checks the earlier steps' fields on saving when it opened past them", async () => {
    const user = userEvent.setup({ delay: null });
    const { submit } = renderWizard(undefined, { initialStep: 2, values: { endereco: { cidade: 'Curitiba' } } });
    await user.type(field('Complemento'), 'S1');
    await user.click(button('Salvar'));
    expect(await screen.findAllByText('Campo obrigatório')).toHaveLength(2);
    expect(progress().step).toBe('1');
    expect(submit).not.toHaveBeenCalled();
  });

  it.each([-1, 3, 1.5])('opens at the first step for a step out of range (%s)', (initialStep) => {
    renderWizard(undefined, { initialStep });
    expect(progress().step).toBe('1');
  });
});
