import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext, TestMemoryRouter, memoryStore, type AuthProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PAGE_LOOK } from '../../../domain/authPage';
import { PASSWORD_MIN_LENGTH, PASSWORD_RESET_TTL_MINUTES } from '../../../domain/limits';
import { createI18nProvider } from '../../../providers/i18nProvider';
import ForgotPasswordPage, { pageIdioma } from './ForgotPasswordPage';
import { mockApiServer } from '../../testing/mockApi';

const url = (path: string) => new URL(path, window.location.origin).href;
const requests: { path: string; body: unknown }[] = [];
const languages: (string | null)[] = [];

mockApiServer(
  http.post(url('/api/senha/esqueci'), async ({ request }) => {
    requests.push({ path: '/api/senha/esqueci', body: await request.json() });
    return new HttpResponse(null, { status: 202 });
  }),
  http.post(url('/api/senha/redefinir'), async ({ request }) => {
    const body = (await request.json()) as { token: string; senha: string };
    languages.push(request.headers.get('accept-language'));
    requests.push({ path: '/api/senha/redefinir', body });
    if (body.token === 'used') return HttpResponse.json({ code: 'INVALID_TOKEN' }, { status: 400 });
    if (body.senha === 'password123') {
      return HttpResponse.json(
        { code: 'BAD_USER_INPUT', fieldErrors: { senha: 'Senha muito comum' } },
        { status: 400 },
      );
    }
    return new HttpResponse(null, { status: 204 });
  }),
);

afterEach(() => {
  cleanup();
  requests.length = 0;
  languages.length = 0;
});

function signedOut(): AuthProvider {
  return {
    login: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    checkAuth: vi.fn(async () => Promise.reject({ message: false })),
    checkError: vi.fn(async () => undefined),
  };
}

