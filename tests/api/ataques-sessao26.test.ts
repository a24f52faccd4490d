import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FunctionKey } from '../../domain/enums';
import { recordAudit } from '../../server/audit';
import * as s from '../../server/db/schema';
import { comunicadoEnviado, usuariosIds } from './comunicadosEnviados';
import { seedKit } from './kit';
import { errorCode, exportarCsv, gql } from './portal';

// Review of session 26: the audit page (`auditoria`: who may read which history, and the names its
// `referencias` and authors give) and the built-in reports, as a hostile signed-in user of brand A
// (or of a dealer group) against brand B. Each test asserts the secure behaviour and reads the data.

const kit = seedKit({ seed: 2626, domain: 'ataques-sessao26.test' });

type Caller = { id: number; token: string };
const AUDIT_KEYS: FunctionKey[] = [
  'PORTAL_MANUTENCAO_USUARIOS',
  'PORTAL_MANUTENCAO_DEALERS_GRUPO',
  'PORTAL_MANUTENCAO_GRUPOS_USUARIOS',
  'PORTAL_CRIACAO_COMUNICADOS',
  'PORTAL_NOTIFICACOES_GENERICAS',
  'PORTAL_AUSENCIA_TEMPORARIA',
];

let marcaA: number, marcaB: number;
let dA: { id: number; nomeExibicao: string }, dB: { id: number; nomeExibicao: string };
let grupoB: { id: number; nome: string };
let cargoVendas: number, cargoGerente: number, departamento: number;
/** Brand A's manufacturer with every audit key (the attacker). */
let montA: Caller;
/** A dealer-group user of dealer A who maintains users (second attacker). */
let dgA: Caller;
/** Brand B's manufacturer (the victim), and its e-mail and name. */
let montB: Caller;
let montBEmail = '';
let montBNome = '';
/** A dealer-group user working at dealer A (brand A) and dealer B (brand B): in both scopes. */
let compartilhado: { id: number; nome: string };
/** A dealer-group user of dealer B only. */
let soB: { id: number; nome: string };
/** A dealer-group user of dealer A only. */
let soA: { id: number; nome: string };

const AUDITORIA = `query($f: AuditoriaFilterInput!) { auditoria(filterInput: $f) {
  totalElements nome referencias { tipo id nome }
  content { alteracao autor { id nome email } autorForaDoEscopo valorAnterior valorNovo } } }`;
type Pagina = {
  totalElements: number;
  nome: string | null;
  referencias: { tipo: string; id: string; nome: string | null }[];
  content: {
    alteracao: string;
    autor: { id: string; nome: string; email: string } | null;
    autorForaDoEscopo: boolean;
    valorNovo: string | null;
  }[];
};
const auditoria = (token: string, f: Record<string, unknown>) =>
  gql<{ auditoria: Pagina }>(kit.portal, AUDITORIA, { f }, token);
async function pagina(token: string, f: Record<string, unknown>) {
  const r = await auditoria(token, f);
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data!.auditoria;
}

