import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema';
import { fileStoreOf } from '../../server/files';
import { seedKit } from './kit';
import { errorCode, gql } from './portal';

// The virtual library (issue #29): who reads and writes which item (owner, read group, write
// group, manager, outsider; private and public trees; inherited visibility; a user who leaves a
// group loses access at once), the moves that must be refused, duplicate names (also under 10
// concurrent creations), exact paging of a folder, and the file sweep freeing a removed folder's files.

const kit = seedKit({ seed: 2901, domain: 'biblioteca.test' });

const ITEM = `id version nome isPasta isPublico podeEscrever pastaPai { id nome } breadcrumb { id nome }
  permissoesAcessoUsuarioLogado { id description } permissoes { grupoUsuarios { id nome } permissaoAcessoPasta { id } }
  permissoesHerdadas { grupoUsuarios { id } permissaoAcessoPasta { id } } arquivo { id nome tamanho } proprietario { id }`;
const PASTA = `query($id: ID!) { pasta(idPasta: $id) { ${ITEM} } }`;
const ITENS = `query($id: ID, $f: ItensPorPastaFilterInput) { itemsPorPasta(idPasta: $id, filterInput: $f) { totalElements content { ${ITEM} } } }`;
const CRIAR = `mutation($p: NovaPastaInput!) { criarNovaPasta(novaPasta: $p) { ${ITEM} } }`;
const CONCEDER = `mutation($p: NovasPermissoesInput!) { concederAcesso(novasPermissoes: $p) { ${ITEM} } }`;
const RENOMEAR = `mutation($id: ID!, $nome: String!, $v: Int) { renomearItemBiblioteca(idItemBiblioteca: $id, novoNome: $nome, version: $v) { ${ITEM} } }`;
const MOVER = `mutation($id: ID!, $para: ID!, $v: Int) { moverItemBiblioteca(idItemBiblioteca: $id, idNovaLocalizacao: $para, version: $v) { ${ITEM} } }`;
const EXCLUIR = 'mutation($id: ID!, $v: Int) { excluirItemBiblioteca(idItem: $id, version: $v) }';
const UPLOAD = `mutation($a: [UploadArquivoInput!]!) { uploadArquivos(arquivos: $a) { ${ITEM} } }`;
const ESCRITA = '{ pastasComPermissaoEscrita { id nome breadcrumb { nome } } }';

type Item = {
  id: string;
  version: number;
  nome: string;
  isPasta: boolean;
  isPublico: boolean;
  podeEscrever: boolean;
  pastaPai: { id: string } | null;
  breadcrumb: { id: string; nome: string }[];
  permissoesAcessoUsuarioLogado: { id: string }[];
  permissoes: { grupoUsuarios: { id: string }; permissaoAcessoPasta: { id: string } }[];
  permissoesHerdadas: { grupoUsuarios: { id: string }; permissaoAcessoPasta: { id: string } }[];
};
type Caller = { id: number; token: string };

let gestor: Caller;
let leitor: Caller;
let escritor: Caller;
let dono: Caller;
let estranho: Caller;
let gLeitura: number;
let gEscrita: number;

async function grupo(nome: string, membros: number[]) {
  const [g] = await kit.db
    .insert(s.gruposUsuarios)
    .values({ nome: kit.unique(nome), publico: false, criadorId: gestor.id, possuiUsuariosManuais: true })
    .returning();
  await kit.db
    .insert(s.grupoUsuariosManuais)
    .values(membros.map((usuarioId) => ({ grupoUsuariosId: g.id, usuarioId })));
  return g.id;
}

async function ok<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const r = await gql<Record<string, T>>(kit.portal, query, variables, token);
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return Object.values(r.data!)[0]!;
}

const criar = (token: string, p: Record<string, unknown>) => ok<Item>(CRIAR, { p }, token);
const pasta = (token: string, id: number | string) => gql<{ pasta: Item }>(kit.portal, PASTA, { id }, token);
const itens = (token: string, id: number | string | null, f: Record<string, unknown> = {}) =>
  ok<{ totalElements: number; content: Item[] }>(ITENS, { id, f }, token);
const nomes = (page: { content: Item[] }) => page.content.map((i) => i.nome);
const niveis = (item: Item) => item.permissoesAcessoUsuarioLogado.map((p) => p.id);

