import { describe, expect, it } from 'vitest';
import { escapeHtml, sanitizeRichText } from './html';
import { celulasDasTabelas } from '../domain/html';

describe('sanitizeRichText', () => {
  it('keeps the allowed formatting and links', () => {
    const html =
      '<p>Olá <strong>todos</strong>, veja <a href="https://portal.test/x">o link</a>.</p><ul><li>um</li></ul>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes scripts, event handlers, styles and javascript: links', () => {
    const html =
      '<p onclick="alert(1)" style="color:red">a</p><script>alert(2)</script><img src=x onerror="alert(3)">' +
      '<a href="javascript:alert(4)">b</a><iframe src="https://evil.test"></iframe><a href="//evil.test">c</a>';
    const clean = sanitizeRichText(html);
    expect(clean).toBe('<p>a</p><a>b</a><a>c</a>');
    expect(clean).not.toMatch(/script|onerror|onclick|javascript|iframe|style/);
  });

  it('makes a link that opens elsewhere unable to reach the portal window', () => {
    expect(sanitizeRichText('<a href="https://x.test" target="_top">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('keeps placeholders out of link addresses (filled per reader, a name must not become a link)', () => {
    expect(sanitizeRichText('<a href="{nome}">x</a><a href="https://x.test/?u={email}">y</a> {nome}')).toBe(
      '<a>x</a><a>y</a> {nome}',
    );
  });

  it("keeps an announcement's tables (from the editor or pasted), a cell's span only when valid", () => {
    const editor =
      '<table style="min-width: 50px"><colgroup><col style="min-width: 25px"></colgroup><tbody>' +
      '<tr><th colspan="1" rowspan="1" colwidth="90"><p>Modelo</p></th><th colspan="2" rowspan="1"><p>Preço</p></th></tr>' +
      '<tr><td colspan="1" rowspan="3" onclick="x()"><p>Onix</p></td><td colspan="9999">a</td><td rowspan="-2" colspan="2x">b</td></tr>' +
      '</tbody></table>';
    expect(sanitizeRichText(editor, { comunicado: true })).toBe(
      '<table><tbody>' +
        '<tr><th><p>Modelo</p></th><th colspan="2"><p>Preço</p></th></tr>' +
        '<tr><td rowspan="3"><p>Onix</p></td><td colspan="100">a</td><td>b</td></tr>' +
        '</tbody></table>',
    );
    expect(sanitizeRichText('<table><thead><tr><th>a</th></tr></thead></table>', { comunicado: true })).toBe(
      '<table><thead><tr><th>a</th></tr></thead></table>',
    );
  });

  it("keeps an announcement's image size only as whole pixels up to 4,000", () => {
    const img = (attrs: string) =>
      sanitizeRichText(`<img src="/api/comunicados/imagens/1" ${attrs}>`, { comunicado: true });
    expect(img('width="640" height="480"')).toBe('<img src="/api/comunicados/imagens/1" width="640" height="480" />');
    expect(img('width="99999999" height="100%"')).toBe('<img src="/api/comunicados/imagens/1" />');
    expect(img('width="0" height="4001"')).toBe('<img src="/api/comunicados/imagens/1" />');
  });

  it("counts the cells a message's tables lay out, a merged cell by the cells it covers", () => {
    expect(celulasDasTabelas('<p>no table</p>')).toBe(0);
    expect(celulasDasTabelas('<table><thead><tr><th>a</th><th colspan="3">b</th></tr></thead></table>')).toBe(4);
    expect(celulasDasTabelas('<table><tr><td colspan="100" rowspan="100">a</td><td>b</td></tr></table>')).toBe(10_001);
    expect(celulasDasTabelas("<TD COLSPAN=5>a</TD><td\nrowspan='2'>")).toBe(7);
  });

  it('keeps tables out of the other rich texts (a notification in the bell)', () => {
    expect(sanitizeRichText('<table><tbody><tr><td>a</td><td>b</td></tr></tbody></table>')).toBe('ab');
  });
});

describe('escapeHtml', () => {
  it('turns markup into text', () => {
    expect(escapeHtml(`<b>"Ana" & 'Bia'</b>`)).toBe('&lt;b&gt;&quot;Ana&quot; &amp; &#39;Bia&#39;&lt;/b&gt;');
  });
});