beforeAll(async () => {
  await kit.start();
  marcaA = (await kit.marca('Marca A')).id;
  marcaB = (await kit.marca('Marca B')).id;
  ({ cargoVendas, cargoGerente, departamento } = await kit.referencias());
  dA = await kit.dealer({ marcaIds: [marcaA], nome: 'Dealer A' });
  grupoB = await kit.grupo([marcaB], { nome: 'Grupo Secreto B' });
  dB = await kit.dealer({ marcaIds: [marcaB], grupoIds: [grupoB.id], nome: 'Dealer Secreto B' });
  montA = await kit.caller({ tipo: 'MONTADORA', marca: marcaA, funcionalidades: AUDIT_KEYS });
  dgA = await kit.caller({ tipo: 'DEALER_GRUPO', dealer: dA.id, funcionalidades: ['PORTAL_MANUTENCAO_USUARIOS'] });
  montB = await kit.caller({ tipo: 'MONTADORA', marca: marcaB, funcionalidades: AUDIT_KEYS });
  const [b] = await kit.db.select().from(s.usuarios).where(eq(s.usuarios.id, montB.id));
  montBEmail = b.email;
  montBNome = b.nome;
  const cargo = { cargoId: cargoVendas, departamentoId: departamento };
  compartilhado = await kit.usuario({
    tipo: 'DEALER_GRUPO',
    cpf: true,
    marca: [marcaA, marcaB],
    dealer: [dA.id, dB.id],
    cargo,
  });
  soB = await kit.usuario({
    tipo: 'DEALER_GRUPO',
    marca: marcaB,
    dealer: dB.id,
    nome: kit.unique('Usuária Secreta B'),
  });
  soA = await kit.usuario({ tipo: 'DEALER_GRUPO', marca: marcaA, dealer: dA.id });

  // Brand B's manufacturer maintains the shared user as brand B's own business: names them in its
  // dealer group and changes their position at its dealer (salvarUsuario, audited).
  const [u] = await kit.db.select().from(s.usuarios).where(eq(s.usuarios.id, compartilhado.id));
  const salvo = await gql(
    kit.portal,
    `mutation($u: UsuarioInput!, $c: [CargoUsuarioInput!], $i: [InfoProdutoInput!]) {
      salvarUsuario(usuario: $u, cargos: $c, infos: $i) { id } }`,
    {
      u: {
        id: compartilhado.id,
        version: u.version,
        nome: u.nome,
        email: u.email,
        cpf: u.cpf,
        tipo: u.tipo,
        marcaIds: [marcaB],
        dealerIds: [dB.id],
        grupoIds: [grupoB.id],
        dataAdmissao: '2026-01-05',
        emailSuperior: 'chefe@ataques-sessao26.test',
      },
      c: [{ cargoId: cargoGerente, dealerId: dB.id, departamentoId: departamento, dataInicio: '2026-01-05' }],
      i: [],
    },
    montB.token,
  );
  expect(salvo.errors, JSON.stringify(salvo.errors)).toBeUndefined();
});

describe('auditoria: names of records outside the caller scope (referencias)', () => {
  it("a manufacturer reading a shared user's history gets the names of the other brand's dealer and group", async () => {
    // What the user screen shows brand A: its own dealer only, no dealer group.
    const visto = await gql<{ usuario: { dealerIds: string[]; grupoIds: string[] } }>(
      kit.portal,
      'query($id: ID!) { usuario(id: $id) { dealerIds grupoIds } }',
      { id: compartilhado.id },
      montA.token,
    );
    expect(visto.errors).toBeUndefined();
    expect(visto.data!.usuario.dealerIds).toEqual([String(dA.id)]);
    expect(visto.data!.usuario.grupoIds).toEqual([]);

    const p = await pagina(montA.token, { tipo: 'USUARIO', registroId: String(compartilhado.id) });
    // The change by brand B is there (its ids in the values).
    expect(p.totalElements).toBeGreaterThan(0);
    expect(p.content.map((e) => e.valorNovo).join(' ')).toContain(String(grupoB.id));
    // But never B's names: the dealer and group brand A does not see come without them.
    expect(p.referencias).toContainEqual({ tipo: 'DEALER', id: String(dB.id), nome: null });
    expect(p.referencias).toContainEqual({ tipo: 'GRUPO', id: String(grupoB.id), nome: null });
    expect(p.referencias).toContainEqual({ tipo: 'DEALER', id: String(dA.id), nome: dA.nomeExibicao });
    expect(JSON.stringify(p.referencias)).not.toContain(dB.nomeExibicao);
    expect(JSON.stringify(p.referencias)).not.toContain(grupoB.nome);
  });

  it("a dealer-group user reading a colleague's history gets the name of the colleague's other dealer", async () => {
    const p = await pagina(dgA.token, { tipo: 'USUARIO', registroId: String(compartilhado.id) });
    expect(p.totalElements).toBeGreaterThan(0);
    expect(p.referencias).toContainEqual({ tipo: 'DEALER', id: String(dB.id), nome: null });
    expect(p.referencias).toContainEqual({ tipo: 'GRUPO', id: String(grupoB.id), nome: null });
    // The record itself is named: the caller may read its history.
    expect(p.nome).toBe(compartilhado.nome);
    expect(JSON.stringify(p.referencias)).not.toContain(dB.nomeExibicao);
  });

  it("a public user group's history names the other brand's users the group screen hides", async () => {
    // Provider staff's public group, with one user of each brand named by hand.
    const salvo = await gql<{ salvarGrupoUsuarios: { id: string } }>(
      kit.portal,
      'mutation ($g: GrupoUsuariosInput!) { salvarGrupoUsuarios(grupoUsuarios: $g) { id } }',
      {
        g: {
          nome: kit.unique('Rede Pública'),
          publico: true,
          possuiUsuariosManuais: true,
          usuarioManualIds: [soA.id, soB.id],
        },
      },
      kit.staff,
    );
    expect(salvo.errors, JSON.stringify(salvo.errors)).toBeUndefined();
    const id = salvo.data!.salvarGrupoUsuarios.id;
    // The group screen shows brand A only its own user.
    const visto = await gql<{ grupoUsuarios: { usuariosManuais: { id: string }[] } }>(
      kit.portal,
      'query($id: ID!) { grupoUsuarios(id: $id) { usuariosManuais { id } } }',
      { id },
      montA.token,
    );
    expect(visto.errors).toBeUndefined();
    expect(visto.data!.grupoUsuarios.usuariosManuais).toEqual([{ id: String(soA.id) }]);

    const p = await pagina(montA.token, { tipo: 'GRUPO_USUARIOS', registroId: id });
    expect(p.totalElements).toBe(1);
    expect(p.referencias).toContainEqual({ tipo: 'USUARIO', id: String(soA.id), nome: soA.nome });
    expect(p.referencias).toContainEqual({ tipo: 'USUARIO', id: String(soB.id), nome: null });
    expect(JSON.stringify(p.referencias)).not.toContain(soB.nome);
  });
});

