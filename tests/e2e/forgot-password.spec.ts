import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { mailbox } from './mailbox';
import { serverLog } from './server';

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

  // The suite's server sends its e-mails to the SMTP receiver of the global setup.
  let link: string | undefined;
  await expect
    .poll(() => {
      const mail = mailbox().find((received) => received.to.includes(email));
      link = mail?.text.match(/https?:\/\/\S+\?token=[\w-]+/)?.[0];
      return link;
    })
    .toBeTruthy();
  // The server's log names the e-mail but never carries its link.
  expect(JSON.stringify(serverLog())).not.toContain(new URL(link!).searchParams.get('token'));

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
