import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createUsuario } from '../../server/db/seed/builders';
import {
  auditoria,
  cargos,
  dealerGrupos,
  dealers,
  departamentos,
  emailOutbox,
  grupoMarcas,
  grupos,
  jobs,
  produtos,
  usuarios,
} from '../../server/db/schema';
import { DEALER_RANGE } from '../../server/features/superAdmin/queries';
import { startJobs, type JobContext } from '../../server/jobs';
import { startFakeKeycloak } from './fakeKeycloak';
import { seedKit } from './kit';
import { DEMO, errorCode, gql, signIn, startPortal, versionOf, type GraphQLResponse, type TestPortal } from './portal';

const kit = seedKit({ seed: 4_040_404, domain: 'portal.test' });
let portal: TestPortal;
const tokens = {} as Record<keyof typeof DEMO, string>;
let superId: number;
const unique = () => randomBytes(4).toString('hex');

beforeAll(async () => {
  ({ portal } = await kit.start());
  for (const who of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
    tokens[who] = (await signIn(portal, DEMO[who])).access_token;
  }
  const [row] = await portal.database.db.select().from(usuarios).where(eq(usuarios.email, DEMO.super));
  superId = row.id;
});

const db = () => portal.database.db;

const JOB_FIELDS = 'id fila status total processados resultado erro createdAt iniciadoEm concluidoEm';
interface JobView {
  id: string;
  fila: string;
  status: string;
  total: number | null;
  processados: number;
  resultado: string | null;
  erro: string | null;
  createdAt: string;
  concluidoEm: string | null;
}