describe("auditoria: the author of a change outside the caller's scope", () => {
  it("shows brand A the name and e-mail of brand B's manufacturer who changed a shared user", async () => {
    // Brand B's manufacturer is outside brand A's users (usuarioScope): the users screen refuses them.
    const fora = await gql(kit.portal, 'query($id: ID!) { usuario(id: $id) { id } }', { id: montB.id }, montA.token);
    expect(fora.data?.usuario ?? null).toBeNull();
    const p = await pagina(montA.token, { tipo: 'USUARIO', registroId: String(compartilhado.id) });
    expect(p.totalElements).toBeGreaterThan(0);
    const autores = JSON.stringify(p.content.map((e) => e.autor));
    expect(autores).not.toContain(montBEmail);
    expect(autores).not.toContain(montBNome);
    // The change is there, said to be by someone outside the caller's scope; brand B sees its author.
    expect(p.content.filter((e) => e.autorForaDoEscopo).length).toBeGreaterThan(0);
    const deB = await pagina(montB.token, { tipo: 'USUARIO', registroId: String(compartilhado.id) });
    expect(deB.content.map((e) => e.autor?.email)).toContain(montBEmail);
  });

  it("shows any editor the author of an announcement label's changes (COMUNICADO_ETIQUETA has no scope check)", async () => {
    const salvo = await gql<{ salvarEtiquetaComunicado: { id: string } }>(
      kit.portal,
      'mutation($e: ComunicadoEtiquetaInput!) { salvarEtiquetaComunicado(etiqueta: $e) { id } }',
      { e: { nome: kit.unique('Etiqueta B') } },
      montB.token,
    );
    expect(salvo.errors, JSON.stringify(salvo.errors)).toBeUndefined();
    const r = await auditoria(montA.token, {
      tipo: 'COMUNICADO_ETIQUETA',
      registroId: salvo.data!.salvarEtiquetaComunicado.id,
    });
    const autores = JSON.stringify(r.data?.auditoria.content.map((e) => e.autor) ?? []);
    expect(autores).not.toContain(montBEmail);
  });
});