/** An uploaded library file of `autor` (as POST /api/upload stores one): its arquivos id. */
async function upload(autorId: number, nome: string, conteudo = `conteúdo de ${nome}`, tipoMime = 'text/plain') {
  const stored = await fileStoreOf(kit.portal.config).write('biblioteca', Readable.from(Buffer.from(conteudo)));
  const [a] = await kit.db
    .insert(s.arquivos)
    .values({ chave: stored.key, nome, tipoMime, tamanho: stored.size, sha256: stored.sha256, autorId })
    .returning();
  return a.id;
}

const colocar = async (token: string, autorId: number, pastaId: string, nome: string) =>
  (await ok<Item[]>(UPLOAD, { a: [{ idArquivo: await upload(autorId, nome), idPastaPai: pastaId }] }, token))[0]!;

let publica: Item;
let sub: Item;
let arquivo: Item;
let privada: Item;
let subPrivada: Item;

beforeAll(async () => {
  await kit.start();
  const marca = await kit.marca();
  gestor = await kit.caller({ tipo: 'MONTADORA', marca: marca.id, funcionalidades: ['PORTAL_GERENCIAR_BIBLIOTECA'] });
  dono = await kit.caller({ tipo: 'MONTADORA', marca: marca.id, funcionalidades: ['PORTAL_GERENCIAR_BIBLIOTECA'] });
  const dealer = await kit.dealer({ marcaIds: [marca.id] });
  leitor = await kit.caller({ tipo: 'DEALER_GRUPO', marca: marca.id, dealer: dealer.id });
  escritor = await kit.caller({ tipo: 'DEALER_GRUPO', marca: marca.id, dealer: dealer.id });
  estranho = await kit.caller({ tipo: 'DEALER_GRUPO', marca: marca.id, dealer: dealer.id });
  gLeitura = await grupo('Leitores', [leitor.id, escritor.id]);
  gEscrita = await grupo('Escritores', [escritor.id]);

  publica = await criar(gestor.token, {
    nome: kit.unique('Manuais'),
    isPublico: true,
    tiposAcesso: [
      { idGrupoAcesso: gLeitura, permissao: 'LEITURA' },
      { idGrupoAcesso: gEscrita, permissao: 'LEITURA_ESCRITA' },
    ],
  });
  sub = await criar(gestor.token, { nome: 'Oficina', idPai: publica.id });
  arquivo = await colocar(gestor.token, gestor.id, sub.id, 'tabela.txt');
  // The private tree belongs to another manager, who then loses the key: an owner, not a manager.
  privada = await criar(dono.token, { nome: kit.unique('Privada'), isPublico: false });
  subPrivada = await criar(gestor.token, { nome: 'Rascunhos', idPai: privada.id });
  const [chave] = await kit.db
    .select({ id: s.funcionalidades.id })
    .from(s.funcionalidades)
    .where(eq(s.funcionalidades.chave, 'PORTAL_GERENCIAR_BIBLIOTECA'));
  await kit.db
    .delete(s.usuarioFuncionalidades)
    .where(
      and(eq(s.usuarioFuncionalidades.usuarioId, dono.id), eq(s.usuarioFuncionalidades.funcionalidadeId, chave.id)),
    );
});