function renderPage(entry: string, authProvider: AuthProvider = signedOut()) {
  render(
    <TestMemoryRouter initialEntries={[entry]}>
      <AdminContext authProvider={authProvider} i18nProvider={createI18nProvider()} store={memoryStore()}>
        <ForgotPasswordPage />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return authProvider;
}

describe('ForgotPasswordPage', () => {
  it('asks for the e-mail, posts it with the page language and says a link was sent', async () => {
    const authProvider = renderPage('/esqueci-senha');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Esqueci minha senha' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/E-mail/), 'ana@portal.test');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`Ele vale por ${PASSWORD_RESET_TTL_MINUTES} minutos`);
    expect(requests).toEqual([{ path: '/api/senha/esqueci', body: { email: 'ana@portal.test', idioma: 'PT_BR' } }]);
    // Passive check: a public page never sends the visitor to sign in.
    expect(authProvider.login).not.toHaveBeenCalled();
    expect(authProvider.logout).not.toHaveBeenCalled();
  });

  it('does not send an invalid e-mail', async () => {
    renderPage('/esqueci-senha');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/E-mail/), 'ana');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByText('E-mail inválido')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('speaks the language of the path, or of ?lang=', async () => {
    renderPage('/olvide-contrasena');
    expect(await screen.findByRole('heading', { name: 'Olvidé mi contraseña' })).toBeInTheDocument();
    expect(pageIdioma('/esqueci-senha', '?lang=en')).toBe('EN');
    expect(pageIdioma('/forgot-password', '')).toBe('EN');
    expect(pageIdioma('/forgot-password', '?lang=es')).toBe('ES');
    expect(pageIdioma('/olvide-contrasena', '?lang=xx')).toBe('ES');
  });

  it('states the password rule under the new-password field, in the page language', async () => {
    const rules = [
      ['/esqueci-senha?token=abc', /^Nova senha/, 'Pelo menos 10 caracteres e que não seja uma senha comum.'],
      [
        '/olvide-contrasena?token=abc',
        /^Nueva contraseña/,
        'Al menos 10 caracteres y que no sea una contraseña común.',
      ],
      ['/forgot-password?token=abc', /^New password/, 'At least 10 characters, not a common password.'],
    ] as const;
    for (const [entry, label, rule] of rules) {
      renderPage(entry);
      const field = await screen.findByLabelText(label);
      const description = await screen.findByText(rule);
      expect(field).toHaveAttribute('aria-describedby', description.id);
      cleanup();
    }
  });

  it('checks the new password on the client: too short, then mismatch', async () => {
    renderPage('/forgot-password?token=abc');
    const user = userEvent.setup();
    const senha = await screen.findByLabelText(/^New password/);
    const confirmacao = screen.getByLabelText(/^Confirm the new password/);
    await user.type(senha, 'short');
    await user.type(confirmacao, 'short');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(
      await screen.findByText(`The password must have at least ${PASSWORD_MIN_LENGTH} characters.`),
    ).toBeInTheDocument();

    await user.clear(senha);
    await user.type(senha, 'long enough 1');
    await user.clear(confirmacao);
    await user.type(confirmacao, 'long enough 2');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(screen.queryByText(/at least/)).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('sets the new password and links back to the portal', async () => {
    renderPage('/esqueci-senha?token=abc');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Nova senha/), 'nova-senha-forte');
    await user.type(screen.getByLabelText(/^Confirme a nova senha/), 'nova-senha-forte');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Senha alterada.');
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute('href', '/home');
    expect(requests).toEqual([{ path: '/api/senha/redefinir', body: { token: 'abc', senha: 'nova-senha-forte' } }]);
  });

  it('says the link is invalid when the server refuses the token', async () => {
    renderPage('/esqueci-senha?token=used&lang=es');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Nueva contraseña/), 'nova-senha-forte');
    await user.type(screen.getByLabelText(/^Confirme la nueva contraseña/), 'nova-senha-forte');
    await user.click(screen.getByRole('button', { name: 'Guardar nueva contraseña' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este enlace no es válido');
    // The server words its errors in the page's language.
    expect(languages).toEqual(['es']);
    expect(screen.getByRole('link', { name: 'Solicitar un nuevo enlace' })).toHaveAttribute(
      'href',
      '/esqueci-senha?lang=es',
    );
  });

  it("shows the server's message under the password field", async () => {
    renderPage('/esqueci-senha?token=abc');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Nova senha/), 'password123');
    await user.type(screen.getByLabelText(/^Confirme a nova senha/), 'password123');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    const message = await screen.findByText('Senha muito comum');
    expect(screen.getByLabelText(/^Nova senha/)).toHaveAttribute('aria-describedby', message.id);
  });

  it('offers the way back to the portal when a session is already stored', async () => {
    renderPage('/esqueci-senha', { ...signedOut(), checkAuth: async () => undefined });
    expect(await screen.findByText('Você já está conectado ao portal.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o portal' })).toHaveAttribute('href', '/home');
  });

  it.each([
    [
      '/esqueci-senha',
      'Voltar para o login',
      ['Español', '/esqueci-senha?lang=es'],
      ['English', '/esqueci-senha?lang=en'],
    ],
    [
      '/olvide-contrasena?token=abc',
      'Volver al inicio de sesión',
      ['Português', '/olvide-contrasena?token=abc&lang=pt-BR'],
      ['English', '/olvide-contrasena?token=abc&lang=en'],
    ],
    [
      '/forgot-password',
      'Back to sign in',
      ['Português', '/forgot-password?lang=pt-BR'],
      ['Español', '/forgot-password?lang=es'],
    ],
  ])('%s links back to sign-in and to the page in the other languages', async (entry, back, ...others) => {
    renderPage(entry);
    const nav = await screen.findByRole('navigation');
    expect(within(nav).getByRole('link', { name: back })).toHaveAttribute('href', '/home');
    for (const [name, href] of others) expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
  });

  it('has the look of the sign-in page (server/auth/pages.ts), whatever the portal theme', async () => {
    renderPage('/esqueci-senha');
    const main = await screen.findByRole('main');
    expect(getComputedStyle(main).backgroundColor).toBe(AUTH_PAGE_LOOK.background);
    const card = main.firstElementChild as HTMLElement;
    expect(getComputedStyle(card).maxWidth).toBe(`${AUTH_PAGE_LOOK.cardMaxWidthPx}px`);
    expect(getComputedStyle(card).boxShadow).toBe(AUTH_PAGE_LOOK.cardShadow);
    await userEvent.type(screen.getByRole('textbox', { name: /E-mail/ }), 'ana@portal.test');
    expect(getComputedStyle(screen.getByRole('button', { name: 'Enviar link' })).backgroundColor).toBe(
      AUTH_PAGE_LOOK.primary,
    );
  });

  it('shows no such link without a session', async () => {
    renderPage('/esqueci-senha');
    await screen.findByRole('heading', { name: 'Esqueci minha senha' });
    await waitFor(() => expect(screen.queryByText('Você já está conectado ao portal.')).not.toBeInTheDocument());
  });
});