describe("auditoria: another scope's records by id (refused)", () => {
  it("refuses brand A every kind of brand B's record, even with history recorded", async () => {
    const comunicado = await comunicadoEnviado(kit.db, {
      autorId: montB.id,
      titulo: kit.unique('Comunicado B'),
      para: usuariosIds(soB.id),
    });
    const { rows: serie } = await kit.db.execute<{ id: number }>(
      sql`insert into comunicado_series (nome, prefixo, autor_id) values (${kit.unique('Série B')}, 'SB26', ${montB.id}) returning id`,
    );
    const { rows: notificacao } = await kit.db.execute<{ id: number }>(
      sql`insert into notificacoes_genericas (tipo, titulo, texto, autor_id) values ('comModelo', 'Notificação B', '<p>x</p>', ${montB.id}) returning id`,
    );
    const privado = await gql<{ salvarGrupoUsuarios: { id: string } }>(
      kit.portal,
      'mutation ($g: GrupoUsuariosInput!) { salvarGrupoUsuarios(grupoUsuarios: $g) { id } }',
      { g: { nome: kit.unique('Privado B'), publico: false, possuiUsuariosManuais: true, usuarioManualIds: [soB.id] } },
      montB.token,
    );
    expect(privado.errors, JSON.stringify(privado.errors)).toBeUndefined();
    const alvos: [string, number][] = [
      ['DEALER', dB.id],
      ['GRUPO', grupoB.id],
      ['USUARIO', soB.id],
      ['USUARIO', montB.id],
      ['GRUPO_USUARIOS', Number(privado.data!.salvarGrupoUsuarios.id)],
      ['COMUNICADO', comunicado.id],
      ['COMUNICADO_SERIE', Number(serie[0]!.id)],
      ['NOTIFICACAO_GENERICA', Number(notificacao[0]!.id)],
      ['MARCA', marcaB],
      ['RELATORIO', 1],
      ['SLIDE', 1],
      ['ANUNCIO', 1],
    ];
    await recordAudit(
      kit.db,
      alvos.map(([tipo, id]) => ({
        tipo,
        registroId: id,
        alteracao: 'ALTERACAO',
        valorNovo: { nome: 'segredo B', dealerId: dB.id },
        autorId: montB.id,
      })),
    );
    const vistos: Record<string, string | undefined> = {};
    for (const [tipo, id] of alvos) {
      const r = await auditoria(montA.token, { tipo, registroId: String(id) });
      vistos[`${tipo}:${id}`] = r.data ? 'LIDO' : errorCode(r);
    }
    expect(vistos).toEqual(Object.fromEntries(alvos.map(([t, id]) => [`${t}:${id}`, 'FORBIDDEN'])));
    // A dealer-group user of dealer A: brand B's dealer, group and user alike.
    for (const [tipo, id] of alvos.slice(0, 3)) {
      expect(errorCode(await auditoria(dgA.token, { tipo, registroId: String(id) }))).toBe('FORBIDDEN');
    }
  });

  it('bounds the page: a huge page number answers an empty page, more than 100 rows is refused', async () => {
    const f = { tipo: 'USUARIO', registroId: String(compartilhado.id) };
    const p = await pagina(montA.token, { ...f, page: 2_147_483_647, rowsPerPage: 100 });
    expect(p.content).toEqual([]);
    expect(errorCode(await auditoria(montA.token, { ...f, rowsPerPage: 1000 }))).toBe('BAD_USER_INPUT');
    expect(errorCode(await auditoria(montA.token, { ...f, campo: 'x'.repeat(5000) }))).toBe('BAD_USER_INPUT');
  });
});