describe('the permission matrix', () => {
  it('answers each caller the items they may read, with their level, at the root and inside', async () => {
    const raiz = async (c: Caller) => nomes(await itens(c.token, null, { rowsPerPage: 500 }));
    expect(await raiz(gestor)).toEqual(expect.arrayContaining([publica.nome, privada.nome]));
    expect(await raiz(leitor)).toContain(publica.nome);
    expect(await raiz(leitor)).not.toContain(privada.nome);
    expect(await raiz(escritor)).toContain(publica.nome);
    expect(await raiz(dono)).toContain(privada.nome);
    expect(await raiz(dono)).not.toContain(publica.nome);
    expect(await raiz(estranho)).not.toEqual(expect.arrayContaining([publica.nome]));
    expect(await raiz(estranho)).not.toContain(privada.nome);

    const nivel = async (c: Caller, id: string) => niveis((await pasta(c.token, id)).data!.pasta);
    expect(await nivel(gestor, sub.id)).toEqual(['LEITURA', 'LEITURA_ESCRITA']);
    expect(await nivel(leitor, sub.id)).toEqual(['LEITURA']);
    expect(await nivel(escritor, sub.id)).toEqual(['LEITURA', 'LEITURA_ESCRITA']);
    expect(await nivel(dono, subPrivada.id)).toEqual(['LEITURA', 'LEITURA_ESCRITA']);
    expect(await nivel(gestor, subPrivada.id)).toEqual(['LEITURA', 'LEITURA_ESCRITA']);
    for (const [c, id] of [
      [estranho, sub.id],
      [dono, sub.id],
      [leitor, subPrivada.id],
      [escritor, privada.id],
      [estranho, privada.id],
    ] as const) {
      expect(errorCode(await pasta(c.token, id)), `${c.id} ${id}`).toBe('NOT_FOUND');
    }

    const dentro = await itens(leitor.token, sub.id);
    expect(dentro.totalElements).toBe(1);
    expect(dentro.content[0]).toMatchObject({ nome: 'tabela.txt', isPublico: true, podeEscrever: false });
    expect(dentro.content[0]!.breadcrumb.map((b) => b.nome)).toEqual([publica.nome, 'Oficina']);
    expect(
      dentro.content[0]!.permissoesHerdadas.map((p) => [Number(p.grupoUsuarios.id), p.permissaoAcessoPasta.id]).sort(),
    ).toEqual(
      [
        [gLeitura, 'LEITURA'],
        [gEscrita, 'LEITURA_ESCRITA'],
      ].sort(),
    );
    expect((await itens(escritor.token, sub.id)).content[0]!.podeEscrever).toBe(true);
    expect(errorCode(await gql(kit.portal, ITENS, { id: sub.id }, estranho.token))).toBe('NOT_FOUND');
  });

  it('lets a subfolder inherit its tree visibility and refuses groups in a private tree', async () => {
    expect(sub.isPublico).toBe(true);
    expect(subPrivada.isPublico).toBe(false);
    const publicaSob = await gql(
      kit.portal,
      CRIAR,
      { p: { nome: 'X', idPai: privada.id, isPublico: true } },
      gestor.token,
    );
    expect(kit.fields(publicaSob)).toHaveProperty('isPublico');
    const comGrupo = await gql(
      kit.portal,
      CRIAR,
      { p: { nome: 'X', idPai: privada.id, tiposAcesso: [{ idGrupoAcesso: gLeitura, permissao: 'LEITURA' }] } },
      gestor.token,
    );
    expect(kit.fields(comGrupo)).toHaveProperty('tiposAcesso');
    const semGrupo = await gql(
      kit.portal,
      CRIAR,
      { p: { nome: kit.unique('Pública'), isPublico: true } },
      gestor.token,
    );
    expect(kit.fields(semGrupo)).toHaveProperty('tiposAcesso');
    const privadaComGrupo = await gql(
      kit.portal,
      CRIAR,
      { p: { nome: kit.unique('P'), isPublico: false, idsGrupoAcesso: [gLeitura] } },
      gestor.token,
    );
    expect(kit.fields(privadaComGrupo)).toHaveProperty('tiposAcesso');
  });

  it('needs the manager key to create folders and place uploads, and write permission on the parent', async () => {
    expect(errorCode(await gql(kit.portal, CRIAR, { p: { nome: 'Y', idPai: sub.id } }, escritor.token))).toBe(
      'FORBIDDEN',
    );
    const a = await upload(escritor.id, 'meu.txt');
    expect(
      errorCode(await gql(kit.portal, UPLOAD, { a: [{ idArquivo: a, idPastaPai: sub.id }] }, escritor.token)),
    ).toBe('FORBIDDEN');
    // Another user's upload is not the caller's to place.
    const r = await gql(kit.portal, UPLOAD, { a: [{ idArquivo: a, idPastaPai: sub.id }] }, gestor.token);
    expect(kit.fields(r)).toHaveProperty(['arquivos.0.idArquivo']);
    expect(await kit.db.$count(s.bibliotecaItens, eq(s.bibliotecaItens.arquivoId, a))).toBe(0);
  });

  it('needs write permission to rename, remove and move; grants only on top-level folders', async () => {
    const atual = (await pasta(gestor.token, sub.id)).data!.pasta;
    expect(errorCode(await gql(kit.portal, RENOMEAR, { id: sub.id, nome: 'Z', v: atual.version }, leitor.token))).toBe(
      'FORBIDDEN',
    );
    expect(errorCode(await gql(kit.portal, EXCLUIR, { id: sub.id, v: atual.version }, leitor.token))).toBe('FORBIDDEN');
    expect(errorCode(await gql(kit.portal, EXCLUIR, { id: sub.id, v: atual.version }, estranho.token))).toBe(
      'NOT_FOUND',
    );
    const renomeada = await ok<Item>(RENOMEAR, { id: sub.id, nome: 'Oficina 2', v: atual.version }, escritor.token);
    expect(renomeada).toMatchObject({ nome: 'Oficina 2', version: atual.version + 1 });
    expect(
      errorCode(await gql(kit.portal, RENOMEAR, { id: sub.id, nome: 'W', v: atual.version }, escritor.token)),
    ).toBe('CONFLICT');
    const conceder = await gql(
      kit.portal,
      CONCEDER,
      {
        p: {
          idPasta: sub.id,
          version: renomeada.version,
          tiposAcesso: [{ idGrupoAcesso: gLeitura, permissao: 'LEITURA' }],
        },
      },
      gestor.token,
    );
    expect(kit.fields(conceder)).toHaveProperty('idPasta');
    const p = (await pasta(gestor.token, publica.id)).data!.pasta;
    expect(
      errorCode(
        await gql(
          kit.portal,
          CONCEDER,
          { p: { idPasta: publica.id, version: p.version, tiposAcesso: [] } },
          leitor.token,
        ),
      ),
    ).toBe('FORBIDDEN');
    const [{ n }] = (
      await kit.db.execute<{ n: number }>(
        sql`select count(*)::int as n from biblioteca_permissoes where pasta_id = ${publica.id}`,
      )
    ).rows;
    expect(n).toBe(2);
  });

  it('takes access away at once from a user who leaves the group', async () => {
    const tree = await criar(gestor.token, {
      nome: kit.unique('Temporária'),
      isPublico: true,
      tiposAcesso: [{ idGrupoAcesso: gEscrita, permissao: 'LEITURA_ESCRITA' }],
    });
    expect((await pasta(escritor.token, tree.id)).errors).toBeUndefined();
    await kit.db
      .delete(s.grupoUsuariosManuais)
      .where(
        and(eq(s.grupoUsuariosManuais.grupoUsuariosId, gEscrita), eq(s.grupoUsuariosManuais.usuarioId, escritor.id)),
      );
    expect(errorCode(await pasta(escritor.token, tree.id))).toBe('NOT_FOUND');
    expect(nomes(await itens(escritor.token, null, { rowsPerPage: 500 }))).not.toContain(tree.nome);
    // Still in the read group: the shared tree is read only now.
    expect(niveis((await pasta(escritor.token, sub.id)).data!.pasta)).toEqual(['LEITURA']);
    await kit.db.insert(s.grupoUsuariosManuais).values({ grupoUsuariosId: gEscrita, usuarioId: escritor.id });
    expect(niveis((await pasta(escritor.token, sub.id)).data!.pasta)).toEqual(['LEITURA', 'LEITURA_ESCRITA']);
  });

  it('makes a tree private with an empty grant, and public again with a group', async () => {
    const tree = await criar(gestor.token, {
      nome: kit.unique('Alternada'),
      isPublico: true,
      tiposAcesso: [{ idGrupoAcesso: gLeitura, permissao: 'LEITURA' }],
    });
    const dentro = await criar(gestor.token, {
      nome: 'Dentro',
      idPai: tree.id,
      tiposAcesso: [{ idGrupoAcesso: gEscrita, permissao: 'LEITURA_ESCRITA' }],
    });
    expect(dentro.permissoes).toHaveLength(1);
    const privada = await ok<Item>(
      CONCEDER,
      { p: { idPasta: tree.id, version: tree.version, tiposAcesso: [] } },
      gestor.token,
    );
    expect(privada).toMatchObject({ isPublico: false, permissoes: [] });
    expect((await pasta(gestor.token, dentro.id)).data!.pasta).toMatchObject({ isPublico: false, permissoes: [] });
    expect(errorCode(await pasta(leitor.token, dentro.id))).toBe('NOT_FOUND');
    const de_novo = await ok<Item>(
      CONCEDER,
      {
        p: {
          idPasta: tree.id,
          version: privada.version,
          tiposAcesso: [{ idGrupoAcesso: gLeitura, permissao: 'LEITURA' }],
        },
      },
      gestor.token,
    );
    expect(de_novo.isPublico).toBe(true);
    expect((await pasta(leitor.token, dentro.id)).data!.pasta.isPublico).toBe(true);
  });

  it('offers as destinations only the folders the caller writes to', async () => {
    const destinos = async (c: Caller) => (await ok<{ id: string }[]>(ESCRITA, {}, c.token)).map((p) => p.id);
    expect(await destinos(escritor)).toEqual(expect.arrayContaining([publica.id, sub.id]));
    expect(await destinos(escritor)).not.toContain(privada.id);
    expect(await destinos(leitor)).not.toContain(publica.id);
    expect(await destinos(dono)).toEqual(expect.arrayContaining([privada.id, subPrivada.id]));
  });
});

