import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../html';
import { comunicadoEmail } from './email';

const fonte = (mensagem: string) => ({
  titulo: 'Tabela de preços',
  mensagem: sanitizeRichText(mensagem, { comunicado: true }),
  assinatura: 'Marketing',
  publicUrl: 'https://portal.example',
  id: 7,
  modelo: null,
});

describe("an announcement's e-mail", () => {
  it('links the images of the store by their full address and rules the tables', () => {
    const src = `/api/comunicados/imagens/7/${'ab'.repeat(32)}`;
    const email = comunicadoEmail(
      fonte(
        `<p><img src="${src}" alt="x"></p><table><tbody><tr><th>Modelo</th></tr><tr><td>Onix</td></tr></tbody></table>`,
      ),
      'PT_BR',
    );
    expect(email.html).toContain(`<img src="https://portal.example${src}" alt="x" />`);
    expect(email.html).toContain(
      '<table border="1" cellpadding="6" cellspacing="0" style="border-collapse:collapse"><tbody><tr><th>Modelo</th></tr>',
    );
    expect(email.texto).toContain('Modelo Onix');
    expect(email.html).toContain('<p>Marketing</p>');
  });
});
