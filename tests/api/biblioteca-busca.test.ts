import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { Document, Packer, Paragraph } from 'docx';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema';
import { fileStoreOf } from '../../server/files';
import { MIME_DOCX, MIME_PDF, MIME_XLSX, MIME_TXT } from '../../server/features/biblioteca/texto';
import { seedKit } from './kit';
import { gql } from './portal';

// The library search (issue #29): by name and by a word inside a PDF, a DOCX, an XLSX and a text
// file (extracted by the content job into the full-text index: stemming, accents folded), only
// what the caller may read, with the exact count, where it matched and a snippet; the latest files.

const kit = seedKit({ seed: 2902, domain: 'biblioteca-busca.test' });

const BUSCA = `query($f: BuscaBibliotecaFilterInput!) { buscaBibliotecaPage(filterInput: $f) { totalElements
  content { id nome isPasta encontradoEm trecho { texto destaque } breadcrumb { nome } pastaPai { id } } } }`;
const CRIAR = 'mutation($p: NovaPastaInput!) { criarNovaPasta(novaPasta: $p) { id nome } }';
const UPLOAD = 'mutation($a: [UploadArquivoInput!]!) { uploadArquivos(arquivos: $a) { id nome arquivo { id } } }';
const RECENTES = '{ ultimosModificados { nome } }';
const RECENTES_PAGINA = `query($f: FilterInput) { ultimosModificadosExtendido(filterInput: $f) { totalElements
  content { nome pastaPai { nome } proprietario { email } } } }`;

type Resultado = {
  nome: string;
  encontradoEm: string[];
  trecho: { texto: string; destaque: boolean }[];
  breadcrumb: { nome: string }[];
};
type Caller = { id: number; token: string };

let gestor: Caller;
let leitor: Caller;
let estranho: Caller;
let publica: { id: string; nome: string };
let privada: { id: string; nome: string };

const pdf = (texto: string) =>
  new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text(texto);
    doc.end();
  });
const docx = (texto: string) => Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph(texto)] }] }));
async function xlsx(celulas: string[][]) {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Custos').addRows(celulas);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function ok<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const r = await gql<Record<string, T>>(kit.portal, query, variables, token);
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return Object.values(r.data!)[0]!;
}

