import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as s from '../../server/db/schema';
import { LIMPEZA_ARQUIVOS_FILA } from '../../domain/schemas/superAdmin';
import { resumoDoAlcanceConfere } from './comunicadosEnviados';
import { runQueued } from './jobs';
import { seedKit } from './kit';
import { errorCode, fieldErrors, gql, startSecondProcess, type TestPortal } from './portal';

// Announcements' sending (issue #28): e-mails through a real SMTP server this test starts (one
// address accepted, one refused for good, one deferred and retried later), attachments refused while
// they stream with translated messages, and the scheduled send exactly once with two server processes
// on one PostgreSQL database.

const kit = seedKit({ seed: 2802, domain: 'comunicados-envio.test' });

const received: string[] = [];
let smtp: SMTPServer;
let filesDir: string;
let autor: { id: number; token: string };
let outro: { id: number; token: string };
let grupo: number;
let leitorEmail: string;
let marca: number;
let semEmail: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const pdfDe = (bytes: number) => Buffer.concat([PDF, Buffer.alloc(bytes - PDF.length, 0x20)]);

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    // No reverse DNS of each connection (up to 1.5 s each, from the resolver of the day).
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('recusado'))
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      if (address.address.startsWith('adiado'))
        return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as { port: number };
  filesDir = mkdtempSync(path.join(tmpdir(), 'comunicados-files-'));
  await kit.start({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    FILES_DIR: filesDir,
    COMUNICADO_ANEXO_MAX_MB: '1',
    COMUNICADO_ANEXOS_TOTAL_MAX_MB: '1',
  });
  marca = (await kit.marca('Marca envio')).id;
  const dealer = await kit.dealer({ marcaIds: [marca] });
  autor = await kit.caller({
    tipo: 'MONTADORA',
    marca,
    funcionalidades: ['PORTAL_CRIACAO_COMUNICADOS', 'PORTAL_APROVACAO_ENVIO_COMUNICADOS'],
  });
  outro = await kit.caller({ tipo: 'MONTADORA', marca, funcionalidades: ['PORTAL_CRIACAO_COMUNICADOS'] });
  const leitor = await kit.usuario({ tipo: 'DEALER_GRUPO', marca, dealer: dealer.id });
  const calado = await kit.usuario({ tipo: 'DEALER_GRUPO', marca, dealer: dealer.id });
  await kit.db.execute(sql`update usuarios set aceita_email = false where id = ${calado.id}`);
  leitorEmail = leitor.email;
  semEmail = calado.email;
  grupo = await kit.rede(marca, autor.id, { nome: 'Rede envio' });
});

afterAll(async () => {
  await kit.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(filesDir, { recursive: true, force: true });
});

const FIELDS = 'id version status { id } emailsAvulsos { email status { name descricao } } arquivos { id nome }';
type Comunicado = {
  id: string;
  version: number;
  status: { id: string };
  emailsAvulsos: { email: string; status: { name: string; descricao: string } | null }[];
};

async function salvar(token: string, c: Record<string, unknown>) {
  return gql<{ r: Comunicado }>(
    kit.portal,
    `mutation($c: ComunicadoInput!) { r: salvarComunicado(comunicado: $c) { ${FIELDS} } }`,
    { c: { titulo: kit.unique('Comunicado'), mensagem: '<p>Texto</p>', ...c } },
    token,
  );
}

async function enviar(c: Comunicado, quando?: string) {
  return gql<{ r: Comunicado }>(
    kit.portal,
    `mutation($id: ID!, $v: Int, $q: String) { r: enviarComunicado(id: $id, version: $v, dataHoraAgendamento: $q) { ${FIELDS} } }`,
    { id: c.id, v: c.version, q: quando ?? null },
    autor.token,
  );
}

const emails = async (id: string) =>
  (
    await kit.db.execute<{ email: string; status: string; erro: string | null; tentativas: number }>(
      sql`select email, status, erro, tentativas from comunicado_emails where comunicado_id = ${Number(id)} order by email`,
    )
  ).rows;

