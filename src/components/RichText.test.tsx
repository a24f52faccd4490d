import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isAllowedHref, RichText } from './RichText';
import { relativeDate } from './notificacoes/relativeDate';

const rendered = (html: string) => render(<RichText html={html} />).container.firstElementChild!.innerHTML;

describe('RichText (the allowlist of domain/html.ts in the browser)', () => {
  it('keeps the allowed tags and the attributes allowed on them', () => {
    expect(rendered('<p class="x" style="color:red">a <strong>b</strong> <em>c</em></p><ul><li>d</li></ul>')).toBe(
      '<p>a <strong>b</strong> <em>c</em></p><ul><li>d</li></ul>',
    );
  });

  it('drops scripts, styles and frames with their content, and other tags keeping their text', () => {
    expect(
      rendered(
        '<p>a<script>alert(1)</script><style>p{}</style><iframe></iframe><font>b</font><img src=x onerror=alert(1)></p>',
      ),
    ).toBe('<p>ab</p>');
  });

  it('keeps a link only with an allowed address; a link opening elsewhere gets rel="noopener noreferrer"', () => {
    expect(rendered('<a href="https://a.test" target="x" onclick="y()">a</a>')).toBe(
      '<a href="https://a.test" target="_blank" rel="noopener noreferrer">a</a>',
    );
    expect(rendered('<a href="java\tscript:alert(1)">b</a>')).toBe('<a>b</a>');
  });

  it("keeps an announcement's images of the portal's store only when asked, with their allowed attributes", () => {
    const src = `/api/comunicados/imagens/7/${'ab'.repeat(32)}`;
    const html = `<p>a</p><img src="${src}" alt="mapa" width="10" onerror="x()" class="y"><img src="https://evil.test/a.png" alt="fora"><img src="/api/comunicados/../usuarios">`;
    expect(rendered(html)).toBe('<p>a</p>');
    const box = render(<RichText html={html} comunicado />).container.firstElementChild!;
    expect(box.querySelectorAll('img')).toHaveLength(1);
    const img = box.querySelector('img')!;
    expect(img.getAttributeNames().sort()).toEqual(['alt', 'src', 'width']);
    expect([img.getAttribute('src'), img.getAttribute('alt'), img.getAttribute('width')]).toEqual([src, 'mapa', '10']);
  });

  it("keeps an announcement's tables (pasted ones too), in a box of their own, with valid spans only", () => {
    const html =
      '<table style="width:900px">\n <tbody>\n  <tr><th colspan="2" style="x">Modelo</th></tr>\n' +
      '  <tr><td rowspan="2" onclick="x()"><p>Onix</p></td><td colspan="abc">R$ 1</td></tr>\n </tbody>\n</table>';
    // Elsewhere (a notification) a table is not kept: its text is.
    expect(rendered(html)).not.toMatch(/<(table|tbody|tr|th|td)\b/);
    expect(rendered(html).replace(/\s+/g, ' ')).toBe(' Modelo <p>Onix</p>R$ 1 ');
    const box = render(<RichText html={html} comunicado />).container.firstElementChild!;
    expect(box.children).toHaveLength(1);
    expect(box.firstElementChild!.classList).toContain('rich-text-table');
    expect(box.firstElementChild!.innerHTML).toBe(
      '<table><tbody><tr><th colspan="2">Modelo</th></tr>' +
        '<tr><td rowspan="2"><p>Onix</p></td><td>R$ 1</td></tr></tbody></table>',
    );
  });

  it.each([
    ['/minha-conta', true],
    ['https://a.test/x', true],
    ['mailto:a@b.test', true],
    ['#topo', true],
    ['javascript:alert(1)', false],
    [' JavaScript:alert(1)', false],
    ['data:text/html,x', false],
    ['//evil.test', false],
    ['vbscript:x', false],
  ])('%s is allowed: %s', (href, allowed) => {
    expect(isAllowedHref(href)).toBe(allowed);
  });
});

describe('relativeDate', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it.each([
    ['2026-11-26T11:59:30Z', 'pt-BR', 'agora'],
    ['2026-11-26T11:55:00Z', 'pt-BR', 'há 5 minutos'],
    ['2026-11-25T12:00:00Z', 'es', 'ayer'],
    ['2026-11-12T12:00:00Z', 'en', '2 weeks ago'],
    ['2025-11-26T12:00:00Z', 'en', 'last year'],
  ])('%s in %s is "%s"', (iso, locale, text) => {
    expect(relativeDate(iso, locale, now)).toBe(text);
  });
});
