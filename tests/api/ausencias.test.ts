import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionKey } from '../../domain/enums';
import { DOCUMENTO_MAX_BYTES } from '../../domain/limits';
import { translate } from '../../i18n';
import * as s from '../../server/db/schema';
import { seedKit } from './kit';
import { diaDoPortal, errorCode, gql, type TestPortal } from './portal';

// Temporary absences (issue #13): every rule of spec section 5, overlaps refused by the database
// (also under concurrent saves), the caller's scope on every read and write, and the supporting
// document's upload (type by content, size) and download window (6 months). Data checked after.

const kit = seedKit({ seed: 1330, domain: 'ausencias.test', local: 'ausencia' });
const { fields } = kit;
let portal: TestPortal;
let db: TestPortal['database']['db'];
let filesDir: string;
let marcaA: number, marcaB: number;
let staff: string;

const ABSENCES: FunctionKey[] = ['PORTAL_AUSENCIA_TEMPORARIA'];
const msg = (key: string, params?: Record<string, string | number>) => translate('PT_BR', key, params);

/** yyyy-mm-dd, `days` from today. */
const dia = diaDoPortal;

const newUser = (marcaIds: number[], extra: { active?: boolean; nome?: string } = {}) =>
  kit.usuario({ tipo: 'MONTADORA', marca: marcaIds, ...extra });

const newCaller = (marcaIds: number[], funcionalidades: FunctionKey[] = ABSENCES) =>
  kit.caller({ nome: kit.unique('Gestora'), tipo: 'MONTADORA', marca: marcaIds, funcionalidades });

const SALVAR = `mutation($a: AusenciaTemporariaInput!) {
  salvarAusenciaTemporaria(ausencia: $a) {
    id version usuarioId inicio retorno fimOperacao motivo justificativa local
    arquivo { id nome tamanho disponivel } substituto { id nome }
  }
}`;
type Saved = { salvarAusenciaTemporaria: { id: string; version: number; arquivo: { nome: string } | null } };
const salvar = (token: string, a: Record<string, unknown>) => gql<Saved>(portal, SALVAR, { a }, token);

const valid = (usuarioId: number, from = 1, to = 3) => ({
  usuarioId,
  inicio: dia(from),
  retorno: dia(to),
  motivo: 'Férias',
  justificativa: 'Férias anuais programadas',
  local: 'Florianópolis',
});

const ausenciasOf = (usuarioId: number) =>
  db.select().from(s.ausenciasTemporarias).where(eq(s.ausenciasTemporarias.usuarioId, usuarioId));