/**
 * Waits for the end of the first run of a send's e-mails, not for its statuses: it writes them, then
 * queues the retry's run, then ends; a test reading between the two (a loaded machine) found no
 * retry queued yet.
 */
async function primeiraExecucao(id: string) {
  await vi.waitFor(
    async () => {
      const { rows: runs } = await kit.db.execute<{ status: string }>(sql`select status from jobs
        where fila = 'emailsComunicado' and payload->>'id' = ${id} order by id limit 1`);
      expect(runs[0]?.status).toBe('CONCLUIDO');
    },
    { timeout: 20_000, interval: 200 },
  );
}

/** What the outbox holds of the messages whose subject carries this title, by recipient. */
const mensagens = async (titulo: string) =>
  (
    await kit.db.execute<{ para: string; assunto: string; texto: string; html: string }>(
      sql`select para, assunto, texto, html from email_outbox where position(${titulo} in assunto) > 0 order by para`,
    )
  ).rows;

describe('e-mails', () => {
  it('go to loose addresses and to recipients who accept e-mail, each with its status', async () => {
    const draft = (
      await salvar(autor.token, {
        grupoIds: [grupo],
        emailsAvulsos: ['aceito@fora.test', 'recusado@fora.test', 'adiado@fora.test'],
      })
    ).data!.r;
    const sent = await enviar(draft);
    expect(sent.errors).toBeUndefined();
    await primeiraExecucao(draft.id);
    const rows = await emails(draft.id);
    expect(rows.map((m) => [m.email, m.status])).toEqual(
      [
        ['aceito@fora.test', 'ENVIADO'],
        ['adiado@fora.test', 'FILA'],
        [leitorEmail, 'ENVIADO'],
        ['recusado@fora.test', 'FALHOU'],
      ].sort((a, b) => a[0].localeCompare(b[0])),
    );
    expect(rows.map((m) => m.email)).not.toContain(semEmail);
    expect(rows.find((m) => m.email === 'recusado@fora.test')!.erro).toMatch(/550|Mailbox unavailable|rejected/i);
    expect(received).toEqual(expect.arrayContaining(['aceito@fora.test', leitorEmail]));
    expect(received).not.toContain('recusado@fora.test');
    // The deferred one waits for a retry 1 minute after its attempt (between its outbox row and the
    // status update), with a run queued for then: measured from the run, not from the test's clock.
    const { rows: retry } = await kit.db.execute<{ depois: boolean; antes: boolean }>(sql`select
        m.proxima_tentativa - interval '1 minute' >= o.created_at as depois,
        m.proxima_tentativa - interval '1 minute' <= now() as antes
      from comunicado_emails m join email_outbox o on o.para = m.email
      where m.comunicado_id = ${Number(draft.id)} and m.email = 'adiado@fora.test'`);
    expect(retry).toEqual([{ depois: true, antes: true }]);
    const { rows: jobs } = await kit.db.execute<{ diferenca: number }>(sql`select
        abs(extract(epoch from j.start_after - m.proxima_tentativa))::float8 as diferenca
      from pgboss.job j, comunicado_emails m where j.name = 'emailsComunicado' and j.singleton_key = ${draft.id}
        and j.state = 'created' and m.comunicado_id = ${Number(draft.id)} and m.email = 'adiado@fora.test'`);
    expect(jobs).toHaveLength(1);
    expect(Number(jobs[0].diferenca)).toBeLessThan(0.001);

    const lido = await gql<{ comunicado: Comunicado }>(
      kit.portal,
      'query($id: ID!) { comunicado(id: $id) { emailsAvulsos { email status { name descricao } } } }',
      { id: draft.id },
      autor.token,
    );
    const avulsos = Object.fromEntries(lido.data!.comunicado.emailsAvulsos.map((m) => [m.email, m.status]));
    expect(avulsos['aceito@fora.test']).toEqual({ name: 'ENVIADO', descricao: 'Enviado' });
    expect(avulsos['adiado@fora.test']).toEqual({ name: 'FILA', descricao: 'Na fila' });
    expect(avulsos['recusado@fora.test']!.name).toBe('FALHOU');
    expect(avulsos['recusado@fora.test']!.descricao).toMatch(/^Falhou: /);
  });
});

