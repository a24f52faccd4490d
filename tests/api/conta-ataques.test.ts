import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionKey } from '../../domain/enums';
import { DOCUMENTO_MAX_BYTES } from '../../domain/limits';
import * as s from '../../server/db/schema';
import { fileAreas } from '../../server/features';
import { sendDue } from '../../server/features/notificacoesGenericas/envio';
import { fileStore } from '../../server/files';
import { sweepFiles } from '../../server/files/sweep';
import { seedKit } from './kit';
import { diaDoPortal, errorCode, gql, recipientsOf, type TestPortal } from './portal';

// Absences, my account, notifications, audit and exports as a hostile user attacks them (a review of
// 2026-11-28, which found my account, push devices, logs and exports sound): each case was a
// defect, fixed with its test. A library upload named as an absence's document (skipping its
// checks, and then failing every file sweep); another brand's series read through the audit page;
// a scheduled generic notification rewritten by someone of narrower reach sent within the
// scheduler's.

const kit = seedKit({ seed: 7_331, domain: 'conta-ataques.test', local: 'rev' });
let portal: TestPortal;
let db: TestPortal['database']['db'];
let filesDir: string;
let marcaA: number, marcaB: number;

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'conta-ataques-files-'));
  ({ portal, db } = await kit.start({ FILES_DIR: filesDir }));
  marcaA = (await kit.marca('Marca A')).id;
  marcaB = (await kit.marca('Marca B')).id;
});
afterAll(async () => {
  await kit.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const dia = diaDoPortal;

const SALVAR_AUSENCIA = `mutation($a: AusenciaTemporariaInput!) {
  salvarAusenciaTemporaria(ausencia: $a) { id version arquivo { id nome tamanho } }
}`;
type AusenciaSalva = { salvarAusenciaTemporaria: { id: string; arquivo: { id: string; tamanho: number } | null } };
const salvarAusencia = (token: string, a: Record<string, unknown>) =>
  gql<AusenciaSalva>(portal, SALVAR_AUSENCIA, { a }, token);

const ausencia = (usuarioId: number, from: number, to: number, arquivoId: number) => ({
  usuarioId,
  inicio: dia(from),
  retorno: dia(to),
  motivo: 'Licença',
  justificativa: 'Licença médica com atestado anexo',
  arquivoId,
});

/** A library upload (POST /api/upload, fileType LIBRARY) that is never placed in a folder: its `arquivos` id. */
async function libraryUpload(token: string, content: Buffer, name: string): Promise<number> {
  const form = new FormData();
  form.append('info', JSON.stringify({ fileType: 'LIBRARY' }));
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const response = await fetch(`${portal.url}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return Number(((await response.json()) as { id: string }).id);
}

const ABSENCES_AND_LIBRARY: FunctionKey[] = ['PORTAL_AUSENCIA_TEMPORARIA', 'PORTAL_GERENCIAR_BIBLIOTECA'];

describe('temporary absence documents', () => {
  it('refuses as an absence document a file that was not uploaded as one (a library upload: any type, any size)', async () => {
    const caller = await kit.caller({ tipo: 'MONTADORA', marca: marcaA, funcionalidades: ABSENCES_AND_LIBRARY });
    const target = await kit.usuario({ tipo: 'MONTADORA', marca: marcaA });
    // HTML text past the 10 MB of an absence document: /api/upload/documento refuses it (415 and 413).
    const html = Buffer.concat([
      Buffer.from('<html><body><script>alert(document.domain)</script>'),
      Buffer.alloc(DOCUMENTO_MAX_BYTES + 1024, 0x20),
    ]);
    const arquivoId = await libraryUpload(caller.token, html, 'pagina.html');

    const r = await salvarAusencia(caller.token, ausencia(target.id, 10, 12, arquivoId));
    expect(errorCode(r)).toBe('BAD_USER_INPUT');
    expect(kit.fields(r).arquivoId).toBeDefined();
    // Nothing saved.
    expect(
      await db.select().from(s.ausenciasTemporarias).where(eq(s.ausenciasTemporarias.usuarioId, target.id)),
    ).toEqual([]);
  });

  it('keeps the daily file sweep going past an area whose unused records cannot be removed', async () => {
    const caller = await kit.caller({ tipo: 'MONTADORA', marca: marcaA, funcionalidades: ABSENCES_AND_LIBRARY });
    // A library upload never placed in a folder, two days old: the library's area removes it.
    const arquivoId = await libraryUpload(caller.token, Buffer.from('texto qualquer\n'), 'nota.txt');
    await db
      .update(s.arquivos)
      .set({ createdAt: sql`now() - interval '48 hours'` })
      .where(eq(s.arquivos.id, arquivoId));
    // An area whose delete fails (as a row another feature still names made the library's fail).
    const quebrada = {
      area: 'quebrada',
      chaves: sql`select null::text as chave where false`,
      soltos: () => Promise.reject(new Error('update or delete violates foreign key constraint')),
    };
    const erros: unknown[] = [];
    const log = { info: () => undefined, warn: () => undefined, error: (o: unknown) => erros.push(o) };
    const resultado = await sweepFiles(
      db,
      { files: fileStore(filesDir), graceHours: 24 },
      [quebrada, ...fileAreas],
      log,
    );
    expect(resultado.falhasRemocao).toBe(1);
    expect(erros).toHaveLength(1);
    expect(await db.select().from(s.arquivos).where(eq(s.arquivos.id, arquivoId))).toEqual([]);
  });
});

describe('audit of announcement series', () => {
  const SERIE = `mutation($s: ComunicadoSerieInput!) { salvarSerieComunicado(serie: $s) { id version nome prefixo } }`;
  const AUDITORIA = `query($f: AuditoriaFilterInput!) { auditoria(filterInput: $f) {
    totalElements nome content { alteracao valorNovo autor { id nome email } } } }`;
  const KEYS: FunctionKey[] = ['PORTAL_CRIACAO_COMUNICADOS', 'PORTAL_MANUTENCAO_USUARIOS'];

  it('is not readable by a manufacturer of another brand, who cannot see the series itself', async () => {
    const autorA = await kit.caller({ tipo: 'MONTADORA', marca: marcaA, funcionalidades: KEYS });
    const outraMarca = await kit.caller({ tipo: 'MONTADORA', marca: marcaB, funcionalidades: KEYS });
    const prefixo = `RV${kit.seq()}`;
    const created = await gql<{ salvarSerieComunicado: { id: string } }>(
      portal,
      SERIE,
      { s: { nome: 'Reestruturação sigilosa A', prefixo, active: true } },
      autorA.token,
    );
    expect(created.errors).toBeUndefined();
    const serieId = created.data!.salvarSerieComunicado.id;

    // Brand B does not see brand A's series...
    const series = await gql<{ seriesComunicados: { content: { id: string }[] } }>(
      portal,
      'query($f: FilterInput) { seriesComunicados(filterInput: $f) { content { id } } }',
      { f: { busca: prefixo } },
      outraMarca.token,
    );
    expect(series.data!.seriesComunicados.content).toEqual([]);

    // ...so neither its history (name, prefix, author's name and e-mail).
    const r = await gql(portal, AUDITORIA, { f: { tipo: 'COMUNICADO_SERIE', registroId: serieId } }, outraMarca.token);
    expect(errorCode(r)).toBe('FORBIDDEN');
    expect(r.data?.auditoria ?? null).toBeNull();
  });
});

describe('a scheduled generic notification edited by someone of narrower reach', () => {
  const FIELDS = 'id version tipo estado titulo texto link grupos { id }';
  const SAVE = `mutation($n: NotificacaoGenericaInput!) { salvarNotificacaoGenerica(notificacaoGenerica: $n) { ${FIELDS} } }`;
  const SEND = `mutation($id: ID!, $version: Int, $quando: String) {
    enviarNotificacaoGenerica(id: $id, version: $version, dataHoraAgendamento: $quando) { ${FIELDS} } }`;
  type Rec = { id: string; version: number; estado: string; grupos: { id: string }[] };
  const GENERIC: FunctionKey[] = ['PORTAL_NOTIFICACOES_GENERICAS'];

  it("does not carry the editor's text to users outside the editor's reach", async () => {
    // A public group of the provider's staff: every dealer-group user of brands A and B.
    const [grupo] = await db
      .insert(s.gruposUsuarios)
      .values({
        nome: kit.unique('Dealers A e B'),
        publico: true,
        criadorId: kit.staffId,
        possuiPerfil: true,
        todosDealers: true,
      })
      .returning();
    await db.insert(s.grupoUsuariosTiposUsuario).values({ grupoUsuariosId: grupo.id, tipo: 'DEALER_GRUPO' });
    await db.insert(s.grupoUsuariosMarcas).values([
      { grupoUsuariosId: grupo.id, marcaId: marcaA },
      { grupoUsuariosId: grupo.id, marcaId: marcaB },
    ]);
    const dealerA = await kit.usuario({ tipo: 'DEALER_GRUPO', marca: marcaA });
    const dealerB = await kit.usuario({ tipo: 'DEALER_GRUPO', marca: marcaB });

    const autora = await kit.caller({ tipo: 'MONTADORA', marca: marcaA, funcionalidades: GENERIC });
    // A manager of both brands schedules the brand-A author's notification.
    const gestora = await kit.caller({ tipo: 'MONTADORA', marca: [marcaA, marcaB], funcionalidades: GENERIC });
    // A brand-A user: reaches the author, not brand B's users.
    const editora = await kit.caller({ tipo: 'MONTADORA', marca: marcaA, funcionalidades: GENERIC });

    const draft = (
      await gql<{ salvarNotificacaoGenerica: Rec }>(
        portal,
        SAVE,
        { n: { tipo: 'comModelo', titulo: 'Aviso A', texto: '<p>Aviso original</p>', grupoIds: [grupo.id] } },
        autora.token,
      )
    ).data!.salvarNotificacaoGenerica;
    const scheduled = await gql<{ enviarNotificacaoGenerica: Rec }>(
      portal,
      SEND,
      { id: draft.id, version: draft.version, quando: new Date(Date.now() + 2 * 3600_000).toISOString() },
      gestora.token,
    );
    expect(scheduled.errors).toBeUndefined();
    const agendada = scheduled.data!.enviarNotificacaoGenerica;
    expect(agendada.estado).toBe('agendada');

    // The brand-A editor rewrites it (accepted: the save keeps it scheduled).
    const edited = await gql<{ salvarNotificacaoGenerica: Rec }>(
      portal,
      SAVE,
      {
        n: {
          id: agendada.id,
          version: agendada.version,
          tipo: 'comModelo',
          titulo: 'Atualize sua senha',
          texto: '<p>Texto da editora</p>',
          link: 'https://example.com/login',
          grupoIds: [grupo.id],
        },
      },
      editora.token,
    );

    // Its time comes.
    await db.execute(
      sql`update notificacoes_genericas set agendado_para = now() - interval '1 second' where id = ${Number(draft.id)}`,
    );
    await db.transaction((tx) => sendDue(tx, Number(draft.id)));
    const [row] = await db
      .select()
      .from(s.notificacoesGenericas)
      .where(eq(s.notificacoesGenericas.id, Number(draft.id)));
    const recipients = row.notificacaoId ? await recipientsOf(db, row.notificacaoId) : [];
    const [sent] = row.notificacaoId
      ? await db.select().from(s.notificacoes).where(eq(s.notificacoes.id, row.notificacaoId))
      : [];

    // Whatever the server does (refuse the edit, or send within the editor's reach), the editor's
    // text never reaches a user the editor may not address: brand B's dealer user.
    expect(recipients).toContain(dealerA.id);
    const editorTextReachedB =
      edited.errors === undefined && sent?.titulo === 'Atualize sua senha' && recipients.includes(dealerB.id);
    expect(editorTextReachedB).toBe(false);
  });
});
