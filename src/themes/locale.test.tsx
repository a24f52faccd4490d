import Autocomplete from '@mui/material/Autocomplete';
import { ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { Idioma } from '../../domain/enums';
import { createI18nProvider } from '../../providers/i18nProvider';
import { themeFor } from '.';
import { useLocalizedTheme } from './locale';

function Localized({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={useLocalizedTheme(themeFor('granito'))}>{children}</ThemeProvider>;
}

describe('useLocalizedTheme', () => {
  it.each([
    ['PT_BR', 'Abrir', 'Limpar'],
    ['ES', 'Abierto', 'Limpiar'],
    ['EN', 'Open', 'Clear'],
  ] as const)("names the autocomplete's buttons in the user's language (%s)", (idioma: Idioma, open, clear) => {
    render(
      <AdminContext i18nProvider={createI18nProvider({ idioma })} store={memoryStore()}>
        <Localized>
          <Autocomplete
            options={['Dealer A', 'Dealer B']}
            value="Dealer A"
            renderInput={(params) => <TextField {...params} label="Dealer" />}
          />
        </Localized>
      </AdminContext>,
    );
    expect(screen.getByRole('button', { name: open })).toHaveAttribute('title', open);
    expect(screen.getByLabelText(clear, { selector: 'button' })).toBeInTheDocument();
  });

  it("keeps the client's theme", () => {
    let seen: string | undefined;
    function Probe() {
      seen = useLocalizedTheme(themeFor('granito')).palette.primary.main;
      return null;
    }
    render(
      <AdminContext i18nProvider={createI18nProvider({ idioma: 'ES' })} store={memoryStore()}>
        <Probe />
      </AdminContext>,
    );
    expect(seen).toBe(themeFor('granito').palette.primary.main);
  });
});