describe('the e-mail of an announcement', () => {
  it("is written in each recipient's language: a user's own, a loose address the author's", async () => {
    const autorEs = await kit.caller({
      tipo: 'MONTADORA',
      marca,
      funcionalidades: ['PORTAL_CRIACAO_COMUNICADOS', 'PORTAL_APROVACAO_ENVIO_COMUNICADOS'],
    });
    await kit.db.execute(sql`update usuarios set idioma = 'ES' where id = ${autorEs.id}`);
    await kit.db.execute(sql`update usuarios set idioma = 'EN' where email = ${leitorEmail}`);
    const titulo = kit.unique('Idiomas');
    const draft = (await salvar(autorEs.token, { titulo, grupoIds: [grupo], emailsAvulsos: ['solto@fora.test'] })).data!
      .r;
    const sent = await gql<{ r: Comunicado }>(
      kit.portal,
      'mutation($id: ID!, $v: Int) { r: enviarComunicado(id: $id, version: $v) { id } }',
      { id: draft.id, v: draft.version },
      autorEs.token,
    );
    expect(sent.errors).toBeUndefined();
    await primeiraExecucao(draft.id);
    const link = `${kit.portal.url}/comunicados/visualizar/${draft.id}`;
    const porPara = Object.fromEntries((await mensagens(titulo)).map((m) => [m.para, m]));
    expect(Object.keys(porPara).sort()).toEqual([leitorEmail, 'solto@fora.test'].sort());
    expect(porPara[leitorEmail]!.texto).toContain(`Read it in the portal: ${link}`);
    expect(porPara[leitorEmail]!.html).toContain(`<p>Read it in the portal: ${link}</p>`);
    expect(porPara['solto@fora.test']!.texto).toContain(`Léalo en el portal: ${link}`);
    expect(porPara['solto@fora.test']!.html).not.toContain('Leia no portal');
  });
});

describe('the e-mail layouts (templateName)', () => {
  it('change the e-mail: the standard one signed, the highlighted one headed and marked, the plain one bare', async () => {
    const [dep] = await kit.db
      .insert(s.departamentos)
      .values({ nome: kit.unique('Pós-venda'), sigla: 'PV', assinatura: 'Equipe de Pós-venda' })
      .returning();
    const enviarCom = async (templateName: string | null) => {
      const titulo = kit.unique(`Modelo ${templateName}`);
      const draft = (await salvar(autor.token, { titulo, grupoIds: [grupo], departamentoId: dep.id, templateName }))
        .data!.r;
      expect((await enviar(draft)).errors).toBeUndefined();
      await primeiraExecucao(draft.id);
      const [m] = (await mensagens(titulo)).filter((x) => x.para === 'aceito@fora.test' || x.para === leitorEmail);
      return { titulo, ...m! };
    };
    const padrao = await enviarCom(null);
    expect(padrao.assunto).toBe(padrao.titulo);
    expect(padrao.html).toMatch(/^<p>Texto<\/p><p>Equipe de Pós-venda<\/p><p>.+<\/p>$/);
    const destaque = await enviarCom('destaque');
    expect(destaque.html).toMatch(/^<h1>Modelo destaque.*<\/h1><p>Texto<\/p><p>Equipe de Pós-venda<\/p>/);
    expect(destaque.texto.startsWith(destaque.titulo.toUpperCase())).toBe(true);
    const simples = await enviarCom('simples');
    expect(simples.assunto).toBe(simples.titulo);
    expect(simples.html).not.toContain('Equipe de Pós-venda');
    expect(simples.texto).not.toContain('Equipe de Pós-venda');
    expect(simples.html).toMatch(/^<p>Texto<\/p><p>.+<\/p>$/);
    // The subject marked in the recipient's language (this reader reads English, the author Portuguese).
    const { rows } = await kit.db.execute<{ idioma: string }>(
      sql`select idioma from usuarios where email = ${leitorEmail}`,
    );
    expect(destaque.assunto).toBe(`${rows[0].idioma === 'EN' ? '[Important]' : '[Importante]'} ${destaque.titulo}`);
    // A layout that does not exist is refused, with the translated message, and nothing is saved.
    const ruim = await salvar(autor.token, { titulo: 'Ruim', templateName: 'festivo' });
    expect(fieldErrors(ruim)).toEqual({ templateName: 'Opção inválida' });
  });
});

