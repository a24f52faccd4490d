import { describe, expect, it } from 'vitest';
import { enderecoDoLink } from './enderecoDoLink';

describe("enderecoDoLink (a link's address from what its author typed)", () => {
  it.each([
    ['https://www.portal.test/campanha?x=1', 'https://www.portal.test/campanha?x=1'],
    ['  HTTP://intranet/manual  ', 'HTTP://intranet/manual'],
    ['mailto:rh@rede.test', 'mailto:rh@rede.test'],
    ['rh@rede.test', 'mailto:rh@rede.test'],
    ['www.rede.com.br/campanha', 'https://www.rede.com.br/campanha'],
    ['rede.test', 'https://rede.test'],
    ['/comunicados/visualizar/7', '/comunicados/visualizar/7'],
  ])('%s is the link %s', (digitado, endereco) => {
    expect(enderecoDoLink(digitado)).toBe(endereco);
  });

  it.each([
    [''],
    ['   '],
    ['teste'],
    ['javascript:alert(1)'],
    ['JavaScript://%0aalert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox'],
    ['//evil.test/x'],
    ['\\\\evil.test'],
    ['/\\evil.test'],
    ['https://'],
    ['mailto:'],
    ['duas palavras.com'],
    ['ftp://arquivos.rede.test'],
  ])('%j is refused', (digitado) => {
    expect(enderecoDoLink(digitado)).toBeNull();
  });
});