describe('moves', () => {
  it('refuses a folder into itself or a folder inside it, a file to the root, the same place, a destination without write, a stale version', async () => {
    const a = await criar(gestor.token, { nome: kit.unique('A'), isPublico: false });
    const b = await criar(gestor.token, { nome: 'B', idPai: a.id });
    const c = await criar(gestor.token, { nome: 'C', idPai: b.id });
    const f = await colocar(gestor.token, gestor.id, c.id, 'f.txt');
    const mover = (id: string, para: string | number, v: number, token = gestor.token) =>
      gql(kit.portal, MOVER, { id, para, v }, token);
    for (const destino of [a.id, b.id, c.id]) {
      expect(kit.fields(await mover(a.id, destino, a.version)), destino).toHaveProperty('idNovaLocalizacao');
    }
    expect(kit.fields(await mover(f.id, 0, f.version))).toHaveProperty('idNovaLocalizacao');
    expect(kit.fields(await mover(c.id, b.id, c.version))).toHaveProperty('idNovaLocalizacao');
    expect(errorCode(await mover(f.id, privada.id, f.version, escritor.token))).toBe('NOT_FOUND');
    const [{ version }] = (
      await kit.db.execute<{ version: number }>(sql`select version from biblioteca_itens where id = ${arquivo.id}`)
    ).rows;
    // A destination the writer only reads is refused; one they do not even see is not found.
    const soLeitura = await criar(gestor.token, {
      nome: kit.unique('Só leitura'),
      isPublico: true,
      tiposAcesso: [{ idGrupoAcesso: gLeitura, permissao: 'LEITURA' }],
    });
    expect(errorCode(await mover(arquivo.id, soLeitura.id, version, escritor.token))).toBe('FORBIDDEN');
    expect(kit.fields(await mover(arquivo.id, privada.id, version, escritor.token))).toHaveProperty(
      'idNovaLocalizacao',
    );
    expect(errorCode(await mover(c.id, a.id, c.version + 5))).toBe('CONFLICT');
    const [{ pai }] = (
      await kit.db.execute<{ pai: number }>(sql`select pasta_pai_id as pai from biblioteca_itens where id = ${a.id}`)
    ).rows;
    expect(pai).toBeNull();

    // Allowed: C up into A, then B to the root; a file between folders the writer writes to.
    expect((await ok<Item>(MOVER, { id: c.id, para: a.id, v: c.version }, gestor.token)).pastaPai!.id).toBe(a.id);
    expect((await ok<Item>(MOVER, { id: b.id, para: '0', v: b.version }, gestor.token)).pastaPai).toBeNull();
  });

  it('gives a moved folder the visibility of its destination, and keeps the groups of a public folder moved to the root', async () => {
    const origem = await criar(gestor.token, {
      nome: kit.unique('Origem'),
      isPublico: true,
      tiposAcesso: [{ idGrupoAcesso: gLeitura, permissao: 'LEITURA' }],
    });
    const filha = await criar(gestor.token, { nome: 'Filha', idPai: origem.id });
    const neta = await criar(gestor.token, { nome: 'Neta', idPai: filha.id });
    const raiz = await ok<Item>(MOVER, { id: filha.id, para: 0, v: filha.version }, gestor.token);
    expect(raiz).toMatchObject({ isPublico: true, pastaPai: null });
    expect(raiz.permissoes.map((p) => [Number(p.grupoUsuarios.id), p.permissaoAcessoPasta.id])).toEqual([
      [gLeitura, 'LEITURA'],
    ]);
    expect((await pasta(leitor.token, neta.id)).errors).toBeUndefined();
    const presa = await ok<Item>(MOVER, { id: filha.id, para: privada.id, v: raiz.version }, gestor.token);
    expect(presa).toMatchObject({ isPublico: false, permissoes: [] });
    expect((await pasta(gestor.token, neta.id)).data!.pasta.isPublico).toBe(false);
    expect(errorCode(await pasta(leitor.token, neta.id))).toBe('NOT_FOUND');
  });
});