async function upload(token: string, content: Buffer, name: string, idComunicado?: string) {
  const form = new FormData();
  form.append('arquivo', new Blob([new Uint8Array(content)]), name);
  const response = await fetch(
    `${kit.portal.url}/api/upload/comunicado${idComunicado ? `?idComunicado=${idComunicado}` : ''}`,
    { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form },
  );
  return { status: response.status, body: (await response.json()) as { id?: number; message?: string } };
}

describe('attachments', () => {
  it('says their limits as configured to whoever writes announcements, and to nobody else', async () => {
    const LIMITES = '{ limitesAnexosComunicado { porArquivo total } }';
    const r = await gql<{ limitesAnexosComunicado: { porArquivo: number; total: number } }>(
      kit.portal,
      LIMITES,
      {},
      autor.token,
    );
    expect(r.data!.limitesAnexosComunicado).toEqual({ porArquivo: 1_000_000, total: 1_000_000 });
    // A dealer's user (of a brand of its own, so no group of these tests reaches them).
    const leitor = await kit.caller({ tipo: 'DEALER_GRUPO', marca: (await kit.marca()).id });
    expect(errorCode(await gql(kit.portal, LIMITES, {}, leitor.token))).toBe('FORBIDDEN');
  });

  it('are refused while streaming past the limits, with a translated message; the type is read from the bytes', async () => {
    const antes = await kit.db.select().from(s.arquivos);
    // Bytes of no known type and no text (an executable's, say) are refused, whatever the name says.
    const binario = await upload(
      autor.token,
      Buffer.from([0x7f, 0x45, 0x4c, 0x00, 0x02, 0x01, 0x01, 0x00, 0x03]),
      'falso.pdf',
    );
    expect(binario.status).toBe(415);
    expect(binario.body.message).toMatch(/^Tipo de anexo não permitido/);
    const grande = await upload(autor.token, pdfDe(1024 * 1024 + 10), 'grande.pdf');
    expect(grande.status).toBe(413);
    expect(grande.body.message).toBe('Anexo grande demais: o máximo é 1 MB por arquivo');
    expect(await kit.db.select().from(s.arquivos)).toHaveLength(antes.length);

    // Plain text and CSV have no signature: taken as text, as the message promises.
    // Longer than the type's sample, stored whole.
    const linhas = Buffer.from(`modelo;preço\n${'Aurora;129.900\n'.repeat(20_000)}`);
    const csv = await upload(autor.token, linhas, 'preços.csv');
    expect(csv.status).toBe(201);
    const [guardado] = await kit.db
      .select()
      .from(s.arquivos)
      .where(eq(s.arquivos.id, Number(csv.body.id)));
    expect(guardado).toMatchObject({
      tipoMime: 'text/plain',
      nome: 'preços.csv',
      tamanho: linhas.length,
      sha256: createHash('sha256').update(linhas).digest('hex'),
    });
    await kit.db.delete(s.arquivos).where(eq(s.arquivos.id, Number(csv.body.id)));

    const a = await upload(autor.token, pdfDe(600 * 1024), 'a.pdf');
    const b = await upload(autor.token, pdfDe(600 * 1024), 'b.pdf');
    expect([a.status, b.status]).toEqual([201, 201]);
    const both = await salvar(autor.token, { grupoIds: [grupo], arquivoIds: [a.body.id, b.body.id] });
    expect(fieldErrors(both).arquivoIds).toBe('Os anexos somam mais que o máximo de 1 MB');
    const one = await salvar(autor.token, { grupoIds: [grupo], arquivoIds: [a.body.id] });
    expect(one.errors).toBeUndefined();
    const c = one.data!.r as Comunicado & { arquivos: { id: string; nome: string }[] };
    expect(c.arquivos).toEqual([{ id: String(a.body.id), nome: 'a.pdf' }]);
    // Uploading for this announcement: what is left of its total is the limit.
    const mais = await upload(autor.token, pdfDe(600 * 1024), 'c.pdf', c.id);
    expect(mais.status).toBe(413);
    expect(mais.body.message).toBe('Os anexos somam mais que o máximo de 1 MB');
    // Another user's file cannot be attached.
    const alheio = await salvar(outro.token, { arquivoIds: [b.body.id] });
    expect(fieldErrors(alheio).arquivoIds).toBe('Anexo inválido: envie o arquivo novamente');
    // A reader without the keys may not upload.
    const leitor = await kit.caller({ tipo: 'DEALER_GRUPO' });
    expect((await upload(leitor.token, PDF, 'x.pdf')).status).toBe(403);
  });
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('images of the message', () => {
  it('are served by a link holding their hash, without a token, and kept in the message', async () => {
    const up = await upload(autor.token, PNG, 'figura.png');
    expect(up.status).toBe(201);
    const link = (up.body as { imagemLink?: string }).imagemLink!;
    expect(link).toMatch(/^\/api\/comunicados\/imagens\/\d+\/[0-9a-f]{64}$/);
    const image = await fetch(`${kit.portal.url}${link}`);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    const wrong = await fetch(`${kit.portal.url}${link.replace(/[0-9a-f]{64}$/, '0'.repeat(64))}`);
    expect(wrong.status).toBe(404);
    // A PDF has no image link and is not served as one.
    const pdf = await upload(autor.token, PDF, 'doc.pdf');
    expect((pdf.body as { imagemLink?: string }).imagemLink).toBeNull();
    const saved = await gql<{ r: { mensagem: string } }>(
      kit.portal,
      'mutation($c: ComunicadoInput!) { r: salvarComunicado(comunicado: $c) { mensagem } }',
      { c: { titulo: 'Com figura', mensagem: `<p>Veja</p><img src="${link}" alt="figura">` } },
      autor.token,
    );
    expect(saved.data!.r.mensagem).toBe(`<p>Veja</p><img src="${link}" alt="figura" />`);
  });
});

describe('images of the message and the file sweep', () => {
  it('keeps the images a saved message shows, and removes those no message shows any more past the grace period', async () => {
    const imagem = async (nome: string) => {
      const up = await upload(autor.token, PNG, nome);
      expect(up.status).toBe(201);
      return { id: up.body.id!, link: (up.body as { imagemLink: string }).imagemLink };
    };
    const [mantida, retirada, solta] = [
      await imagem('mantida.png'),
      await imagem('retirada.png'),
      await imagem('solta.png'),
    ];
    const mensagem = (...imgs: { link: string }[]) =>
      `<p>Campanha</p>${imgs.map((i) => `<img src="${i.link}" alt="x">`).join('')}`;
    const salvo = await salvar(autor.token, { mensagem: mensagem(mantida, retirada) });
    expect(salvo.errors).toBeUndefined();
    const c = salvo.data!.r;
    // Another author's draft shows the same image (its link pasted): it is listed for both.
    const copia = await salvar(outro.token, { mensagem: mensagem(retirada) });
    expect(copia.errors).toBeUndefined();
    const listadas = async () =>
      (
        await kit.db.execute<{ c: number; a: number }>(sql`select comunicado_id as c, arquivo_id as a
          from comunicado_imagens where arquivo_id in (${mantida.id}, ${retirada.id}, ${solta.id}) order by 1, 2`)
      ).rows.map((r) => [Number(r.c), Number(r.a)]);
    const [cId, copiaId] = [Number(c.id), Number(copia.data!.r.id)];
    expect(await listadas()).toEqual([
      [cId, mantida.id],
      [cId, retirada.id],
      [copiaId, retirada.id],
    ]);
    const envelhecer = () =>
      kit.db.execute(sql`update arquivos set created_at = now() - interval '25 hours'
        where id in (${mantida.id}, ${retirada.id}, ${solta.id})`);
    const existentes = async () =>
      (
        await kit.db.execute<{ id: number }>(sql`select id from arquivos
          where id in (${mantida.id}, ${retirada.id}, ${solta.id}) order by id`)
      ).rows.map((r) => Number(r.id));
    await envelhecer();
    await runQueued(kit.db, LIMPEZA_ARQUIVOS_FILA);
    expect(await existentes()).toEqual([mantida.id, retirada.id]);
    expect((await fetch(`${kit.portal.url}${solta.link}`)).status).toBe(404);

    // Taken out of both messages (the copy deleted), the image goes at the next sweep; the other stays.
    const editado = await salvar(autor.token, { id: c.id, version: c.version, mensagem: mensagem(mantida) });
    expect(editado.errors).toBeUndefined();
    await kit.db.execute(sql`delete from comunicados where id = ${copiaId}`);
    expect(await listadas()).toEqual([[cId, mantida.id]]);
    await runQueued(kit.db, LIMPEZA_ARQUIVOS_FILA);
    expect(await existentes()).toEqual([mantida.id]);
    expect((await fetch(`${kit.portal.url}${retirada.link}`)).status).toBe(404);
    expect((await fetch(`${kit.portal.url}${mantida.link}`)).status).toBe(200);
  });
});

describe('scheduled send', () => {
  it('goes out by its job when its time comes, and a cancelled one does not', async () => {
    const agendar = async () => {
      const draft = (await salvar(autor.token, { grupoIds: [grupo] })).data!.r;
      const scheduled = (await enviar(draft, new Date(Date.now() + 2 * 3600_000).toISOString())).data!.r;
      expect(scheduled.status.id).toBe('AGENDADO');
      return scheduled;
    };
    const vai = await agendar();
    const cancelado = await agendar();
    const cancel = await gql(
      kit.portal,
      'mutation($id: ID!, $v: Int) { cancelarAgendamentoComunicado(id: $id, version: $v) { id } }',
      { id: cancelado.id, v: cancelado.version },
      autor.token,
    );
    expect(cancel.errors).toBeUndefined();
    for (const c of [vai, cancelado]) {
      await kit.db.execute(sql`update comunicados set agendado_para = now() - interval '1 second'
        where id = ${Number(c.id)} and estado = 'AGENDADO'`);
      await kit.db.execute(
        sql`update pgboss.job set start_after = now() where name = 'envioComunicado' and singleton_key = ${c.id}`,
      );
    }
    await vi.waitFor(
      async () => {
        const { rows } = await kit.db.execute<{ status: string }>(sql`select status from jobs
          where fila = 'envioComunicado' and payload->>'id' in (${vai.id}, ${cancelado.id})`);
        expect(rows.map((r) => r.status)).toEqual(['CONCLUIDO', 'CONCLUIDO']);
      },
      { timeout: 20_000, interval: 250 },
    );
    const { rows } = await kit.db.execute<{ id: number; estado: string; envios: number }>(sql`select c.id, c.estado,
        (select count(*)::int from comunicado_envios e where e.comunicado_id = c.id) as envios
      from comunicados c where c.id in (${Number(vai.id)}, ${Number(cancelado.id)}) order by c.id`);
    expect(rows.map((r) => [r.estado, r.envios])).toEqual([
      ['ENVIADO', 2],
      ['RASCUNHO', 0],
    ]);
    // Audited as the users' transitions are, in the name of who scheduled it; its author told.
    const { rows: auditoria } = await kit.db.execute<{ antes: string; depois: string; autor_id: number }>(sql`select
        valor_anterior->>'estado' as antes, valor_novo->>'estado' as depois, autor_id from auditoria
      where tipo = 'COMUNICADO' and registro_id = ${vai.id} order by id desc limit 1`);
    expect(auditoria[0]).toEqual({ antes: 'AGENDADO', depois: 'ENVIADO', autor_id: autor.id });
    const { rows: avisos } = await kit.db.execute<{ titulo: string; link: string; para: number }>(sql`select
        n.titulo, n.link, d.usuario_id as para from notificacoes n join notificacao_destinatarios d on d.notificacao_id = n.id
      where n.origem = 'COMUNICADO_APROVACAO' and n.origem_id = ${Number(vai.id)}`);
    expect(avisos).toEqual([
      { titulo: 'Seu comunicado foi enviado a 2 usuários', link: `/comunicados/dashboard/${vai.id}`, para: autor.id },
    ]);
  });
});

// Two processes of the portal on one PostgreSQL database: the scheduled run goes to whichever worker
// claims it, and even runs repeated on both processes at once send it once.
describe.skipIf(!process.env.DATABASE_URL)('scheduled send with two server processes', () => {
  let second: TestPortal;
  beforeAll(async () => {
    second = await startSecondProcess(kit.portal);
  });
  afterAll(() => second?.close());

  it('sends a scheduled announcement exactly once', async () => {
    const draft = (await salvar(autor.token, { grupoIds: [grupo] })).data!.r;
    const scheduled = await enviar(draft, new Date(Date.now() + 2 * 3600_000).toISOString());
    expect(scheduled.data!.r.status.id).toBe('AGENDADO');
    const cid = Number(draft.id);
    await kit.db.execute(sql`update comunicados set agendado_para = now() - interval '1 second' where id = ${cid}`);
    await kit.db.execute(
      sql`update pgboss.job set start_after = now() where name = 'envioComunicado' and singleton_key = ${draft.id}`,
    );
    const { sendDue } = await import('../../server/features/comunicados');
    const racing = await Promise.all(
      [kit.portal, second].map((p) => p.database.db.transaction((tx) => sendDue(tx, cid))),
    );
    let job: { status: string; resultado: unknown } | undefined;
    await vi.waitFor(
      async () => {
        [job] = await kit.db
          .select({ status: s.jobs.status, resultado: s.jobs.resultado })
          .from(s.jobs)
          .where(sql`fila = 'envioComunicado' and payload->>'id' = ${draft.id}`);
        expect(job?.status).toBe('CONCLUIDO');
      },
      { timeout: 20_000, interval: 250 },
    );
    const { rows: notificacoes } = await kit.db.execute(
      sql`select id from notificacoes where origem = 'COMUNICADO' and origem_id = ${cid}`,
    );
    expect(notificacoes).toHaveLength(1);
    const { rows } = await kit.db.execute<{ estado: string; destinatarios: number; envios: number }>(sql`select
        c.estado, c.destinatarios, (select count(*)::int from comunicado_envios e where e.comunicado_id = c.id) as envios
      from comunicados c where c.id = ${cid}`);
    expect(rows[0]).toEqual({ estado: 'ENVIADO', destinatarios: 2, envios: 2 });
    const sentBy = [
      ...racing.filter((n) => n !== undefined),
      ...((job!.resultado as { enviado: boolean }).enviado ? [1] : []),
    ];
    expect(sentBy).toHaveLength(1);
  });
});

it('refuses a stale send (two editors: the second gets CONFLICT)', async () => {
  const draft = (await salvar(autor.token, { grupoIds: [grupo] })).data!.r;
  const first = await salvar(autor.token, {
    id: draft.id,
    version: draft.version,
    titulo: 'Primeiro',
    mensagem: '<p>1</p>',
  });
  expect(first.errors).toBeUndefined();
  expect(errorCode(await enviar(draft))).toBe('CONFLICT');
});

resumoDoAlcanceConfere(() => kit.db);