const arquivosCount = async () => (await db.select({ n: count() }).from(s.arquivos))[0].n;
const storedFiles = () => {
  try {
    return readdirSync(path.join(filesDir, 'documentos'));
  } catch {
    return [];
  }
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function upload(token: string, content: Buffer, name: string) {
  const form = new FormData();
  form.append('arquivo', new Blob([new Uint8Array(content)]), name);
  const response = await fetch(`${portal.url}/api/upload/documento`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { id?: number; message?: string } };
}

const download = (token: string, ausenciaId: string | number) =>
  fetch(`${portal.url}/api/ausencias/${ausenciaId}/documento`, { headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'ausencias-files-'));
  ({ portal, db, staff } = await kit.start({ FILES_DIR: filesDir }));
  const marcas = await db.select().from(s.marcas).orderBy(s.marcas.nome);
  [marcaA, marcaB] = marcas.map((m) => m.id);
});
afterAll(async () => {
  await kit.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('saving a temporary absence', () => {
  it('creates one for a user in scope, with its delegate, and audits it', async () => {
    const caller = await newCaller([marcaA]);
    const target = await newUser([marcaA]);
    const delegate = await newUser([marcaA], { nome: 'Substituta Ana' });
    const r = await salvar(caller.token, { ...valid(target.id), substitutoId: delegate.id, fimOperacao: dia(2) });
    expect(r.errors).toBeUndefined();
    expect(r.data!.salvarAusenciaTemporaria).toMatchObject({
      usuarioId: String(target.id),
      inicio: dia(1),
      retorno: dia(3),
      fimOperacao: dia(2),
      substituto: { id: String(delegate.id), nome: 'Substituta Ana' },
    });
    const [row] = await ausenciasOf(target.id);
    expect(row).toMatchObject({ autorId: caller.id, substitutoId: delegate.id, motivo: 'Férias' });
    const audit = await db
      .select()
      .from(s.auditoria)
      .where(and(eq(s.auditoria.tipo, 'AUSENCIA_TEMPORARIA'), eq(s.auditoria.registroId, String(row.id))));
    expect(audit.map((a) => a.alteracao)).toEqual(['CRIACAO']);
  });

  it.each([
    ['a start before today', { inicio: dia(-1) }, 'inicio', 'ausencias.validation.inicioAntesDeHoje'],
    ['no start', { inicio: null }, 'inicio', 'validation.required'],
    ['no return', { retorno: '' }, 'retorno', 'validation.required'],
    ['a return before the start', { retorno: dia(0) }, 'retorno', 'ausencias.validation.retornoAntesDoInicio'],
    [
      'an end of operation on the start',
      { fimOperacao: dia(1) },
      'fimOperacao',
      'ausencias.validation.fimOperacaoAntesDoInicio',
    ],
    ['no reason', { motivo: '  ' }, 'motivo', 'validation.required'],
    ['a 14-character justification', { justificativa: 'x'.repeat(14) }, 'justificativa', 'validation.minLength'],
    ['an invalid date', { retorno: '2030-02-30' }, 'retorno', 'validation.invalidValue'],
  ])('refuses %s with a translated field error and writes nothing', async (_name, change, field, key) => {
    const caller = await newCaller([marcaA]);
    const target = await newUser([marcaA]);
    const r = await salvar(caller.token, { ...valid(target.id), ...change });
    expect(errorCode(r)).toBe('BAD_USER_INPUT');
    expect(fields(r)[field]).toBe(msg(key, { min: 15 }));
    expect(await ausenciasOf(target.id)).toHaveLength(0);
  });

  it('accepts a 15-character justification and a return on the start day', async () => {
    const caller = await newCaller([marcaA]);
    const target = await newUser([marcaA]);
    const r = await salvar(caller.token, { ...valid(target.id, 0, 0), justificativa: 'x'.repeat(15) });
    expect(r.errors).toBeUndefined();
  });

  it('refuses an overlapping absence of the same user (the database refuses it), not of another user', async () => {
    const caller = await newCaller([marcaA]);
    const target = await newUser([marcaA]);
    const other = await newUser([marcaA]);
    expect((await salvar(caller.token, valid(target.id, 10, 12))).errors).toBeUndefined();
    // Both ends are days of absence: one starting on the other's return day overlaps.
    const r = await salvar(caller.token, valid(target.id, 12, 14));
    expect(fields(r)).toEqual({
      inicio: msg('ausencias.validation.sobreposicao'),
      retorno: msg('ausencias.validation.sobreposicao'),
    });
    expect((await salvar(caller.token, valid(target.id, 13, 14))).errors).toBeUndefined();
    expect((await salvar(caller.token, valid(other.id, 10, 12))).errors).toBeUndefined();
    expect(await ausenciasOf(target.id)).toHaveLength(2);
    // The constraint itself, without the API.
    await expect(
      db.insert(s.ausenciasTemporarias).values({
        usuarioId: target.id,
        inicio: dia(11),
        retorno: dia(11),
        motivo: 'x',
        justificativa: 'x'.repeat(15),
        autorId: caller.id,
      }),
    ).rejects.toThrow();
  });

  it('keeps exactly one of 10 concurrent creates of overlapping absences', async () => {
    const caller = await newCaller([marcaA]);
    const target = await newUser([marcaA]);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => salvar(caller.token, valid(target.id, 20 + (i % 2), 25))),
    );
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    for (const r of results.filter((r) => r.errors))
      expect(fields(r).inicio).toBe(msg('ausencias.validation.sobreposicao'));
    expect(await ausenciasOf(target.id)).toHaveLength(1);
  });

  it('updates with the version read, refuses a stale one, and keeps a start already past', async () => {
    const caller = await newCaller([marcaA]);
    const target = await newUser([marcaA]);
    const created = (await salvar(caller.token, valid(target.id, 1, 3))).data!.salvarAusenciaTemporaria;
    const updated = await salvar(caller.token, { ...valid(target.id, 1, 5), id: created.id, version: created.version });
    expect(updated.errors).toBeUndefined();
    const stale = await salvar(caller.token, { ...valid(target.id, 1, 6), id: created.id, version: created.version });
    expect(errorCode(stale)).toBe('CONFLICT');
    // An absence that has begun: its start stays, its return may change.
    await db
      .update(s.ausenciasTemporarias)
      .set({ inicio: dia(-2) })
      .where(eq(s.ausenciasTemporarias.id, Number(created.id)));
    const [row] = await ausenciasOf(target.id);
    const later = await salvar(caller.token, {
      ...valid(target.id),
      inicio: dia(-2),
      retorno: dia(7),
      id: created.id,
      version: row.version,
    });
    expect(later.errors).toBeUndefined();
    expect((await ausenciasOf(target.id))[0]).toMatchObject({ inicio: dia(-2), retorno: dia(7) });
  });

  it('removes with the version read', async () => {
    const caller = await newCaller([marcaA]);
    const target = await newUser([marcaA]);
    const created = (await salvar(caller.token, valid(target.id))).data!.salvarAusenciaTemporaria;
    const REMOVE = 'mutation($id: ID!, $v: Int) { excluirAusenciaTemporaria(id: $id, version: $v) }';
    expect(errorCode(await gql(portal, REMOVE, { id: created.id, v: created.version + 1 }, caller.token))).toBe(
      'CONFLICT',
    );
    expect((await gql(portal, REMOVE, { id: created.id, v: created.version }, caller.token)).errors).toBeUndefined();
    expect(await ausenciasOf(target.id)).toHaveLength(0);
  });
});

