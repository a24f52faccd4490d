import { describe, expect, it, vi } from 'vitest';
import { parseMenus } from './useMenuUsuarioLogado';

describe('parseMenus', () => {
  it('reads categories, items and sub-items, dropping malformed entries', () => {
    const json = JSON.stringify([
      {
        id: 'cadastros',
        title: 'Cadastros',
        items: [
          { id: 'dealers', path: '/dealers', title: 'Dealers' },
          { id: 'x', items: 'not a list' },
          { id: 'rel', title: 'Relatórios', items: [{ id: 'r1', path: '/relatorio/r1', title: 'R1' }, null] },
        ],
      },
      { title: 'no id' },
      { id: 'vazia', title: 'Vazia' },
    ]);
    expect(parseMenus(json)).toEqual([
      {
        id: 'cadastros',
        title: 'Cadastros',
        items: [
          { id: 'dealers', path: '/dealers', title: 'Dealers' },
          { id: 'rel', title: 'Relatórios', items: [{ id: 'r1', path: '/relatorio/r1', title: 'R1' }] },
        ],
      },
      { id: 'vazia', title: 'Vazia', items: [] },
    ]);
  });

  it('gives an empty menu for a string that is not a JSON array, and logs it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseMenus('{"a":1}')).toEqual([]);
    expect(parseMenus('not json')).toEqual([]);
    expect(warn).toHaveBeenCalledWith('menuUsuarioLogado.menus is not JSON; showing an empty menu', expect.any(Error));
    warn.mockRestore();
  });
});
