import { describe, expect, it } from 'vitest';
import { destinosMover, motivosDesabilitadas } from './regras';
import { truncar, type PastaEscrita } from './tipos';

/** A folder: at the root, inside `pai`, or (`paiOculto`) inside a folder the caller does not read. */
const pasta = (id: string, over: { podeEscrever?: boolean; pai?: string; paiOculto?: boolean } = {}) => ({
  id,
  isPasta: true,
  podeEscrever: over.podeEscrever ?? true,
  pastaPai: over.pai ? { id: over.pai, nome: `Pasta ${over.pai}` } : null,
  naRaiz: !over.pai && !over.paiOculto,
});
const arquivo = (id: string, pai: string, podeEscrever = true) => ({
  id,
  isPasta: false,
  podeEscrever,
  pastaPai: { id: pai, nome: `Pasta ${pai}` },
  naRaiz: false,
});

/** Which actions a selection allows: those without a reason against them. */
const acoesHabilitadas = (selecionados: Parameters<typeof motivosDesabilitadas>[0]) =>
  Object.fromEntries(Object.entries(motivosDesabilitadas(selecionados)).map(([acao, m]) => [acao, m === null]));

describe('the actions a selection allows (spec section 5, "Toolbar")', () => {
  it('allows nothing without a selection', () => {
    expect(acoesHabilitadas([])).toEqual({
      excluir: false,
      mover: false,
      baixar: false,
      concederAcesso: false,
      renomear: false,
    });
  });

  it('needs write permission on every item to remove and move', () => {
    expect(acoesHabilitadas([arquivo('10', '1'), arquivo('11', '1')])).toMatchObject({ excluir: true, mover: true });
    expect(acoesHabilitadas([arquivo('10', '1'), arquivo('11', '1', false)])).toMatchObject({
      excluir: false,
      mover: false,
      baixar: true,
    });
  });

  it('refuses the download of folders and files together', () => {
    expect(acoesHabilitadas([pasta('1'), pasta('2')]).baixar).toBe(true);
    expect(acoesHabilitadas([pasta('1'), arquivo('10', '1')]).baixar).toBe(false);
  });

  it('grants access to exactly one top-level folder with write permission', () => {
    expect(acoesHabilitadas([pasta('1')]).concederAcesso).toBe(true);
    expect(acoesHabilitadas([pasta('4', { pai: '1' })]).concederAcesso).toBe(false);
    // Found by search inside a folder the caller does not read: no parent named, still not top-level.
    expect(acoesHabilitadas([pasta('5', { paiOculto: true })]).concederAcesso).toBe(false);
    expect(acoesHabilitadas([pasta('1', { podeEscrever: false })]).concederAcesso).toBe(false);
    expect(acoesHabilitadas([pasta('1'), pasta('2')]).concederAcesso).toBe(false);
    expect(acoesHabilitadas([arquivo('10', '1')]).concederAcesso).toBe(false);
  });

  it('renames exactly one folder with write permission', () => {
    expect(acoesHabilitadas([pasta('4', { pai: '1' })]).renomear).toBe(true);
    expect(acoesHabilitadas([pasta('4', { pai: '1', podeEscrever: false })]).renomear).toBe(false);
    expect(acoesHabilitadas([pasta('1'), pasta('2')]).renomear).toBe(false);
    expect(acoesHabilitadas([arquivo('10', '1')]).renomear).toBe(false);
  });
});

describe('destinosMover (spec section 5, "Move")', () => {
  const ref = (id: string, nome: string) => ({ id, nome });
  const escrita = (id: string, nome: string, caminho: { id: string; nome: string }[] = []): PastaEscrita => ({
    id,
    nome,
    isPublico: true,
    breadcrumb: caminho,
    pastaPai: caminho.at(-1) ?? null,
  });
  const PASTAS = [
    escrita('1', 'Manuais'),
    escrita('2', 'Diretoria'),
    escrita('4', 'Motores', [ref('1', 'Manuais')]),
    escrita('41', 'Diesel', [ref('1', 'Manuais'), ref('4', 'Motores')]),
    escrita('5', 'Treinamentos'),
  ];
  const caminhos = (opcoes: ReturnType<typeof destinosMover>) =>
    opcoes.map((d) => (d.raiz ? 'raiz' : d.caminho.join(' / ')));
  /** A library manager's destinations. */
  const destinos = (selecionados: Parameters<typeof destinosMover>[1]) => destinosMover(PASTAS, selecionados, true);

  it('never offers a selected folder, a folder inside it, or the current parent; the root when a folder has a parent', () => {
    expect(caminhos(destinos([pasta('4', { pai: '1' })]))).toEqual(['raiz', 'Diretoria', 'Treinamentos']);
    // Its parent not the caller's to read: it still has one, so the root is offered.
    expect(caminhos(destinos([pasta('9', { paiOculto: true })]))[0]).toBe('raiz');
  });

  it('offers the root to library managers only, who alone make top-level folders', () => {
    expect(caminhos(destinosMover(PASTAS, [pasta('4', { pai: '1' })], false))).toEqual(['Diretoria', 'Treinamentos']);
  });

  it('offers no root for files, which live in folders', () => {
    expect(caminhos(destinos([arquivo('10', '1')]))).toEqual([
      'Diretoria',
      'Manuais / Motores',
      'Manuais / Motores / Diesel',
      'Treinamentos',
    ]);
  });

  it('offers no root for top-level folders, already there', () => {
    expect(caminhos(destinos([pasta('2')]))).toEqual([
      'Manuais',
      'Manuais / Motores',
      'Manuais / Motores / Diesel',
      'Treinamentos',
    ]);
  });

  it('leaves out the parents of every selected item', () => {
    expect(caminhos(destinos([arquivo('10', '1'), arquivo('42', '41')]))).toEqual([
      'Diretoria',
      'Manuais / Motores',
      'Treinamentos',
    ]);
  });
});

describe('truncar', () => {
  it('cuts a name over 40 characters with an ellipsis, keeping emoji whole', () => {
    expect(truncar('a'.repeat(40))).toBe('a'.repeat(40));
    expect(truncar('a'.repeat(41))).toBe(`${'a'.repeat(40)}…`);
    expect(truncar(`${'a'.repeat(39)}📁📁`)).toBe(`${'a'.repeat(39)}📁…`);
    expect(truncar('Pública: Concessionárias Sul (Leitura)', 25)).toBe('Pública: Concessionárias …');
  });
});

describe('motivosDesabilitadas: why an action does not apply, as the toolbar says it', () => {
  it('names what is missing, in the order a user would fix it', () => {
    expect(motivosDesabilitadas([arquivo('10', '1')])).toEqual({
      excluir: null,
      mover: null,
      baixar: null,
      concederAcesso: 'acessoSoPasta',
      renomear: 'renomearSoPasta',
    });
    expect(motivosDesabilitadas([pasta('1'), arquivo('10', '1', false)])).toEqual({
      excluir: 'semEscrita',
      mover: 'semEscrita',
      baixar: 'misturado',
      concederAcesso: 'umItem',
      renomear: 'umItem',
    });
    expect(motivosDesabilitadas([pasta('4', { pai: '1' })])).toMatchObject({
      concederAcesso: 'acessoNaRaiz',
      renomear: null,
    });
    expect(motivosDesabilitadas([pasta('1', { podeEscrever: false })])).toMatchObject({
      concederAcesso: 'semEscrita',
      renomear: 'semEscrita',
    });
  });
});