describe('names', () => {
  it('refuses a name already in the folder, without case or accents, on create, rename, move and upload', async () => {
    const p = await criar(gestor.token, { nome: kit.unique('Nomes'), isPublico: false });
    await criar(gestor.token, { nome: 'Relatório', idPai: p.id });
    const outra = await criar(gestor.token, { nome: 'Outra', idPai: p.id });
    const dup = await gql(kit.portal, CRIAR, { p: { nome: 'RELATORIO', idPai: p.id } }, gestor.token);
    expect(kit.fields(dup)).toEqual({ nome: 'Já existe um item com este nome nesta pasta' });
    expect(
      kit.fields(await gql(kit.portal, RENOMEAR, { id: outra.id, nome: 'relatorio', v: outra.version }, gestor.token)),
    ).toEqual({ novoNome: 'Já existe um item com este nome nesta pasta' });
    // Only a folder is renamed (spec section 5): a file keeps its name, and nothing changes.
    const ata = await colocar(gestor.token, gestor.id, p.id, 'Ata de reunião.txt');
    const arquivoRenomeado = await gql(
      kit.portal,
      RENOMEAR,
      { id: ata.id, nome: 'Outra ata.txt', v: ata.version },
      gestor.token,
    );
    expect(kit.fields(arquivoRenomeado)).toEqual({ idItemBiblioteca: 'Somente pastas podem ser renomeadas.' });
    const [ataDepois] = (
      await kit.db.execute<{ nome: string; version: number }>(
        sql`select nome, version from biblioteca_itens where id = ${Number(ata.id)}`,
      )
    ).rows;
    expect(ataDepois).toEqual({ nome: 'Ata de reunião.txt', version: ata.version });
    const mesmoNome = await criar(gestor.token, { nome: 'Relatorio', idPai: outra.id });
    expect(
      kit.fields(await gql(kit.portal, MOVER, { id: mesmoNome.id, para: p.id, v: mesmoNome.version }, gestor.token)),
    ).toHaveProperty('idNovaLocalizacao');
    await colocar(gestor.token, gestor.id, outra.id, 'ata.txt');
    const dois = [
      await upload(gestor.id, 'ATA.txt'),
      await upload(gestor.id, 'nova.txt'),
      await upload(gestor.id, 'nova.txt'),
    ];
    const r = await gql(
      kit.portal,
      UPLOAD,
      { a: dois.map((idArquivo) => ({ idArquivo, idPastaPai: outra.id })) },
      gestor.token,
    );
    expect(kit.fields(r)['arquivos.0.nome']).toBe('ATA.txt: Já existe um item com este nome nesta pasta');
    expect(kit.fields(r)['arquivos.2.nome']).toContain('nova.txt');
    expect(await kit.db.$count(s.bibliotecaItens, eq(s.bibliotecaItens.pastaPaiId, Number(outra.id)))).toBe(2);
    expect(errorCode(await gql(kit.portal, CRIAR, { p: { nome: 'a/b', idPai: p.id } }, gestor.token))).toBe(
      'BAD_USER_INPUT',
    );
  });

  it('lets exactly one of 10 concurrent creations of one name win', async () => {
    const p = await criar(gestor.token, { nome: kit.unique('Corrida'), isPublico: false });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => gql(kit.portal, CRIAR, { p: { nome: 'Mesma', idPai: p.id } }, gestor.token)),
    );
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.filter((r) => r.errors).map((r) => kit.fields(r).nome)).toEqual(
      Array(9).fill('Já existe um item com este nome nesta pasta'),
    );
    expect(await kit.db.$count(s.bibliotecaItens, eq(s.bibliotecaItens.pastaPaiId, Number(p.id)))).toBe(1);
  });
});