describe("built-in reports: another brand's figures", () => {
  const USUARIOS = `query($f: RelatorioFiltroInput!) { relatorioUsuarios(filtro: $f) {
    total porMarca { id total } semanas { semana } } }`;
  const ALCANCE = `query($f: RelatorioFiltroInput!) { relatorioAlcance(filtro: $f) {
    destinatarios marcas { id } grupos { id } dealers { id } } }`;
  const PERIODO = { inicio: '2026-01-01', fim: '2026-12-31' };

  beforeAll(async () => {
    for (const interno of ['USUARIOS', 'ALCANCE_COMUNICADOS']) {
      const r = await gql(
        kit.portal,
        'mutation($r: RelatorioInput!) { salvarRelatorio(relatorio: $r) { id } }',
        {
          r: {
            slug: `s26-${interno.toLowerCase().replace('_', '-')}`,
            tituloPtBr: interno,
            tituloEs: interno,
            tituloEn: interno,
            tipo: 'INTERNO',
            interno,
          },
        },
        kit.staff,
      );
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    }
  });

  it("counts brand A's users only, as SQL does, and nothing for filters naming brand B's brand, group or dealer", async () => {
    const slug = 's26-usuarios';
    const r = await gql<{ relatorioUsuarios: { total: number; porMarca: { id: string; total: number }[] } }>(
      kit.portal,
      USUARIOS,
      { f: { slug, ...PERIODO } },
      montA.token,
    );
    expect(r.errors).toBeUndefined();
    const { rows } = await kit.db.execute<{ n: number }>(sql`select count(*)::int as n from usuarios u
      where u.id = ${montA.id} or (u.tipo in ('MONTADORA', 'DEALER_GRUPO') and u.marcas_efetivas && array[${marcaA}]::int[])`);
    expect(r.data!.relatorioUsuarios.total).toBe(Number(rows[0]!.n));
    expect(r.data!.relatorioUsuarios.porMarca.map((m) => m.id)).toEqual([String(marcaA)]);
    for (const filtro of [{ marcaId: marcaB }, { grupoId: grupoB.id }, { dealerId: dB.id }]) {
      const f = await gql<{ relatorioUsuarios: { total: number; porMarca: unknown[] } }>(
        kit.portal,
        USUARIOS,
        { f: { slug, ...PERIODO, ...filtro } },
        montA.token,
      );
      expect(f.errors).toBeUndefined();
      expect(f.data!.relatorioUsuarios).toMatchObject({ total: 0, porMarca: [] });
    }
    // The export, with another brand's dealer: no rows of figures.
    const { status, linhas } = await exportarCsv(
      kit.portal,
      'relatorioUsuarios',
      { slug, ...PERIODO, dealerId: String(dB.id) },
      montA.token,
    );
    expect(status).toBe(200);
    // The totals, then the period's weeks, every figure 0.
    expect(linhas[1]).toMatch(/^Total;;0;0;0;0;0;;$/);
    expect(linhas.slice(2).every((l) => /^Uso por semana;\d{4}-\d\d-\d\d;;;;;;0;0$/.test(l))).toBe(true);
  });

  it("lists brand A's announcement reach at brand A's dealer only, never at B's dealer or group of a shared user", async () => {
    await comunicadoEnviado(kit.db, {
      autorId: montA.id,
      titulo: kit.unique('Recall A'),
      para: usuariosIds(compartilhado.id, soA.id),
      enviadoEm: '2026-03-10T12:00:00Z',
    });
    const r = await gql<{
      relatorioAlcance: {
        destinatarios: number;
        marcas: { id: string }[];
        grupos: { id: string }[];
        dealers: { id: string }[];
      };
    }>(kit.portal, ALCANCE, { f: { slug: 's26-alcance-comunicados', ...PERIODO } }, montA.token);
    expect(r.errors).toBeUndefined();
    const a = r.data!.relatorioAlcance;
    expect(a.destinatarios).toBe(2);
    expect(a.marcas.map((m) => m.id)).toEqual([String(marcaA)]);
    expect(a.dealers.map((d) => d.id)).toEqual([String(dA.id)]);
    expect(a.grupos.map((g) => g.id)).not.toContain(String(grupoB.id));
    const b = await gql<{ relatorioAlcance: { destinatarios: number } }>(
      kit.portal,
      ALCANCE,
      { f: { slug: 's26-alcance-comunicados', ...PERIODO, dealerId: dB.id } },
      montA.token,
    );
    expect(b.data!.relatorioAlcance.destinatarios).toBe(0);
  });

  it('refuses a 100-year period (a weekly series of 5,000 weeks) and a list of ids in a filter', async () => {
    const longo = await gql(
      kit.portal,
      USUARIOS,
      { f: { slug: 's26-usuarios', inicio: '1950-01-01', fim: '2049-12-31' } },
      montA.token,
    );
    expect(errorCode(longo)).toBe('BAD_USER_INPUT');
    const lista = await gql(
      kit.portal,
      USUARIOS,
      { f: { slug: 's26-usuarios', ...PERIODO, dealerId: [dA.id, dB.id] } },
      montA.token,
    );
    expect(lista.data ?? null).toBeNull();
  });
});