/** Polls ultimosJobs (as the page does) until the job is done or failed. */
async function waitForJob(id: string, token = tokens.super): Promise<JobView> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const response = await gql<{ ultimosJobs: JobView[] }>(portal, `{ ultimosJobs { ${JOB_FIELDS} } }`, {}, token);
    expect(response.errors).toBeUndefined();
    const job = response.data!.ultimosJobs.find((j) => j.id === id);
    if (job && (job.status === 'CONCLUIDO' || job.status === 'ERRO')) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${id} did not finish`);
}

/** Runs a synchronisation mutation as the super user and waits for its result. */
async function runSync(mutation: string) {
  const started = await gql<Record<string, JobView>>(
    portal,
    `mutation { ${mutation} { ${JOB_FIELDS} } }`,
    {},
    tokens.super,
  );
  expect(started.errors, JSON.stringify(started.errors)).toBeUndefined();
  const queued = started.data![mutation];
  expect(queued.status === 'PENDENTE' || queued.status === 'EXECUTANDO' || queued.status === 'CONCLUIDO').toBe(true);
  const job = await waitForJob(queued.id);
  expect(job.status, job.erro ?? '').toBe('CONCLUIDO');
  expect(job.concluidoEm).not.toBeNull();
  return { job, resultado: JSON.parse(job.resultado!) as Record<string, number> };
}

/** Audit rows a job wrote: author super, alteracao SINCRONIZACAO, since the job was queued. */
async function syncAudit(job: JobView, tipo: string) {
  return db()
    .select()
    .from(auditoria)
    .where(
      and(
        eq(auditoria.tipo, tipo),
        eq(auditoria.alteracao, 'SINCRONIZACAO'),
        eq(auditoria.autorId, superId),
        gte(auditoria.data, new Date(job.createdAt)),
      ),
    );
}

const dealer = (nome: string, extra: { marcaIds?: number[]; grupoIds?: number[]; active?: boolean } = {}) =>
  kit.dealer({ nome, razaoSocial: `${nome} Comércio de Veículos Ltda`, ...extra });

const activeOf = async (table: typeof dealers | typeof usuarios, id: number) =>
  (await db().select({ active: table.active }).from(table).where(eq(table.id, id)))[0].active;

describe('editarProduto', () => {
  const EDITAR = `mutation($produto: ProdutoEdicaoInput!) {
    editarProduto(produto: $produto) { id nome URI baseUriHomolog }
  }`;
  const produtoPecas = async () => (await db().select().from(produtos).where(eq(produtos.nome, 'Peças')))[0];
  const produtoAudit = (id: number) =>
    db()
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.tipo, 'PRODUTO'), eq(auditoria.registroId, String(id))))
      .orderBy(asc(auditoria.id));

  it("sets the product's staging base URI and audits the change", async () => {
    const before = await produtoPecas();
    const response = await gql(
      portal,
      EDITAR,
      { produto: { id: String(before.id), baseUriHomolog: 'https://staging.pecas.portal.test/v2' } },
      tokens.super,
    );
    expect(response.errors).toBeUndefined();
    expect(response.data).toEqual({
      editarProduto: {
        id: String(before.id),
        nome: 'Peças',
        URI: 'https://pecas.portal.test',
        baseUriHomolog: 'https://staging.pecas.portal.test/v2',
      },
    });
    expect((await produtoPecas()).baseUriHomolog).toBe('https://staging.pecas.portal.test/v2');
    const audit = await produtoAudit(before.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      alteracao: 'ALTERACAO',
      valorAnterior: { baseUriHomolog: before.baseUriHomolog },
      valorNovo: { baseUriHomolog: 'https://staging.pecas.portal.test/v2' },
      autorId: superId,
    });

    // The same value again changes nothing and writes no history.
    const again = await gql(
      portal,
      EDITAR,
      { produto: { id: String(before.id), baseUriHomolog: 'https://staging.pecas.portal.test/v2' } },
      tokens.super,
    );
    expect(again.errors).toBeUndefined();
    expect(await produtoAudit(before.id)).toHaveLength(1);
  });

  it.each([
    [{ baseUriHomolog: '' }, { 'produto.baseUriHomolog': 'Campo obrigatório' }],
    [{ baseUriHomolog: '   ' }, { 'produto.baseUriHomolog': 'Campo obrigatório' }],
    [{ baseUriHomolog: 'homolog.pecas' }, { 'produto.baseUriHomolog': 'URL inválida' }],
    [{ baseUriHomolog: 'ftp://homolog.pecas.portal.test' }, { 'produto.baseUriHomolog': 'URL inválida' }],
    [{ id: '' }, { 'produto.id': 'Campo obrigatório' }],
    [{ id: 'abc' }, { 'produto.id': 'Valor inválido' }],
  ])('refuses %j with translated field errors and changes nothing', async (override, fieldErrors) => {
    const before = await produtoPecas();
    const auditBefore = (await produtoAudit(before.id)).length;
    const response = await gql(
      portal,
      EDITAR,
      { produto: { id: String(before.id), baseUriHomolog: 'https://ok.portal.test', ...override } },
      tokens.super,
    );
    expect(errorCode(response)).toBe('BAD_USER_INPUT');
    expect(response.errors![0].message).toBe('Verifique os dados!');
    expect(response.errors![0].extensions!.fieldErrors).toEqual(fieldErrors);
    expect(await produtoPecas()).toEqual(before);
    expect(await produtoAudit(before.id)).toHaveLength(auditBefore);
  });

  it('answers NOT_FOUND for an unknown product', async () => {
    const response = await gql(
      portal,
      EDITAR,
      { produto: { id: '999999', baseUriHomolog: 'https://ok.portal.test' } },
      tokens.super,
    );
    expect(errorCode(response)).toBe('NOT_FOUND');
  });

  it.each(['montadora', 'dealer'] as const)('refuses the %s user and changes nothing', async (who) => {
    const before = await produtoPecas();
    const response = await gql(
      portal,
      EDITAR,
      { produto: { id: String(before.id), baseUriHomolog: 'https://intruso.portal.test' } },
      tokens[who],
    );
    expect(errorCode(response)).toBe('FORBIDDEN');
    expect(await produtoPecas()).toEqual(before);
  });
});

describe('sincronizarDealers', () => {
  it('inactivates active dealers without a brand or whose groups are all inactive, range by range, audited', async () => {
    const marca = await kit.marca('Marca D');
    const ativo = await kit.grupo([marca.id], { nome: 'Grupo ativo' });
    const inativo = await kit.grupo([marca.id], { nome: 'Grupo inativo', active: false });
    const semMarca = await dealer('Sem marca');
    const soGrupoInativo = await dealer('So grupo inativo', { marcaIds: [marca.id], grupoIds: [inativo.id] });
    const umGrupoAtivo = await dealer('Um grupo ativo', { marcaIds: [marca.id], grupoIds: [inativo.id, ativo.id] });
    const semGrupo = await dealer('Sem grupo', { marcaIds: [marca.id] });
    const jaInativo = await dealer('Ja inativo', { active: false });
    // More than one range of brandless dealers, inserted in one statement.
    const extra = DEALER_RANGE + 1;
    const tag = unique();
    await db().execute(sql`insert into dealers (nome_exibicao, razao_social, cnpj)
      select 'Lote ' || ${tag} || ' ' || n, 'Lote Comércio de Veículos Ltda', ${tag} || lpad(n::text, 8, '0')
      from generate_series(1, ${extra}) n`);

    const { job, resultado } = await runSync('sincronizarDealers');
    expect(job.fila).toBe('sincronizarDealers');
    expect(resultado.dealersInativados).toBeGreaterThanOrEqual(extra + 2);
    expect(job.total).toBe(resultado.dealersInativados);
    expect(job.processados).toBe(job.total);

    expect(await activeOf(dealers, semMarca.id)).toBe(false);
    expect(await activeOf(dealers, soGrupoInativo.id)).toBe(false);
    expect(await activeOf(dealers, umGrupoAtivo.id)).toBe(true);
    expect(await activeOf(dealers, semGrupo.id)).toBe(true);
    expect(await activeOf(dealers, jaInativo.id)).toBe(false);
    const [{ restantes }] = (
      await db().execute<{ restantes: number }>(
        sql`select count(*)::int as restantes from dealers where active and nome_exibicao like ${`Lote ${tag} %`}`,
      )
    ).rows;
    expect(restantes).toBe(0);

    const audit = await syncAudit(job, 'DEALER');
    expect(audit).toHaveLength(resultado.dealersInativados);
    const audited = new Set(audit.map((a) => Number(a.registroId)));
    expect(audited.has(semMarca.id) && audited.has(soGrupoInativo.id)).toBe(true);
    expect(audited.has(umGrupoAtivo.id) || audited.has(semGrupo.id) || audited.has(jaInativo.id)).toBe(false);
    expect(audit.find((a) => Number(a.registroId) === semMarca.id)).toMatchObject({
      valorAnterior: { active: true },
      valorNovo: { active: false },
    });

    // Nothing left to do: a second run changes nothing.
    const second = await runSync('sincronizarDealers');
    expect(second.resultado).toEqual({ dealersInativados: 0 });
    expect(second.job.total).toBe(0);
  });
});

describe('sincronizarGrupos', () => {
  it('unlinks each dealer from the groups it shares no brand with, audited per link', async () => {
    const a = await kit.marca('Marca A');
    const b = await kit.marca('Marca B');
    const grupoA = await kit.grupo([a.id], { nome: 'Grupo A' });
    const grupoAB = await kit.grupo([a.id, b.id], { nome: 'Grupo AB' });
    const dealerA = await dealer('Dealer A', { marcaIds: [a.id], grupoIds: [grupoA.id, grupoAB.id] });
    const dealerB = await dealer('Dealer B', { marcaIds: [b.id], grupoIds: [grupoA.id, grupoAB.id] });
    const dealerSemMarca = await dealer('Dealer sem marca', { grupoIds: [grupoA.id] });

    const { job, resultado } = await runSync('sincronizarGrupos');
    expect(resultado.vinculosRemovidos).toBeGreaterThanOrEqual(2);
    expect(job.processados).toBe(job.total);

    const links = async (dealerId: number) =>
      (await db().select().from(dealerGrupos).where(eq(dealerGrupos.dealerId, dealerId)))
        .map((l) => l.grupoId)
        .sort((x, y) => x - y);
    expect(await links(dealerA.id)).toEqual([grupoA.id, grupoAB.id].sort((x, y) => x - y));
    expect(await links(dealerB.id)).toEqual([grupoAB.id]);
    expect(await links(dealerSemMarca.id)).toEqual([]);
    // The dealers themselves stay as they were.
    expect(await activeOf(dealers, dealerSemMarca.id)).toBe(true);

    const audit = await syncAudit(job, 'DEALER');
    expect(audit).toHaveLength(resultado.vinculosRemovidos);
    const mine = audit
      .filter((x) => [dealerA.id, dealerB.id, dealerSemMarca.id].includes(Number(x.registroId)))
      .map((x) => ({ dealer: Number(x.registroId), antes: x.valorAnterior, depois: x.valorNovo }));
    expect(mine).toHaveLength(2);
    expect(mine).toContainEqual({
      dealer: dealerB.id,
      antes: { grupo: { id: grupoA.id, nome: grupoA.nome } },
      depois: { grupo: null },
    });
    expect(mine).toContainEqual({
      dealer: dealerSemMarca.id,
      antes: { grupo: { id: grupoA.id, nome: grupoA.nome } },
      depois: { grupo: null },
    });
  });
});

describe('sincronizarUsuarios', () => {
  it('inactivates DEALER_GRUPO users whose dealers are all inactive, and no one else', async () => {
    const ativo = await dealer('Usuarios ativo');
    const inativo = await dealer('Usuarios inativo', { active: false });
    const user = (nome: string, tipo: 'DEALER_GRUPO' | 'MONTADORA', dealerIds: number[], active = true) =>
      createUsuario(db(), {
        nome,
        email: `${nome.replace(/\s/g, '.')}.${unique()}@portal.test`,
        tipo,
        dealerIds,
        active,
      });
    const soInativo = await user('so inativo', 'DEALER_GRUPO', [inativo.id]);
    const misto = await user('misto', 'DEALER_GRUPO', [inativo.id, ativo.id]);
    const semDealer = await user('sem dealer', 'DEALER_GRUPO', []);
    const montadora = await user('montadora', 'MONTADORA', [inativo.id]);
    const jaInativo = await user('ja inativo', 'DEALER_GRUPO', [inativo.id], false);

    const { job, resultado } = await runSync('sincronizarUsuarios');
    expect(resultado.usuariosInativados).toBeGreaterThanOrEqual(1);
    expect(await activeOf(usuarios, soInativo.id)).toBe(false);
    expect(await activeOf(usuarios, misto.id)).toBe(true);
    expect(await activeOf(usuarios, semDealer.id)).toBe(true);
    expect(await activeOf(usuarios, montadora.id)).toBe(true);
    expect(await activeOf(usuarios, jaInativo.id)).toBe(false);

    const audit = await syncAudit(job, 'USUARIO');
    expect(audit).toHaveLength(resultado.usuariosInativados);
    const audited = audit.map((a) => Number(a.registroId));
    expect(audited).toContain(soInativo.id);
    expect(audited).not.toContain(misto.id);
    expect(audited).not.toContain(jaInativo.id);
  });
});

describe('migrar', () => {
  it('runs the three synchronisations in order as one job, counting steps', async () => {
    const marca = await kit.marca('Marca M');
    const grupoInativo = await kit.grupo([marca.id], { nome: 'Grupo M', active: false });
    const orfao = await dealer('Migracao', { marcaIds: [marca.id], grupoIds: [grupoInativo.id] });
    const usuario = await createUsuario(db(), {
      nome: 'Usuário da migração',
      email: `migracao.${unique()}@portal.test`,
      tipo: 'DEALER_GRUPO',
      dealerIds: [orfao.id],
    });

    const { job, resultado } = await runSync('migrar');
    expect(job.fila).toBe('migracao');
    expect(job.total).toBe(3);
    expect(job.processados).toBe(3);
    expect(Object.keys(resultado).sort()).toEqual(['dealersInativados', 'usuariosInativados', 'vinculosRemovidos']);
    expect(resultado.dealersInativados).toBeGreaterThanOrEqual(1);
    // The dealer became inactive first, so its only user was caught in the same run.
    expect(await activeOf(dealers, orfao.id)).toBe(false);
    expect(await activeOf(usuarios, usuario.id)).toBe(false);
  });
});

describe('a form read before a synchronisation', () => {
  const SALVAR_DEALER = `mutation($dealer: DealerInput!) { salvarDealer(dealer: $dealer) { id version } }`;
  const SALVAR_USUARIO = `mutation($u: UsuarioInput!, $c: [CargoUsuarioInput!]) {
    salvarUsuario(usuario: $u, cargos: $c, infos: []) { id version } }`;

  /** A dealer of `marcaId` in group `grupoId`, saved through the API as its form would; the input it sent and its id. */
  async function dealerByForm(marcaId: number, grupoId: number) {
    const setor = await kit.setor();
    const input = {
      nomeExibicao: `Formulario ${unique()}`,
      razaoSocial: 'Formulário Comércio de Veículos Ltda',
      cnpj: kit.cnpj(),
      cnpjsAdicionais: [],
      codigos: ['F1'],
      divisaoId: String(setor.divisaoId),
      setorId: String(setor.id),
      telefones: [],
      celulares: [],
      endereco: { logradouro: 'Rua F, 1', cidade: 'São Paulo', estado: 'SP', cep: '01001-000' },
      marcaIds: [String(marcaId)],
      grupoIds: [String(grupoId)],
      dadosComplementares: [],
      active: true,
    };
    const saved = await gql<{ salvarDealer: { id: string; version: number } }>(
      portal,
      SALVAR_DEALER,
      { dealer: input },
      tokens.super,
    );
    expect(saved.errors, JSON.stringify(saved.errors)).toBeUndefined();
    const { id, version } = saved.data!.salvarDealer;
    return { input: { ...input, id }, id: Number(id), version };
  }

  const linksOf = async (dealerId: number) =>
    (await db().select().from(dealerGrupos).where(eq(dealerGrupos.dealerId, dealerId))).map((l) => l.grupoId);

  it('sincronizarDealers bumps the version: saving the stale form gets CONFLICT and the dealer stays inactive', async () => {
    const marca = await kit.marca('Marca F');
    const grupo = await kit.grupo([marca.id], { nome: 'Grupo F' });
    const form = await dealerByForm(marca.id, grupo.id);
    // The group becomes inactive behind the form's back, then the synchronisation inactivates the dealer.
    await db().update(grupos).set({ active: false }).where(eq(grupos.id, grupo.id));
    await runSync('sincronizarDealers');
    expect(await activeOf(dealers, form.id)).toBe(false);
    expect(await versionOf(db(), dealers, form.id)).toBe(form.version + 1);

    const stale = await gql(portal, SALVAR_DEALER, { dealer: { ...form.input, version: form.version } }, tokens.super);
    expect(errorCode(stale)).toBe('CONFLICT');
    expect(await activeOf(dealers, form.id)).toBe(false);
    expect(await versionOf(db(), dealers, form.id)).toBe(form.version + 1);
  });

  it('sincronizarGrupos bumps the dealer version: saving the stale form gets CONFLICT and the link stays removed', async () => {
    const marca = await kit.marca('Marca G');
    const outra = await kit.marca('Marca H');
    const grupo = await kit.grupo([marca.id, outra.id], { nome: 'Grupo G' });
    const form = await dealerByForm(marca.id, grupo.id);
    // The group loses the dealer's brand behind the form's back: the link breaks the rule.
    await db()
      .delete(grupoMarcas)
      .where(and(eq(grupoMarcas.grupoId, grupo.id), eq(grupoMarcas.marcaId, marca.id)));
    await runSync('sincronizarGrupos');
    expect(await linksOf(form.id)).toEqual([]);
    expect(await versionOf(db(), dealers, form.id)).toBe(form.version + 1);

    const stale = await gql(portal, SALVAR_DEALER, { dealer: { ...form.input, version: form.version } }, tokens.super);
    expect(errorCode(stale)).toBe('CONFLICT');
    expect(await linksOf(form.id)).toEqual([]);
    expect(await activeOf(dealers, form.id)).toBe(true);
  });

  it('sincronizarUsuarios bumps the version: saving the stale form gets CONFLICT and the user stays inactive', async () => {
    const marca = await kit.marca('Marca U');
    const grupo = await kit.grupo([marca.id], { nome: 'Grupo U' });
    const { id: dealerId } = await dealerByForm(marca.id, grupo.id);
    const input = {
      nome: `Usuária Formulário ${unique()}`,
      email: `formulario.${unique()}@portal.test`,
      cpf: kit.cpf(),
      tipo: 'DEALER_GRUPO',
      marcaIds: [String(marca.id)],
      dealerIds: [String(dealerId)],
      dataAdmissao: '2026-01-05',
      emailSuperior: 'chefe@portal.test',
    };
    const [cargo] = await db().select().from(cargos).limit(1);
    const [departamento] = await db().select().from(departamentos).limit(1);
    const c = [
      {
        cargoId: String(cargo.id),
        dealerId: String(dealerId),
        departamentoId: String(departamento.id),
        dataInicio: '2026-01-05',
      },
    ];
    const saved = await gql<{ salvarUsuario: { id: string; version: number } }>(
      portal,
      SALVAR_USUARIO,
      { u: input, c },
      tokens.super,
    );
    expect(saved.errors, JSON.stringify(saved.errors)).toBeUndefined();
    const { id, version } = saved.data!.salvarUsuario;
    // The user's only dealer becomes inactive behind the form's back.
    await db().update(dealers).set({ active: false }).where(eq(dealers.id, dealerId));
    await runSync('sincronizarUsuarios');
    expect(await activeOf(usuarios, Number(id))).toBe(false);
    expect(await versionOf(db(), usuarios, id)).toBe(version + 1);

    const stale = await gql(
      portal,
      SALVAR_USUARIO,
      { u: { ...input, id, version, nome: 'Nome antigo' }, c },
      tokens.super,
    );
    expect(errorCode(stale)).toBe('CONFLICT');
    const [row] = await db()
      .select()
      .from(usuarios)
      .where(eq(usuarios.id, Number(id)));
    expect(row).toMatchObject({ nome: input.nome, active: false, version: version + 1 });
  });
});

describe('the job queue', () => {
  it('refuses a second job of a queue while one is running, with a translated message', async () => {
    const [running] = await db()
      .insert(jobs)
      .values({ fila: 'sincronizarUsuarios', status: 'EXECUTANDO', iniciadoEm: new Date(), autorId: superId })
      .returning();
    const countOf = async () => (await db().select().from(jobs).where(eq(jobs.fila, 'sincronizarUsuarios'))).length;
    const before = await countOf();

    const refused = await gql(portal, 'mutation { sincronizarUsuarios { id } }', {}, tokens.super);
    expect(refused.errors![0].message).toBe('Esta tarefa já está na fila ou em execução. Aguarde a conclusão.');
    expect(errorCode(refused)).toBe('CONFLICT');
    expect(refused.data).toBeNull();
    expect(await countOf()).toBe(before);

    // The latest job of the queue is the running one, as the page shows it.
    const latest = await gql<{ ultimosJobs: JobView[] }>(
      portal,
      '{ ultimosJobs { id fila status } }',
      {},
      tokens.super,
    );
    expect(latest.data!.ultimosJobs).toContainEqual({
      id: String(running.id),
      fila: 'sincronizarUsuarios',
      status: 'EXECUTANDO',
    });

    await db().update(jobs).set({ status: 'CONCLUIDO', concluidoEm: new Date() }).where(eq(jobs.id, running.id));
    const accepted = await gql<{ sincronizarUsuarios: JobView }>(
      portal,
      'mutation { sincronizarUsuarios { id } }',
      {},
      tokens.super,
    );
    expect(accepted.errors).toBeUndefined();
    await waitForJob(accepted.data!.sincronizarUsuarios.id);
  });

  it.each(['montadora', 'dealer'] as const)(
    'refuses every job operation to the %s user and queues nothing',
    async (who) => {
      const before = (await db().select().from(jobs)).length;
      for (const mutation of ['sincronizarDealers', 'sincronizarGrupos', 'sincronizarUsuarios', 'migrar']) {
        expect(errorCode(await gql(portal, `mutation { ${mutation} { id } }`, {}, tokens[who]))).toBe('FORBIDDEN');
      }
      expect(errorCode(await gql(portal, '{ ultimosJobs { id } }', {}, tokens[who]))).toBe('FORBIDDEN');
      expect((await db().select().from(jobs)).length).toBe(before);
    },
  );

  it('stores progress while a job runs, then its result; a failing handler is retried, then ends in ERRO', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reachedGate!: () => void;
    const atGate = new Promise<void>((resolve) => (reachedGate = resolve));
    let flakyRuns = 0;
    // A second pg-boss worker set on the same database, with queues of its own.
    const worker = await startJobs(portal.database, {
      register: false,
      pollingIntervalSeconds: 0.5,
      handlers: {
        teste: async ({ progress, job }) => {
          await progress(0, 10);
          await progress(4, 10);
          reachedGate();
          await gate;
          await progress(10, 10);
          return { payload: job.payload };
        },
        falha: {
          handler: async () => {
            throw new Error('quebrou');
          },
          retryLimit: 1,
          retryDelay: 1,
        },
        instavel: {
          handler: async () => {
            flakyRuns += 1;
            if (flakyRuns === 1) throw new Error('primeira tentativa');
            return { ok: true };
          },
          retryLimit: 1,
          retryDelay: 1,
        },
      },
    });
    try {
      const queued = await worker.enqueue('teste', { x: 1 }, superId);
      expect(queued).toMatchObject({ status: 'PENDENTE', autorId: superId });
      expect(queued.bossId).toMatch(/^[0-9a-f-]{36}$/);
      await atGate;
      const [mid] = await db().select().from(jobs).where(eq(jobs.id, queued.id));
      expect(mid).toMatchObject({ status: 'EXECUTANDO', processados: 4, total: 10, tentativas: 1 });
      expect(mid.iniciadoEm).not.toBeNull();
      release();
      const done = await until(queued.id, 'CONCLUIDO');
      expect(done).toMatchObject({ processados: 10, total: 10, resultado: { payload: { x: 1 } }, erro: null });
      // pg-boss keeps the output too: it marks the job completed once the handler has returned,
      // just after the handler's own transaction wrote CONCLUIDO (read at once, it could still be active).
      await expect
        .poll(async () => (await worker.boss.getJobById('teste', queued.bossId!))?.state, { timeout: 10_000 })
        .toBe('completed');
      const bossJob = await worker.boss.getJobById('teste', queued.bossId!);
      expect(bossJob).toMatchObject({ state: 'completed', data: { jobId: queued.id } });

      const failing = await worker.enqueue('falha', {}, superId);
      expect(await until(failing.id, 'ERRO', 20_000)).toMatchObject({ erro: 'quebrou', tentativas: 2 });

      const flaky = await worker.enqueue('instavel', {}, superId);
      expect(await until(flaky.id, 'CONCLUIDO', 20_000)).toMatchObject({
        tentativas: 2,
        erro: null,
        resultado: { ok: true },
      });
      expect(flakyRuns).toBe(2);
    } finally {
      release();
      await worker.stop();
    }
  });

  it('runs each job exactly once with several workers, and enqueueUnique guards a queue', async () => {
    const runs: number[] = [];
    const handlers = {
      contagem: async ({ job }: JobContext) => {
        runs.push(job.id);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return null;
      },
    };
    const workers = await Promise.all(
      [1, 2, 3].map(() => startJobs(portal.database, { handlers, register: false, pollingIntervalSeconds: 0.5 })),
    );
    try {
      const queued = [];
      for (let i = 0; i < 12; i++) queued.push(await workers[i % 3].enqueue('contagem', { i }, null));
      for (const job of queued) await until(job.id, 'CONCLUIDO');
      expect([...runs].sort((x, y) => x - y)).toEqual(queued.map((j) => j.id));
      expect(new Set(runs).size).toBe(queued.length);

      // No worker handles this queue: a pending job blocks a second until it is no longer active.
      await workers[0].boss.createQueue('unica');
      const first = await workers[0].enqueueUnique('unica', {}, null);
      expect(first).toBeDefined();
      expect(await workers[0].enqueueUnique('unica', {}, null)).toBeUndefined();
      await db().update(jobs).set({ status: 'ERRO' }).where(eq(jobs.id, first!.id));
      expect(await workers[0].enqueueUnique('unica', {}, null)).toBeDefined();
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  });
});

async function until(id: number, status: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [row] = await db().select().from(jobs).where(eq(jobs.id, id));
    if (row.status === status) return row;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`job ${id} never reached ${status}`);
}

describe('sincronizarIdentityProvider with the embedded provider', () => {
  const SYNC = `mutation($email: String!) {
    sincronizarIdentityProvider(emailUsuario: $email) { email provedor acao emailSenhaEnviado }
  }`;
  const mailsTo = (email: string) =>
    db().select().from(emailOutbox).where(eq(emailOutbox.para, email)).orderBy(desc(emailOutbox.id));

  it('e-mails a set-password link to an account without a password, which then signs in', async () => {
    const email = `sem.senha.${unique()}@portal.test`;
    const usuario = await createUsuario(db(), { nome: 'Sem Senha', email, tipo: 'MONTADORA', senhaHash: null });
    const response = await gql(portal, SYNC, { email: `  ${email.toUpperCase()} ` }, tokens.super);
    expect(response.errors).toBeUndefined();
    expect(response.data).toEqual({
      sincronizarIdentityProvider: { email, provedor: 'EMBUTIDO', acao: 'CRIADO', emailSenhaEnviado: true },
    });
    const [mail] = await mailsTo(email);
    expect(mail.assunto).toBe('Sua conta no portal');
    const link = mail.texto.match(/https?:\/\/\S+\?token=[\w-]+/)![0];
    expect(link.startsWith(`${portal.config.publicUrl}/esqueci-senha?token=`)).toBe(true);

    const reset = await fetch(`${portal.url}/api/senha/redefinir`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: new URL(link).searchParams.get('token'), senha: 'Primeira#2026' }),
    });
    expect(reset.status).toBe(204);
    await expect(signIn(portal, email, 'Primeira#2026')).resolves.toBeTruthy();

    const [audit] = await db()
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.tipo, 'USUARIO'), eq(auditoria.registroId, String(usuario.id))))
      .orderBy(asc(auditoria.id));
    expect(audit).toMatchObject({
      alteracao: 'SINCRONIZACAO_IDENTITY_PROVIDER',
      valorNovo: { provedor: 'EMBUTIDO', acao: 'CRIADO', emailSenhaEnviado: true },
      autorId: superId,
    });
  });

  it('reports an account with a password as updated and sends nothing', async () => {
    const before = (await mailsTo(DEMO.dealer)).length;
    const response = await gql(portal, SYNC, { email: DEMO.dealer }, tokens.super);
    expect(response.data).toEqual({
      sincronizarIdentityProvider: {
        email: DEMO.dealer,
        provedor: 'EMBUTIDO',
        acao: 'ATUALIZADO',
        emailSenhaEnviado: false,
      },
    });
    expect(await mailsTo(DEMO.dealer)).toHaveLength(before);
  });

  it('says the user was not found, in the caller language', async () => {
    const response = await gql(portal, SYNC, { email: 'ninguem@portal.test' }, tokens.super);
    expect(errorCode(response)).toBe('NOT_FOUND');
    expect(response.errors![0].message).toBe('Usuário não encontrado');
  });

  it.each([
    ['', 'Campo obrigatório'],
    ['nao-e-email', 'E-mail inválido'],
  ])('refuses %j with a field error', async (email, message) => {
    const response = await gql(portal, SYNC, { email }, tokens.super);
    expect(errorCode(response)).toBe('BAD_USER_INPUT');
    expect(response.errors![0].extensions!.fieldErrors).toEqual({ emailUsuario: message });
  });

  it.each(['montadora', 'dealer'] as const)('refuses the %s user and sends nothing', async (who) => {
    const email = `recusado.${who}.${unique()}@portal.test`;
    await createUsuario(db(), { nome: 'Recusado', email, tipo: 'MONTADORA', senhaHash: null });
    const response = await gql(portal, SYNC, { email }, tokens[who]);
    expect(errorCode(response)).toBe('FORBIDDEN');
    expect(await mailsTo(email)).toHaveLength(0);
  });
});

describe('sincronizarIdentityProvider with Keycloak', () => {
  let keycloak: Awaited<ReturnType<typeof startFakeKeycloak>>;
  let kcPortal: TestPortal;
  const SYNC = `mutation($email: String!) {
    sincronizarIdentityProvider(emailUsuario: $email) { email provedor acao emailSenhaEnviado }
  }`;

  beforeAll(async () => {
    keycloak = await startFakeKeycloak();
    kcPortal = await startPortal({
      OIDC_ISSUER: `${keycloak.base}/realms/portal`,
      KEYCLOAK_ADMIN_URL: `${keycloak.base}/admin/realms/portal`,
      KEYCLOAK_ADMIN_CLIENT_ID: 'portal-admin',
      KEYCLOAK_ADMIN_SECRET: 's3cret',
    });
  });
  afterAll(async () => {
    await kcPortal?.close();
    await keycloak?.close();
  });

  const adminCalls = () =>
    keycloak.requests.filter((r) => !r.path.includes('/.well-known/') && !r.path.endsWith('/certs'));

  it('creates the account through the admin API, then updates it, with the portal name and state', async () => {
    const email = `kc.${unique()}@portal.test`;
    const usuario = await createUsuario(kcPortal.database.db, {
      nome: 'Clara Maria Keycloak',
      email,
      tipo: 'MONTADORA',
    });
    const token = await keycloak.token(DEMO.super);
    keycloak.requests.length = 0;

    const created = await gql(kcPortal, SYNC, { email }, token);
    expect(created.errors).toBeUndefined();
    expect(created.data).toEqual({
      sincronizarIdentityProvider: { email, provedor: 'KEYCLOAK', acao: 'CRIADO', emailSenhaEnviado: false },
    });
    const calls = adminCalls();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /realms/portal/protocol/openid-connect/token',
      `GET /admin/realms/portal/users?${new URLSearchParams({ email, exact: 'true' })}`,
      'POST /admin/realms/portal/users',
    ]);
    expect(Object.fromEntries(new URLSearchParams(calls[0].body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'portal-admin',
      client_secret: 's3cret',
    });
    expect(calls[1].auth).toBe('Bearer admin-token');
    expect(JSON.parse(calls[2].body)).toEqual({
      username: email,
      email,
      firstName: 'Clara',
      lastName: 'Maria Keycloak',
      enabled: true,
    });

    // Inactive in the portal: the same account is updated and disabled.
    await kcPortal.database.db.update(usuarios).set({ active: false }).where(eq(usuarios.id, usuario.id));
    keycloak.requests.length = 0;
    const updated = await gql(kcPortal, SYNC, { email }, token);
    expect(updated.data).toEqual({
      sincronizarIdentityProvider: { email, provedor: 'KEYCLOAK', acao: 'ATUALIZADO', emailSenhaEnviado: false },
    });
    const put = adminCalls().at(-1)!;
    expect(put.method).toBe('PUT');
    expect(put.path).toBe('/admin/realms/portal/users/kc-1');
    expect(JSON.parse(put.body)).toMatchObject({ username: email, enabled: false });
    expect(keycloak.users.get('kc-1')).toMatchObject({ email, enabled: false });

    const audit = await kcPortal.database.db
      .select()
      .from(auditoria)
      .where(
        and(
          eq(auditoria.registroId, String(usuario.id)),
          inArray(auditoria.alteracao, ['SINCRONIZACAO_IDENTITY_PROVIDER']),
        ),
      )
      .orderBy(asc(auditoria.id));
    expect(audit.map((a) => a.valorNovo)).toEqual([
      { provedor: 'KEYCLOAK', acao: 'CRIADO', emailSenhaEnviado: false },
      { provedor: 'KEYCLOAK', acao: 'ATUALIZADO', emailSenhaEnviado: false },
    ]);
  });

  it('reports a refusal of the identity provider as a translated error', async () => {
    const email = `kc.falha.${unique()}@portal.test`;
    await createUsuario(kcPortal.database.db, { nome: 'Falha', email, tipo: 'MONTADORA' });
    keycloak.failWrites(true);
    try {
      const response = await gql(kcPortal, SYNC, { email }, await keycloak.token(DEMO.super));
      expect(errorCode(response)).toBe('INTERNAL_SERVER_ERROR');
      expect(response.errors![0].message).toBe(
        'O provedor de identidade não aceitou a sincronização. Tente novamente mais tarde.',
      );
    } finally {
      keycloak.failWrites(false);
    }
  });

  it('refuses a manufacturer user signed in through Keycloak without calling the admin API', async () => {
    keycloak.requests.length = 0;
    const response: GraphQLResponse = await gql(
      kcPortal,
      SYNC,
      { email: DEMO.dealer },
      await keycloak.token(DEMO.montadora),
    );
    expect(errorCode(response)).toBe('FORBIDDEN');
    expect(adminCalls()).toEqual([]);
  });

  it('without KEYCLOAK_ADMIN_URL an external issuer has nothing to synchronise with', async () => {
    const plain = await startPortal({ OIDC_ISSUER: `${keycloak.base}/realms/portal` });
    try {
      const response = await gql(plain, SYNC, { email: DEMO.dealer }, await keycloak.token(DEMO.super));
      expect(response.errors![0].message).toBe('Nenhum provedor de identidade está configurado para sincronização.');
    } finally {
      await plain.close();
    }
  });
});

describe('Keycloak admin configuration', () => {
  it('derives the token endpoint from the admin URL and requires the client credentials', () => {
    expect(
      loadConfig({
        KEYCLOAK_ADMIN_URL: 'https://sso.example/auth/admin/realms/rede/',
        KEYCLOAK_ADMIN_CLIENT_ID: 'portal-admin',
        KEYCLOAK_ADMIN_SECRET: 'x',
      }).keycloakAdmin,
    ).toEqual({
      url: 'https://sso.example/auth/admin/realms/rede',
      tokenUrl: 'https://sso.example/auth/realms/rede/protocol/openid-connect/token',
      clientId: 'portal-admin',
      clientSecret: 'x',
    });
    expect(loadConfig({}).keycloakAdmin).toBeUndefined();
    expect(() => loadConfig({ KEYCLOAK_ADMIN_URL: 'https://sso.example/realms/rede' })).toThrow(/admin\/realms/);
    expect(() => loadConfig({ KEYCLOAK_ADMIN_URL: 'https://sso.example/admin/realms/rede' })).toThrow(
      /KEYCLOAK_ADMIN_CLIENT_ID/,
    );
  });
});