describe('listing and removal', () => {
  it('pages a folder exactly: folders first, then by name; by modification time on request', async () => {
    const p = await criar(gestor.token, {
      nome: kit.unique('Paginada'),
      isPublico: true,
      tiposAcesso: [{ idGrupoAcesso: gLeitura, permissao: 'LEITURA' }],
    });
    for (const nome of ['Zeta', 'Alfa', 'Meio']) await criar(gestor.token, { nome, idPai: p.id });
    const arquivos = Array.from({ length: 20 }, (_, i) => `doc-${String(i).padStart(2, '0')}.txt`);
    const ids = await Promise.all(arquivos.map((nome) => upload(gestor.id, nome)));
    await ok(UPLOAD, { a: ids.map((idArquivo) => ({ idArquivo, idPastaPai: p.id })) }, gestor.token);
    const esperado = ['Alfa', 'Meio', 'Zeta', ...arquivos];
    const paginas = await Promise.all([0, 1, 2, 3].map((page) => itens(leitor.token, p.id, { page, rowsPerPage: 10 })));
    expect(paginas.map((pg) => pg.totalElements)).toEqual([23, 23, 23, 23]);
    expect(paginas.flatMap(nomes)).toEqual(esperado);
    expect(paginas[3]!.content).toEqual([]);
    const desc = await itens(leitor.token, p.id, { rowsPerPage: 5, sort: { field: 'nome', order: 'DESC' } });
    expect(nomes(desc)).toEqual(['Zeta', 'Meio', 'Alfa', 'doc-19.txt', 'doc-18.txt']);
    expect(errorCode(await gql(kit.portal, ITENS, { id: p.id, f: { rowsPerPage: 501 } }, leitor.token))).toBe(
      'BAD_USER_INPUT',
    );
  });

  it('removes a folder with everything inside it, and the sweep then frees its files', async () => {
    const p = await criar(gestor.token, { nome: kit.unique('Apagar'), isPublico: false });
    const dentro = await criar(gestor.token, { nome: 'Dentro', idPai: p.id });
    const f1 = await colocar(gestor.token, gestor.id, p.id, 'um.txt');
    await colocar(gestor.token, gestor.id, dentro.id, 'dois.txt');
    const chaves = (
      await kit.db.execute<{
        chave: string;
      }>(sql`select a.chave from arquivos a join biblioteca_itens i on i.arquivo_id = a.id
        where i.pasta_pai_id in (${Number(p.id)}, ${Number(dentro.id)})`)
    ).rows.map((r) => r.chave);
    expect(chaves).toHaveLength(2);
    expect(errorCode(await gql(kit.portal, EXCLUIR, { id: p.id, v: p.version + 1 }, gestor.token))).toBe('CONFLICT');
    expect(await ok<boolean>(EXCLUIR, { id: p.id, v: p.version }, gestor.token)).toBe(true);
    expect(
      await kit.db.$count(s.bibliotecaItens, sql`id in (${Number(p.id)}, ${Number(dentro.id)}, ${Number(f1.id)})`),
    ).toBe(0);
    expect(await kit.db.$count(s.arquivos, sql`chave in (${chaves[0]}, ${chaves[1]})`)).toBe(0);
    const [audit] = (
      await kit.db.execute<{ alteracao: string; valor: { itensRemovidos: number } }>(
        sql`select alteracao, valor_anterior as valor from auditoria where tipo = 'BIBLIOTECA_ITEM' and registro_id = ${p.id}
          order by id desc limit 1`,
      )
    ).rows;
    expect(audit).toMatchObject({ alteracao: 'EXCLUSAO', valor: { itensRemovidos: 4 } });
    const { sweepFiles } = await import('../../server/files/sweep');
    const { fileAreas } = await import('../../server/features');
    const store = fileStoreOf(kit.portal.config);
    await sweepFiles(kit.db, { files: store, graceHours: 0 }, fileAreas, {
      info() {},
      warn() {},
      error() {},
    });
    for (const chave of chaves) await expect(store.read(chave)).rejects.toThrow();
  });
});

