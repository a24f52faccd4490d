import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMPEZA_ARQUIVOS_FILA } from '../../domain/schemas/superAdmin';
import * as s from '../../server/db/schema';
import { fileAreas } from '../../server/features';
import { fileStore } from '../../server/files';
import { sweepFiles, type SweepResult } from '../../server/files/sweep';
import { jobQueueOf } from '../../server/jobs';
import { runQueued } from './jobs';
import { DEMO, diaDoPortal, gql, signIn, signInAsNew, startPortal, type TestPortal } from './portal';

// The daily file sweep (queue limpezaArquivos): unattached absence documents older than the grace
// period go (row and file), stored files no record uses go, `.part` leftovers go; whatever a record
// uses, and anything younger than the grace period, stays. Checked on the disk and in the data.

let portal: TestPortal;
let db: TestPortal['database']['db'];
let filesDir: string;
let staff: string;
let seq = 0;
const CRON = '0 0 1 1 *';
const GRACE_HOURS = 24;
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'limpeza-files-'));
  // A schedule that cannot tick during the test: only the runs the test queues happen.
  portal = await startPortal({ FILES_DIR: filesDir, FILE_SWEEP_CRON: CRON });
  db = portal.database.db;
  staff = (await signIn(portal, DEMO.super)).access_token;
});
afterAll(async () => {
  await portal?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const fileOf = (key: string) => path.join(filesDir, key);
const HOUR = 3_600_000;

/** Sets a stored file's modification time `hours` back. */
function age(key: string, hours: number) {
  const when = new Date(Date.now() - hours * HOUR);
  utimesSync(fileOf(key), when, when);
}

/** A file written straight to the store's directory, `hours` old: returns its key. */
function put(area: string, bytes: number, hours: number, name = randomUUID()) {
  const key = `${area}/${name}`;
  mkdirSync(path.join(filesDir, area), { recursive: true });
  writeFileSync(fileOf(key), Buffer.alloc(bytes, 7));
  age(key, hours);
  return key;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function upload(token: string) {
  const form = new FormData();
  form.append('arquivo', new Blob([new Uint8Array(PDF)]), `documento-${++seq}.pdf`);
  const response = await fetch(`${portal.url}/api/upload/documento`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: number };
  const [row] = await db.select().from(s.arquivos).where(eq(s.arquivos.id, id));
  expect(existsSync(fileOf(row.chave))).toBe(true);
  return row;
}

/** Makes an uploaded document (row and file) `hours` old. */
async function ageDocument(arquivo: { id: number; chave: string }, hours: number) {
  await db
    .update(s.arquivos)
    .set({ createdAt: sql`now() - make_interval(hours => ${hours}::int)` })
    .where(eq(s.arquivos.id, arquivo.id));
  age(arquivo.chave, hours);
}

const dia = diaDoPortal;

const SALVAR = `mutation($a: AusenciaTemporariaInput!) {
  salvarAusenciaTemporaria(ausencia: $a) { id version arquivo { id } }
}`;
type Saved = { salvarAusenciaTemporaria: { id: string; version: number; arquivo: { id: string } | null } };

async function salvar(token: string, a: Record<string, unknown>) {
  const r = await gql<Saved>(portal, SALVAR, { a }, token);
  expect(r.errors).toBeUndefined();
  return r.data!.salvarAusenciaTemporaria;
}

const ausencia = (usuarioId: number, from: number, arquivoId: number) => ({
  usuarioId,
  inicio: dia(from),
  retorno: dia(from + 1),
  motivo: 'Férias',
  justificativa: 'Férias anuais programadas',
  arquivoId,
});

/** A new manufacturer user who may record absences, signed in. */
async function absenceManager(nome: string) {
  return signInAsNew(portal, {
    nome,
    email: `gestor.${++seq}.${Date.now()}@limpeza.test`,
    tipo: 'MONTADORA',
    marcaIds: [(await db.select().from(s.marcas).limit(1))[0].id],
    funcionalidades: ['PORTAL_AUSENCIA_TEMPORARIA'],
  });
}

const arquivoRow = async (id: number) => (await db.select().from(s.arquivos).where(eq(s.arquivos.id, id)))[0];

const runSweep = async () => (await runQueued(db, LIMPEZA_ARQUIVOS_FILA)).resultado as SweepResult;

describe('the file sweep', () => {
  // Filled by the first test, checked again by the next ones.
  const kept: string[] = [];

  it('removes unattached documents, orphan files and leftovers past the grace period, and records the counts', async () => {
    const caller = await absenceManager('Gestora Limpeza');

    // Documents: one attached, one replaced on its absence, one left by a removed absence, one
    // never attached (all old); one just uploaded and not attached yet.
    const anexado = await upload(caller.token);
    const substituido = await upload(caller.token);
    const substituto = await upload(caller.token);
    const daExcluida = await upload(caller.token);
    const solto = await upload(caller.token);
    const novo = await upload(caller.token);
    await salvar(caller.token, ausencia(caller.id, 30, anexado.id));
    const trocada = await salvar(caller.token, ausencia(caller.id, 40, substituido.id));
    await salvar(caller.token, { ...ausencia(caller.id, 40, substituto.id), id: trocada.id, version: trocada.version });
    const excluida = await salvar(caller.token, ausencia(caller.id, 50, daExcluida.id));
    const removed = await gql(
      portal,
      'mutation($id: ID!, $v: Int) { excluirAusenciaTemporaria(id: $id, version: $v) }',
      { id: excluida.id, v: excluida.version },
      caller.token,
    );
    expect(removed.errors).toBeUndefined();
    for (const doc of [anexado, substituido, substituto, daExcluida, solto]) await ageDocument(doc, GRACE_HOURS + 1);

    // Files every area's records use, old: an import's sheet, an avatar, an export's result.
    const planilha = put('importacoes', 300, 48);
    await db.insert(s.importacoes).values({
      autorId: caller.id,
      idioma: 'PT_BR',
      nomeArquivo: 'usuarios.xlsx',
      chave: planilha,
      tamanho: 300,
      sha256: randomUUID(),
      status: 'FINISHED',
    });
    const avatar = put('avatares', 200, 48);
    await db
      .update(s.usuarios)
      .set({ avatarLink: `/api/avatares/${avatar.split('/')[1]}` })
      .where(eq(s.usuarios.id, caller.id));
    const exportado = put('exportacoes', 400, 48);
    await db.insert(s.jobs).values({
      fila: 'exportarUsuarios',
      payload: {},
      autorId: caller.id,
      status: 'CONCLUIDO',
      resultado: { arquivo: exportado, linhas: 1, nomeArquivo: 'x' },
    });

    // Files no record uses: old ones in every area (a process stopped before writing the record),
    // a young one, `.part` leftovers old and young, and an old file of an area no feature declares.
    const orfaos = [put('documentos', 11, 25), put('importacoes', 13, 25), put('avatares', 17, 25)];
    orfaos.push(put('exportacoes', 19, 25));
    const jovem = put('importacoes', 23, GRACE_HOURS - 1);
    const parte = put('exportacoes', 29, 25, `${randomUUID()}.part`);
    const parteJovem = put('documentos', 31, 1, `${randomUUID()}.part`);
    const desconhecido = put('outros', 37, 100);

    const result = await runSweep();

    const gone = [substituido, daExcluida, solto];
    expect(result).toEqual({
      registrosRemovidos: 3,
      arquivosRemovidos: gone.length + orfaos.length + 1,
      bytesLiberados: gone.length * PDF.length + 11 + 13 + 17 + 19 + 29,
      falhasRemocao: 0,
    });
    for (const doc of gone) {
      expect(await arquivoRow(doc.id)).toBeUndefined();
      expect(existsSync(fileOf(doc.chave))).toBe(false);
    }
    for (const key of [...orfaos, parte]) expect(existsSync(fileOf(key))).toBe(false);
    for (const doc of [anexado, substituto, novo]) {
      expect(await arquivoRow(doc.id)).toBeDefined();
      expect(existsSync(fileOf(doc.chave))).toBe(true);
    }
    kept.push(
      anexado.chave,
      substituto.chave,
      novo.chave,
      planilha,
      avatar,
      exportado,
      jovem,
      parteJovem,
      desconhecido,
    );
    for (const key of kept) expect(existsSync(fileOf(key))).toBe(true);

    // The run and its counts, as the super-admin page shows them.
    const latest = await gql<{ ultimosJobs: { fila: string; resultado: string }[] }>(
      portal,
      '{ ultimosJobs { fila resultado } }',
      {},
      staff,
    );
    const shown = latest.data!.ultimosJobs.find((j) => j.fila === LIMPEZA_ARQUIVOS_FILA);
    expect(JSON.parse(shown!.resultado)).toEqual(result);
  });

  it('finds nothing on a second run', async () => {
    const arquivos = (await db.select({ n: sql<number>`count(*)::int` }).from(s.arquivos))[0].n;
    expect(await runSweep()).toEqual({
      registrosRemovidos: 0,
      arquivosRemovidos: 0,
      bytesLiberados: 0,
      falhasRemocao: 0,
    });
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(s.arquivos))[0].n).toBe(arquivos);
    for (const key of kept) expect(existsSync(fileOf(key))).toBe(true);
  });

  it('counts and logs a file it cannot remove, and removes the others', async () => {
    const autorId = (await db.select({ id: s.usuarios.id }).from(s.usuarios).limit(1))[0].id;
    const values = (chave: string) => ({
      chave,
      nome: 'x.pdf',
      tipoMime: 'application/pdf',
      tamanho: 5,
      sha256: chave,
      autorId,
    });
    // A document whose "file" is a directory (rm without recursion refuses it), and a plain one.
    const bloqueado = `documentos/${randomUUID()}`;
    mkdirSync(path.join(fileOf(bloqueado), 'dentro'), { recursive: true });
    const removivel = put('documentos', 5, 30);
    const rows = await db
      .insert(s.arquivos)
      .values([values(bloqueado), values(removivel)])
      .returning({ id: s.arquivos.id });
    await db
      .update(s.arquivos)
      .set({ createdAt: sql`now() - interval '30 hours'` })
      .where(sql`${s.arquivos.id} in (${rows[0].id}, ${rows[1].id})`);
    const errors: unknown[] = [];
    const result = await sweepFiles(db, { files: fileStore(filesDir), graceHours: GRACE_HOURS }, fileAreas, {
      ...log,
      error: (obj: unknown) => void errors.push(obj),
    });
    expect(result).toEqual({ registrosRemovidos: 2, arquivosRemovidos: 1, bytesLiberados: 5, falhasRemocao: 1 });
    expect(errors).toHaveLength(1);
    expect(existsSync(fileOf(removivel))).toBe(false);
    expect(existsSync(fileOf(bloqueado))).toBe(true);
    for (const key of kept) expect(existsSync(fileOf(key))).toBe(true);
  });

  it('removes the file of a document past its download window, keeps its row, and its download says it expired', async () => {
    const caller = await absenceManager('Gestor Janela');
    const expirado = await upload(caller.token);
    const vigente = await upload(caller.token);
    const antiga = await salvar(caller.token, ausencia(caller.id, 70, expirado.id));
    await salvar(caller.token, ausencia(caller.id, 80, vigente.id));
    await db
      .update(s.ausenciasTemporarias)
      .set({ createdAt: sql`now() - interval '7 months'` })
      .where(eq(s.ausenciasTemporarias.id, Number(antiga.id)));
    await ageDocument(expirado, 24 * 31 * 7);
    await ageDocument(vigente, GRACE_HOURS + 1);

    expect(await runSweep()).toEqual({
      registrosRemovidos: 0,
      arquivosRemovidos: 1,
      bytesLiberados: PDF.length,
      falhasRemocao: 0,
    });
    expect(existsSync(fileOf(expirado.chave))).toBe(false);
    expect(await arquivoRow(expirado.id)).toBeDefined();
    expect(existsSync(fileOf(vigente.chave))).toBe(true);
    const download = await fetch(`${portal.url}/api/ausencias/${antiga.id}/documento`, {
      headers: { authorization: `Bearer ${caller.token}`, 'accept-language': 'en' },
    });
    expect(download.status).toBe(410);
    for (const key of kept) expect(existsSync(fileOf(key))).toBe(true);
  });

  it("removes library files never placed after the grace period, and leaves other areas' records to them", async () => {
    const gestor = await signInAsNew(portal, {
      nome: 'Gestor Biblioteca',
      email: `biblioteca.${++seq}.${Date.now()}@limpeza.test`,
      tipo: 'MONTADORA',
      marcaIds: [(await db.select().from(s.marcas).limit(1))[0].id],
      funcionalidades: ['PORTAL_GERENCIAR_BIBLIOTECA'],
    });
    const enviar = async () => {
      const form = new FormData();
      form.append('info', JSON.stringify({ fileType: 'LIBRARY' }));
      form.append('file', new Blob([new Uint8Array(PDF)]), `livro-${++seq}.pdf`);
      const response = await fetch(`${portal.url}/api/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${gestor.token}` },
        body: form,
      });
      expect(response.status).toBe(201);
      return arquivoRow(Number(((await response.json()) as { id: string }).id));
    };
    const esquecido = await enviar();
    const recente = await enviar();
    await ageDocument(esquecido, GRACE_HOURS + 1);
    // An announcement message's image past the grace period: the announcements' area keeps it
    // (a saved message shows it), and no other area's step may delete its row.
    const anexo = put('comunicados', 41, 48);
    const [anexoRow] = await db
      .insert(s.arquivos)
      .values({
        chave: anexo,
        nome: 'figura.png',
        tipoMime: 'image/png',
        tamanho: 41,
        sha256: randomUUID(),
        autorId: gestor.id,
        createdAt: sql`now() - interval '48 hours'`,
      })
      .returning();
    const comImagem = await gql<{ r: { id: string } }>(
      portal,
      'mutation($c: ComunicadoInput!) { r: salvarComunicado(comunicado: $c) { id } }',
      {
        c: {
          titulo: `Com figura ${++seq}`,
          mensagem: `<p>Veja</p><img src="/api/comunicados/imagens/${anexoRow.id}/${'ab'.repeat(32)}" alt="figura">`,
        },
      },
      staff,
    );
    expect(comImagem.errors).toBeUndefined();

    expect(await runSweep()).toEqual({
      registrosRemovidos: 1,
      arquivosRemovidos: 1,
      bytesLiberados: PDF.length,
      falhasRemocao: 0,
    });
    expect(await arquivoRow(esquecido.id)).toBeUndefined();
    expect(existsSync(fileOf(esquecido.chave))).toBe(false);
    expect(await arquivoRow(recente.id)).toBeDefined();
    expect(existsSync(fileOf(recente.chave))).toBe(true);
    expect(await arquivoRow(anexoRow.id)).toBeDefined();
    expect(existsSync(fileOf(anexo))).toBe(true);
    for (const key of kept) expect(existsSync(fileOf(key))).toBe(true);
  });

  it('is scheduled on pg-boss with FILE_SWEEP_CRON', async () => {
    const schedules = await jobQueueOf(db).boss.getSchedules();
    expect(schedules.find((x) => x.name === LIMPEZA_ARQUIVOS_FILA)?.cron).toBe(CRON);
  });
});