describe('scope', () => {
  it("refuses another manufacturer's user on every operation and changes nothing", async () => {
    const caller = await newCaller([marcaA]);
    const stranger = await newUser([marcaB]);
    const created = (await salvar(staff, valid(stranger.id))).data!.salvarAusenciaTemporaria;
    const [before] = await ausenciasOf(stranger.id);

    expect(errorCode(await salvar(caller.token, valid(stranger.id, 30, 31)))).toBe('FORBIDDEN');
    const update = await salvar(caller.token, {
      ...valid(stranger.id, 1, 9),
      id: created.id,
      version: created.version,
    });
    expect(errorCode(update)).toBe('NOT_FOUND');
    const remove = await gql(
      portal,
      'mutation($id: ID!, $v: Int) { excluirAusenciaTemporaria(id: $id, version: $v) }',
      { id: created.id, v: created.version },
      caller.token,
    );
    expect(errorCode(remove)).toBe('NOT_FOUND');
    const list = await gql(
      portal,
      'query($f: AusenciaTemporariaFilterInput!) { ausenciasTemporarias(filterInput: $f) { totalElements } }',
      { f: { usuarioId: stranger.id } },
      caller.token,
    );
    expect(errorCode(list)).toBe('NOT_FOUND');
    const one = await gql(
      portal,
      'query($id: ID!) { ausenciaTemporaria(id: $id) { id } }',
      { id: created.id },
      caller.token,
    );
    expect(errorCode(one)).toBe('NOT_FOUND');
    expect(await ausenciasOf(stranger.id)).toEqual([before]);
  });

  it('keeps and reads the absences of a user shared with another brand (in scope, not wholly theirs)', async () => {
    const caller = await newCaller([marcaA]);
    const shared = await newUser([marcaA, marcaB]);
    const created = (await salvar(caller.token, valid(shared.id, 40, 42))).data!.salvarAusenciaTemporaria;
    const one = await gql<{ ausenciaTemporaria: { id: string } }>(
      portal,
      'query($id: ID!) { ausenciaTemporaria(id: $id) { id } }',
      { id: created.id },
      caller.token,
    );
    expect(one.errors).toBeUndefined();
    expect(one.data!.ausenciaTemporaria.id).toBe(created.id);
    const list = await gql<{ ausenciasTemporarias: { totalElements: number } }>(
      portal,
      'query($f: AusenciaTemporariaFilterInput!) { ausenciasTemporarias(filterInput: $f) { totalElements } }',
      { f: { usuarioId: shared.id } },
      caller.token,
    );
    expect(list.data?.ausenciasTemporarias.totalElements).toBe(1);
    const update = await salvar(caller.token, {
      ...valid(shared.id, 40, 45),
      id: created.id,
      version: created.version,
    });
    expect(update.errors).toBeUndefined();
    expect((await ausenciasOf(shared.id)).map((a) => a.retorno)).toEqual([dia(45)]);
  });

  it('refuses callers without the function, even for themselves', async () => {
    const caller = await newCaller([marcaA], ['PORTAL_MANUTENCAO_USUARIOS']);
    expect(errorCode(await salvar(caller.token, valid(caller.id)))).toBe('FORBIDDEN');
    expect(await ausenciasOf(caller.id)).toHaveLength(0);
  });

  it('lets a holder record their own absence', async () => {
    const caller = await newCaller([marcaA]);
    expect((await salvar(caller.token, valid(caller.id))).errors).toBeUndefined();
  });

  it('takes as delegate only an active user in scope, other than the absent user', async () => {
    const caller = await newCaller([marcaA]);
    const target = await newUser([marcaA]);
    const stranger = await newUser([marcaB]);
    const inactive = await newUser([marcaA], { active: false });
    for (const [substitutoId, key] of [
      [stranger.id, 'ausencias.validation.substitutoInvalido'],
      [inactive.id, 'ausencias.validation.substitutoInvalido'],
      [target.id, 'ausencias.validation.substitutoProprio'],
    ] as const) {
      const r = await salvar(caller.token, { ...valid(target.id), substitutoId });
      expect(fields(r).substitutoId).toBe(msg(key));
    }
    expect(await ausenciasOf(target.id)).toHaveLength(0);
    const options = await gql<{ substitutosAusencia: { id: string }[] }>(
      portal,
      'query($u: ID!) { substitutosAusencia(usuarioId: $u) { id nome } }',
      { u: target.id },
      caller.token,
    );
    const ids = options.data!.substitutosAusencia.map((u) => Number(u.id));
    expect(ids).not.toContain(stranger.id);
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(target.id);
  });
});

