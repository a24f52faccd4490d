import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { browser } from '../../browser';
import { Maintenance } from './Maintenance';
import { loadCatalog } from '../../../i18n/load';

// main.tsx loads the stored language's catalog before either page can show.
beforeAll(() => Promise.all((['PT_BR', 'ES', 'EN'] as const).map(loadCatalog)));

afterEach(() => vi.restoreAllMocks());

describe('Maintenance', () => {
  it.each([
    [
      'PT_BR',
      'Atualização em Curso',
      'Estamos atualizando o portal. Por favor, volte em alguns instantes.',
      'Tentar novamente',
    ],
    [
      'ES',
      'Actualización en curso',
      'Estamos actualizando el portal. Por favor, vuelva en unos instantes.',
      'Intentar de nuevo',
    ],
    ['EN', 'Update in progress', 'We are updating the portal. Please come back in a few moments.', 'Try again'],
  ] as const)('asks the visitor to come back soon (%s)', (idioma, title, text, retry) => {
    render(<Maintenance idioma={idioma} />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: retry })).toBeInTheDocument();
  });

  it('retries by reloading the page', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    render(<Maintenance idioma="PT_BR" />);
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