describe('downloads', () => {
  const LINK = 'mutation($id: ID!) { gerarLinkDownloadByItemBiblioteca(idItemBiblioteca: $id) }';
  const LINK_ARQUIVO =
    'mutation($id: ID!, $r: Boolean) { linkDownloadByArquivo(idArquivo: $id, registrarDownload: $r) }';
  const baixar = (link: string, headers: Record<string, string> = {}) => fetch(`${kit.portal.url}${link}`, { headers });

  it('serves a readable file by a signed link, with ranges, and a folder as a zip', async () => {
    const link = await ok<string>(LINK, { id: arquivo.id }, leitor.token);
    expect(link).toMatch(/^\/api\/biblioteca\/download\?t=[\w-]+\.[\w-]+$/);
    const [{ chave }] = (
      await kit.db.execute<{ chave: string }>(sql`select a.chave from arquivos a
        join biblioteca_itens i on i.arquivo_id = a.id where i.id = ${arquivo.id}`)
    ).rows;
    expect(link).not.toContain(chave.split('/')[1]);
    const inteiro = await baixar(link);
    expect(inteiro.status).toBe(200);
    expect(await inteiro.text()).toBe('conteúdo de tabela.txt');
    expect(inteiro.headers.get('content-disposition')).toContain('attachment');
    const parte = await baixar(link, { range: 'bytes=0-3' });
    expect([parte.status, parte.headers.get('content-range'), await parte.text()]).toEqual([
      206,
      'bytes 0-3/23',
      'cont',
    ]);
    const linkZip = await ok<string>(LINK, { id: publica.id }, leitor.token);
    // A HEAD gives the headers and reads nothing from the store (it built the whole archive): the
    // reads the zip makes are counted (the content job may read the same files meanwhile).
    const files = kit.portal.app.files;
    const read = files.read.bind(files);
    let lidos = 0;
    files.read = (key) => {
      if (new Error().stack?.includes('zip.ts')) lidos += 1;
      return read(key);
    };
    try {
      const head = await fetch(`${kit.portal.url}${linkZip}`, { method: 'HEAD' });
      expect([head.status, head.headers.get('content-type')]).toEqual([200, 'application/zip']);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(lidos).toBe(0);
    } finally {
      files.read = read;
    }
    const zip = await baixar(linkZip);
    expect([zip.status, zip.headers.get('content-type')]).toEqual([200, 'application/zip']);
    expect(
      Buffer.from(await zip.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    // The listing's preview link shows the file inline.
    const lista = await gql<{ itemsPorPasta: { content: { arquivoLink: string }[] } }>(
      kit.portal,
      'query($id: ID) { itemsPorPasta(idPasta: $id) { content { arquivoLink } } }',
      { id: sub.id },
      leitor.token,
    );
    const preview = await baixar(lista.data!.itemsPorPasta.content[0]!.arquivoLink);
    expect([preview.status, preview.headers.get('content-disposition')?.startsWith('inline')]).toEqual([200, true]);
  });

  it("refuses a forged, expired or another user's link, and checks access again when it is used", async () => {
    const link = await ok<string>(LINK, { id: arquivo.id }, leitor.token);
    const [corpo, assinatura] = link.slice(link.indexOf('=') + 1).split('.');
    const outra = JSON.parse(Buffer.from(corpo!, 'base64url').toString()) as { u: number };
    const forjado = Buffer.from(JSON.stringify({ ...outra, u: estranho.id })).toString('base64url');
    expect((await baixar(`/api/biblioteca/download?t=${forjado}.${assinatura}`)).status).toBe(403);
    expect((await baixar(`${link}x`)).status).toBe(403);
    const { assinarLink } = await import('../../server/files/links');
    const expirado = assinarLink({ usuarioId: leitor.id, alvo: `item:${arquivo.id}` }, 0.001);
    await new Promise((r) => setTimeout(r, 20));
    expect((await baixar(`/api/biblioteca/download?t=${expirado}`)).status).toBe(403);
    expect((await baixar(link, { authorization: `Bearer ${estranho.token}` })).status).toBe(403);
    expect((await baixar(link, { authorization: `Bearer ${leitor.token}` })).status).toBe(200);
    expect(errorCode(await gql(kit.portal, LINK, { id: arquivo.id }, estranho.token))).toBe('NOT_FOUND');
    // The reader leaves the group: the link they still hold is refused.
    await kit.db
      .delete(s.grupoUsuariosManuais)
      .where(
        and(eq(s.grupoUsuariosManuais.grupoUsuariosId, gLeitura), eq(s.grupoUsuariosManuais.usuarioId, leitor.id)),
      );
    expect((await baixar(link)).status).toBe(404);
    await kit.db.insert(s.grupoUsuariosManuais).values({ grupoUsuariosId: gLeitura, usuarioId: leitor.id });
    expect((await baixar(link)).status).toBe(200);
  });

  it('counts a download asked to be recorded', async () => {
    const [{ arquivoId }] = await kit.db
      .select({ arquivoId: s.bibliotecaItens.arquivoId })
      .from(s.bibliotecaItens)
      .where(eq(s.bibliotecaItens.id, Number(arquivo.id)));
    const antes = await kit.db.$count(s.bibliotecaDownloads, eq(s.bibliotecaDownloads.itemId, Number(arquivo.id)));
    await ok<string>(LINK_ARQUIVO, { id: arquivoId, r: false }, leitor.token);
    const link = await ok<string>(LINK_ARQUIVO, { id: arquivoId, r: true }, leitor.token);
    expect((await baixar(link)).status).toBe(200);
    expect(await kit.db.$count(s.bibliotecaDownloads, eq(s.bibliotecaDownloads.itemId, Number(arquivo.id)))).toBe(
      antes + 1,
    );
    // Asked again at once (a retry, or links in a loop): still one download.
    for (let i = 0; i < 3; i++) await ok<string>(LINK_ARQUIVO, { id: arquivoId, r: true }, leitor.token);
    expect(await kit.db.$count(s.bibliotecaDownloads, eq(s.bibliotecaDownloads.itemId, Number(arquivo.id)))).toBe(
      antes + 1,
    );
    expect(errorCode(await gql(kit.portal, LINK_ARQUIVO, { id: arquivoId, r: true }, estranho.token))).toBe(
      'NOT_FOUND',
    );
  });
});