describe('the supporting document', () => {
  it('refuses a file whose content is not an allowed type, even named .pdf, and stores nothing', async () => {
    const caller = await newCaller([marcaA]);
    const [n, files] = [await arquivosCount(), storedFiles().length];
    const r = await upload(caller.token, Buffer.from('MZ\x90\x00 not really a pdf, an executable'), 'atestado.pdf');
    expect(r.status).toBe(415);
    expect(r.body.message).toBe(msg('upload.tipoNaoPermitido'));
    expect(await arquivosCount()).toBe(n);
    expect(storedFiles()).toHaveLength(files);
  });

  it('refuses a file over the limit with 413 and stores nothing', async () => {
    const caller = await newCaller([marcaA]);
    const [n, files] = [await arquivosCount(), storedFiles().length];
    const big = Buffer.concat([PDF, Buffer.alloc(DOCUMENTO_MAX_BYTES)]);
    const r = await upload(caller.token, big, 'grande.pdf');
    expect(r.status).toBe(413);
    expect(r.body.message).toBe(msg('upload.grandeDemais', { max: 10 }));
    expect(await arquivosCount()).toBe(n);
    expect(storedFiles()).toHaveLength(files);
  });

  it('refuses an upload without the function', async () => {
    const caller = await newCaller([marcaA], ['PORTAL_MANUTENCAO_USUARIOS']);
    expect((await upload(caller.token, PDF, 'a.pdf')).status).toBe(403);
  });

  it('is attached only by its uploader, downloaded within scope for 6 months, then gone (410)', async () => {
    const caller = await newCaller([marcaA]);
    const colleague = await newCaller([marcaA]);
    const stranger = await newCaller([marcaB]);
    const withoutKey = await newCaller([marcaA], ['PORTAL_MANUTENCAO_USUARIOS']);
    const target = await newUser([marcaA]);
    const up = await upload(caller.token, PDF, 'atestado médico.pdf');
    expect(up.status).toBe(201);
    const arquivoId = up.body.id!;
    const [arquivo] = await db.select().from(s.arquivos).where(eq(s.arquivos.id, arquivoId));
    expect(arquivo).toMatchObject({
      nome: 'atestado médico.pdf',
      tipoMime: 'application/pdf',
      tamanho: PDF.length,
      autorId: caller.id,
    });

    const notTheirs = await salvar(colleague.token, { ...valid(target.id), arquivoId });
    expect(fields(notTheirs).arquivoId).toBe(msg('ausencias.validation.arquivoInvalido'));
    const saved = await salvar(caller.token, { ...valid(target.id, 40, 41), arquivoId });
    expect(saved.data!.salvarAusenciaTemporaria.arquivo).toMatchObject({
      nome: 'atestado médico.pdf',
      disponivel: true,
    });
    const id = saved.data!.salvarAusenciaTemporaria.id;
    // The same file cannot back a second absence.
    expect(fields(await salvar(caller.token, { ...valid(target.id, 50, 51), arquivoId })).arquivoId).toBe(
      msg('ausencias.validation.arquivoInvalido'),
    );

    const ok = await download(colleague.token, id);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('application/pdf');
    expect(Buffer.from(await ok.arrayBuffer())).toEqual(PDF);
    expect((await download(stranger.token, id)).status).toBe(404);
    expect((await download(withoutKey.token, id)).status).toBe(403);

    await db
      .update(s.ausenciasTemporarias)
      .set({ createdAt: sql`now() - interval '6 months' - interval '1 day'` })
      .where(eq(s.ausenciasTemporarias.id, Number(id)));
    const gone = await download(colleague.token, id);
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as { message: string }).message).toBe(msg('ausencias.documentoExpirado'));
    const view = await gql<{ ausenciaTemporaria: { arquivo: { disponivel: boolean } } }>(
      portal,
      'query($id: ID!) { ausenciaTemporaria(id: $id) { arquivo { disponivel } } }',
      { id },
      colleague.token,
    );
    expect(view.data!.ausenciaTemporaria.arquivo.disponivel).toBe(false);
  });
});
