import { expect, test } from '@playwright/test';
import { serverLog } from './server';
import { signIn } from './helpers';

test('a user who forgot the password sets a new one through the e-mailed link and signs in with it', async ({
  page,
}) => {
  const email = 'ana.almeida.1@portal.test';
  await page.goto('/');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page).toHaveURL(/\/esqueci-senha$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByText(/Se o e-mail estiver cadastrado/)).toBeVisible();

  // No SMTP server here: the message is kept in the outbox and printed to the server's log.
  let link: string | undefined;
  await expect
    .poll(() => {
      const entry = serverLog().find((line) => line.to === email && typeof line.text === 'string');
      link = (entry?.text as string | undefined)?.match(/https?:\/\/\S+\?token=[\w-]+/)?.[0];
      return link;
    })
    .toBeTruthy();

  // Ana's language is Spanish: the e-mail links to the Spanish route, and the page speaks Spanish.
  expect(new URL(link!).pathname).toBe('/olvide-contrasena');
  await page.goto(link!);
  await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill('Trocada#2026');
  await page.getByRole('textbox', { name: 'Confirme la nueva contraseña' }).fill('Outra#2026');
  await page.getByRole('button', { name: 'Guardar nueva contraseña' }).click();
  await expect(page.getByText('Las contraseñas no coinciden.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirme la nueva contraseña' }).fill('Trocada#2026');
  await page.getByRole('button', { name: 'Guardar nueva contraseña' }).click();
  await expect(page.getByText('Contraseña cambiada. Ya puede iniciar sesión con la nueva contraseña.')).toBeVisible();

  // The link works once.
  await page.goto(link!);
  await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill('Terceira#2026');
  await page.getByRole('textbox', { name: 'Confirme la nueva contraseña' }).fill('Terceira#2026');
  await page.getByRole('button', { name: 'Guardar nueva contraseña' }).click();
  await expect(page.getByText(/Este enlace no es válido, expiró o ya se usó/)).toBeVisible();

  await signIn(page, email, /^Hola, Ana/, 'Trocada#2026');
});