/** Uploads (as POST /api/upload stores them) and places files, then waits for the content job. */
async function colocar(pastaId: string, arquivos: { nome: string; bytes: Buffer; tipoMime: string }[]) {
  const store = fileStoreOf(kit.portal.config);
  const ids: number[] = [];
  for (const a of arquivos) {
    const stored = await store.write('biblioteca', Readable.from(a.bytes));
    const [row] = await kit.db
      .insert(s.arquivos)
      .values({
        chave: stored.key,
        nome: a.nome,
        tipoMime: a.tipoMime,
        tamanho: stored.size,
        sha256: stored.sha256,
        autorId: gestor.id,
      })
      .returning();
    ids.push(row.id);
  }
  await ok(UPLOAD, { a: ids.map((idArquivo) => ({ idArquivo, idPastaPai: pastaId })) }, gestor.token);
  for (let tentativa = 0; tentativa < 300; tentativa++) {
    const { rows } = await kit.db.execute<{ n: number }>(
      sql`select count(*)::int as n from biblioteca_conteudos where arquivo_id = any(${sql.param(ids)}::int[]) and status = 'PENDENTE'`,
    );
    if (Number(rows[0]!.n) === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('content job did not finish');
}

const buscar = (token: string, f: Record<string, unknown>) =>
  ok<{ totalElements: number; content: Resultado[] }>(BUSCA, { f }, token);
const nomes = (page: { content: Resultado[] }) => page.content.map((r) => r.nome).sort();

beforeAll(async () => {
  await kit.start();
  const marca = await kit.marca();
  gestor = await kit.caller({ tipo: 'MONTADORA', marca: marca.id, funcionalidades: ['PORTAL_GERENCIAR_BIBLIOTECA'] });
  leitor = await kit.caller({ tipo: 'DEALER_GRUPO', marca: marca.id });
  estranho = await kit.caller({ tipo: 'DEALER_GRUPO', marca: marca.id });
  const [g] = await kit.db
    .insert(s.gruposUsuarios)
    .values({ nome: kit.unique('Leitores'), publico: false, criadorId: gestor.id, possuiUsuariosManuais: true })
    .returning();
  await kit.db.insert(s.grupoUsuariosManuais).values({ grupoUsuariosId: g.id, usuarioId: leitor.id });
  publica = await ok(
    CRIAR,
    {
      p: { nome: kit.unique('Oficina'), isPublico: true, tiposAcesso: [{ idGrupoAcesso: g.id, permissao: 'LEITURA' }] },
    },
    gestor.token,
  );
  const sub = await ok<{ id: string }>(CRIAR, { p: { nome: 'Procedimentos', idPai: publica.id } }, gestor.token);
  privada = await ok(CRIAR, { p: { nome: kit.unique('Diretoria'), isPublico: false } }, gestor.token);
  await colocar(sub.id, [
    {
      nome: 'manual.pdf',
      tipoMime: MIME_PDF,
      bytes: await pdf('Procedimento de manutenção preventiva dos veículos da concessionária.'),
    },
    {
      nome: 'politica.docx',
      tipoMime: MIME_DOCX,
      bytes: await docx('Toda manutenção deve ser registrada no sistema.'),
    },
    {
      nome: 'custos.xlsx',
      tipoMime: MIME_XLSX,
      bytes: await xlsx([
        ['Item', 'Valor'],
        ['Manutenção corretiva', '1200'],
      ]),
    },
    { nome: 'notas.txt', tipoMime: MIME_TXT, bytes: Buffer.from('Nada sobre o assunto aqui.') },
    { nome: 'Manutencao-geral.txt', tipoMime: MIME_TXT, bytes: Buffer.from('Outro assunto.') },
  ]);
  await colocar(privada.id, [{ nome: 'segredo.txt', tipoMime: MIME_TXT, bytes: Buffer.from('A manutenção secreta.') }]);
});

describe('the library search', () => {
  it('indexes the text of PDF, DOCX, XLSX and text files', async () => {
    const { rows } = await kit.db.execute<{ nome: string; status: string }>(sql`select i.nome,
      c.status || coalesce(': ' || c.erro, '') as status
      from biblioteca_itens i join biblioteca_conteudos c on c.arquivo_id = i.arquivo_id order by i.nome`);
    expect(Object.fromEntries(rows.map((r) => [r.nome, r.status]))).toEqual({
      'Manutencao-geral.txt': 'EXTRAIDO',
      'custos.xlsx': 'EXTRAIDO',
      'manual.pdf': 'EXTRAIDO',
      'notas.txt': 'EXTRAIDO',
      'politica.docx': 'EXTRAIDO',
      'segredo.txt': 'EXTRAIDO',
    });
  });

  it('finds by name and by a word inside the files, only what the caller reads, with the exact count', async () => {
    const leitura = await buscar(leitor.token, { busca: 'MANUTENÇÃO', rowsPerPage: 15 });
    expect(leitura.totalElements).toBe(4);
    expect(nomes(leitura)).toEqual(['Manutencao-geral.txt', 'custos.xlsx', 'manual.pdf', 'politica.docx']);
    // Name matches first.
    expect(leitura.content[0]).toMatchObject({ nome: 'Manutencao-geral.txt', encontradoEm: ['NOME'] });
    for (const r of leitura.content.slice(1)) {
      expect(r.encontradoEm, r.nome).toEqual(['CONTEUDO']);
      expect(
        r.trecho.filter((t) => t.destaque).map((t) => t.texto.toLowerCase()),
        r.nome,
      ).toContain('manutenção');
      expect(r.breadcrumb.map((b) => b.nome)).toEqual([publica.nome, 'Procedimentos']);
    }
    expect(leitura.content[0]!.trecho).toEqual([
      { texto: 'Manutencao', destaque: true },
      { texto: '-geral.txt', destaque: false },
    ]);

    const gestao = await buscar(gestor.token, { busca: 'manutencao', rowsPerPage: 15 });
    expect(gestao.totalElements).toBe(5);
    expect(nomes(gestao)).toContain('segredo.txt');
    expect((await buscar(estranho.token, { busca: 'manutencao' })).totalElements).toBe(0);
    const naPrivada = await buscar(gestor.token, { busca: 'manutencao', idPasta: privada.id });
    expect([naPrivada.totalElements, nomes(naPrivada)]).toEqual([1, ['segredo.txt']]);
  });

  it('stems words (Portuguese, Spanish, English) and pages exactly', async () => {
    expect(nomes(await buscar(leitor.token, { busca: 'registrado' }))).toEqual(['politica.docx']);
    expect(nomes(await buscar(leitor.token, { busca: 'vehiculo' }))).toEqual([]);
    expect(nomes(await buscar(leitor.token, { busca: 'veículo' }))).toEqual(['manual.pdf']);
    const paginas = await Promise.all(
      [0, 1, 2].map((page) => buscar(leitor.token, { busca: 'manutenção', page, rowsPerPage: 2 })),
    );
    expect(paginas.map((p) => [p.totalElements, p.content.length])).toEqual([
      [4, 2],
      [4, 2],
      [4, 0],
    ]);
    expect(new Set(paginas.flatMap((p) => p.content.map((r) => r.nome))).size).toBe(4);
    // A Portuguese plural in -ões finds its singular in -ão inside the files (the folded stemmer took
    // them apart); the names hold no "manutencoes".
    expect(nomes(await buscar(leitor.token, { busca: 'manutenções' })).sort()).toEqual([
      'custos.xlsx',
      'manual.pdf',
      'politica.docx',
    ]);
    const porNome = await buscar(leitor.token, { busca: 'procedimentos' });
    // The folder by its name, first; the PDF by its text ("Procedimento": the same stem).
    expect(porNome.content.map((r) => [r.nome, r.encontradoEm])).toEqual([
      ['Procedimentos', ['NOME']],
      ['manual.pdf', ['CONTEUDO']],
    ]);
  });

  it('makes a thumbnail of an image, served by its signed link', async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c03' } })
      .png()
      .toBuffer();
    await colocar(privada.id, [{ nome: 'foto.png', tipoMime: 'image/png', bytes: png }]);
    const pagina = await ok<{
      content: { nome: string; arquivoImagem: boolean; arquivoMiniaturaLink: string | null }[];
    }>(
      'query($id: ID) { itemsPorPasta(idPasta: $id) { content { nome arquivoImagem arquivoMiniaturaLink } } }',
      { id: privada.id },
      gestor.token,
    );
    const foto = pagina.content.find((i) => i.nome === 'foto.png')!;
    expect(foto.arquivoImagem).toBe(true);
    const resposta = await fetch(`${kit.portal.url}${foto.arquivoMiniaturaLink}`);
    expect([resposta.status, resposta.headers.get('content-type')]).toEqual([200, 'image/webp']);
    const { width, height } = await sharp(Buffer.from(await resposta.arrayBuffer())).metadata();
    expect([width, height]).toEqual([320, 240]);
  });

  it('lists the latest files the caller reads', async () => {
    const ultimos = await ok<{ nome: string }[]>(RECENTES, {}, leitor.token);
    expect(ultimos).toHaveLength(3);
    expect(ultimos.map((u) => u.nome)).not.toContain('segredo.txt');
    const pagina = await ok<{ totalElements: number; content: { proprietario: { email: string } }[] }>(
      RECENTES_PAGINA,
      { f: { rowsPerPage: 10 } },
      leitor.token,
    );
    expect(pagina.totalElements).toBe(5);
    expect((await ok<{ totalElements: number }>(RECENTES_PAGINA, {}, gestor.token)).totalElements).toBe(7);
  });
});
