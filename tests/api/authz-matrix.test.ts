import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  arquivos,
  ausenciasTemporarias,
  comunicadoArquivos,
  cargos,
  departamentos,
  desligamentos,
  divisoes,
  grupoUsuariosCargos,
  gruposUsuarios,
  marcas,
  redesSociais,
  relatorios,
  dealerGrupos,
  dealerMarcas,
  dealerProdutos,
  dealers,
  grupos,
  importacoes,
  pushSubscriptions,
  notificacaoGenericaGrupos,
  notificacoesGenericas,
  comunicadoEtiquetas,
  comunicadoGrupos,
  comunicados,
  setores,
  usuarios,
  anuncioGrupos,
  anuncios,
  slideGrupos,
  slides,
  vitrineImagens,
} from '../../server/db/schema';
import { comunicadoEnviado, usuariosIds } from './comunicadosEnviados';
import { ALL_POLICIES, allows } from '../../domain/policies';
import { cpfFrom, createUsuario } from '../../server/db/seed/builders';
import { seededRandom } from '../../server/db/seed/random';
import { DEMO_PASSWORD } from '../../server/db/seed';
import type { AccessSubject } from '../../domain/access';
import { notify } from '../../server/features/notificacoes';
import { operationTable } from '../../server/graphql/schema';
import { DEMO, errorCode, gql, signIn, startPortal, versionOf, type TestPortal } from './portal';

/**
 * Every operation of the schema, for an anonymous caller and the three demo users: allowed (true)
 * or refused (false). A new operation fails this test until it is added here with its sample call.
 */
type Caller = 'anonymous' | keyof typeof DEMO;
const CALLERS: Caller[] = ['anonymous', 'super', 'montadora', 'dealer'];

interface Case {
  query: string;
  variables?: (
    ids: Record<keyof typeof DEMO, number>,
    portal: TestPortal,
    caller: Caller,
  ) => Record<string, unknown> | Promise<Record<string, unknown>>;
  allowed: Record<Caller, boolean>;
  /** The caller's token for this call when the calls before ended the caller's sessions. */
  token?: (caller: keyof typeof DEMO) => Promise<string>;
}

const NOVA_SENHA = 'Matriz#Senha2026';

const everyoneSignedIn = { anonymous: false, super: true, montadora: true, dealer: true };

const networkMaintainers = { anonymous: false, super: true, montadora: true, dealer: false };

/** A seeded dealer as the wizard would send it back unchanged. */
async function dealerInput(portal: TestPortal, id: number) {
  const { db } = portal.database;
  const [
    { id: _id, createdAt: _createdAt, busca: _busca, logradouro, complemento, bairro, cidade, estado, cep, ...d },
  ] = await db.select().from(dealers).where(eq(dealers.id, id));
  return {
    id,
    ...d,
    endereco: { logradouro, complemento, bairro, cidade, estado, cep },
    marcaIds: (await db.select().from(dealerMarcas).where(eq(dealerMarcas.dealerId, id))).map((m) => m.marcaId),
    grupoIds: (await db.select().from(dealerGrupos).where(eq(dealerGrupos.dealerId, id))).map((g) => g.grupoId),
    dadosComplementares: (await db.select().from(dealerProdutos).where(eq(dealerProdutos.dealerId, id))).map(
      ({ produtoId, uri }) => ({ produtoId, uri }),
    ),
  };
}

/** User maintenance (the dealer demo user has no key for it). */
const userMaintainers = { anonymous: false, super: true, montadora: true, dealer: false };

/** A user in the manufacturer's scope that the matrix inactivates, and a counter for new users. */
const alvo = { id: 0, criados: 0 };
const cpfs = seededRandom(777);

const staffOnly = { anonymous: false, super: true, montadora: false, dealer: false };

/** Temporary absences: the PORTAL_AUSENCIA_TEMPORARIA key, which of the demo users only provider staff hold. */
const absenceKeepers = staffOnly;
/** Absences of `alvo` made for the matrix: one to read, one to remove; dates far ahead of today. */
const ausencia = { lida: 0, excluida: 0 };
const ausenciaInput = (dias: number) => ({
  usuarioId: alvo.id,
  inicio: `2099-01-${String(dias).padStart(2, '0')}`,
  retorno: `2099-01-${String(dias).padStart(2, '0')}`,
  motivo: 'Matriz',
  justificativa: 'Ausência da matriz de autorização',
});

/** Reference records made for the matrix: unused, so the provider staff may remove them. */
const cadastro = {} as Record<
  | 'marca'
  | 'cargo'
  | 'departamento'
  | 'divisao'
  | 'divisaoDoSetor'
  | 'setor'
  | 'desligamento'
  | 'redeSocial'
  | 'relatorio',
  number
>;

/**
 * User groups (issue #14): a private group the manufacturer created (provider staff read and change
 * every group), a position for its block, and a counter for the new groups the matrix saves.
 */
const grupoUsuarios = { id: 0, cargo: 0, criados: 0 };

/** Generic notifications: the manufacturer demo user holds the key (and the model key). */
const genericNotifiers = { anonymous: false, super: true, montadora: true, dealer: false };
/** A draft of the manufacturer's to the Aurora network group (it has recipients), made per call when needed. */
async function rascunhoGenerico(portal: TestPortal, autorId: number, agendada = false) {
  const { db } = portal.database;
  const [aurora] = await db.select().from(gruposUsuarios).where(eq(gruposUsuarios.nome, 'Rede Aurora Motors'));
  const [row] = await db
    .insert(notificacoesGenericas)
    .values({
      tipo: 'comModelo',
      titulo: 'Matriz Genérica',
      texto: '<p>Matriz</p>',
      autorId,
      ...(agendada ? { estado: 'agendada', agendadoPara: new Date(Date.now() + 2 * 3600_000) } : {}),
    })
    .returning();
  await db.insert(notificacaoGenericaGrupos).values({ notificacaoGenericaId: row.id, grupoUsuariosId: aurora.id });
  return row.id;
}

/** Slides and adverts (issue #30): the manufacturer demo user holds both keys. */
const vitrineMaintainers = { anonymous: false, super: true, montadora: true, dealer: false };
/** An image of the vitrine area uploaded by `autorId` (what salvarSlide/salvarAnuncio may attach). */
async function imagemMatriz(portal: TestPortal, autorId: number) {
  const { db } = portal.database;
  const [row] = await db
    .insert(arquivos)
    .values({
      chave: `vitrine/${randomUUID()}`,
      nome: 'matriz.png',
      tipoMime: 'image/png',
      tamanho: 1,
      sha256: 'x',
      autorId,
    })
    .returning();
  await db.insert(vitrineImagens).values({ arquivoId: row.id, largura: 1140, altura: 400 });
  return row.id;
}
/** A slide or advert of `autorId` to the Aurora network group, on display. */
async function vitrineMatriz(portal: TestPortal, tipo: 'slide' | 'anuncio', autorId: number) {
  const { db } = portal.database;
  const [aurora] = await db.select().from(gruposUsuarios).where(eq(gruposUsuarios.nome, 'Rede Aurora Motors'));
  const comum = {
    titulo: 'Matriz Vitrine',
    inicio: new Date(Date.now() - 3600_000),
    fim: new Date(Date.now() + 3600_000),
    arquivoId: await imagemMatriz(portal, autorId),
    autorId,
  };
  if (tipo === 'slide') {
    const [row] = await db
      .insert(slides)
      .values({
        ...comum,
        corTitulo: '#FFFFFF',
        tamanhoTitulo: 40,
        corSubtitulo: '#FFFFFF',
        tamanhoSubtitulo: 20,
        ordem: 1,
      })
      .returning();
    await db.insert(slideGrupos).values({ slideId: row.id, grupoUsuariosId: aurora.id });
    return row.id;
  }
  const [row] = await db.insert(anuncios).values(comum).returning();
  await db.insert(anuncioGrupos).values({ anuncioId: row.id, grupoUsuariosId: aurora.id });
  return row.id;
}
const autorDaVitrine = (ids: Record<keyof typeof DEMO, number>, caller: Caller) =>
  caller === 'anonymous' ? ids.montadora : ids[caller];
const vitrineInput = async (ids: Record<keyof typeof DEMO, number>, portal: TestPortal, caller: Caller) => {
  const [aurora] = await portal.database.db
    .select()
    .from(gruposUsuarios)
    .where(eq(gruposUsuarios.nome, 'Rede Aurora Motors'));
  return {
    titulo: 'Matriz Vitrine',
    inicioDate: new Date(Date.now() - 3600_000).toISOString(),
    fimDate: new Date(Date.now() + 3600_000).toISOString(),
    arquivoId: await imagemMatriz(portal, autorDaVitrine(ids, caller)),
    grupoIds: [aurora.id],
  };
};

/** Announcements (issue #28): writers and approvers (the manufacturer demo user holds both keys). */
const announcementEditors = { anonymous: false, super: true, montadora: true, dealer: false };
/** An approver for the matrix's requests for approval (in the Aurora brand, holding only the approval key). */
const comunicadoMatriz = { aprovador: 0, seq: 0 };
async function aprovadorMatriz(portal: TestPortal) {
  if (!comunicadoMatriz.aprovador) {
    const { db } = portal.database;
    const [aurora] = await db.select().from(marcas).where(eq(marcas.nome, 'Aurora Motors'));
    comunicadoMatriz.aprovador = (
      await createUsuario(db, {
        nome: 'Matriz Aprovador',
        email: 'matriz.aprovador@comunicados.test',
        tipo: 'MONTADORA',
        marcaIds: [aurora.id],
        funcionalidades: ['PORTAL_APROVACAO_ENVIO_COMUNICADOS'],
      })
    ).id;
  }
  return comunicadoMatriz.aprovador;
}
/**
 * An announcement in a state, to the Aurora network group (it has recipients), made per call: by
 * `autorId`, with `aprovadorId` chosen when in approval.
 */
async function comunicadoMatrizDe(
  portal: TestPortal,
  autorId: number,
  estado: string,
  { aprovadorId = null as number | null, agendadoPara = null as Date | null } = {},
) {
  const { db } = portal.database;
  const [aurora] = await db.select().from(gruposUsuarios).where(eq(gruposUsuarios.nome, 'Rede Aurora Motors'));
  const [row] = await db
    .insert(comunicados)
    .values({
      titulo: `Matriz Comunicado ${++comunicadoMatriz.seq}`,
      mensagem: '<p>Matriz</p>',
      autorId,
      estado,
      aprovadorId,
      agendadoPara,
      enviadoEm: estado === 'ENVIADO' ? new Date() : null,
    })
    .returning();
  await db.insert(comunicadoGrupos).values({ comunicadoId: row.id, grupoUsuariosId: aurora.id });
  return row.id;
}
/** Who writes the matrix's announcement for `caller` (the dealer is refused before it is read). */
const autorDe = (ids: Record<keyof typeof DEMO, number>, caller: Caller) =>
  caller === 'anonymous' || caller === 'dealer' ? ids.montadora : ids[caller];

/** User-group maintenance (PORTAL_MANUTENCAO_GRUPOS_USUARIOS; the dealer demo user holds no key for it). */
const userGroupMaintainers = { anonymous: false, super: true, montadora: true, dealer: false };

/**
 * An announcement of the manufacturer's sent to the three demo users, with an attachment and asking
 * for confirmation (made once); the reminder takes one per caller (once a day each).
 */
const leituraMatriz: {
  id?: Promise<{ id: number; arquivo: number }>;
  lembretes: Partial<Record<Caller, Promise<number>>>;
} = {
  lembretes: {},
};
async function enviadoMatriz(portal: TestPortal, ids: Record<keyof typeof DEMO, number>) {
  const { db } = portal.database;
  const { id } = await comunicadoEnviado(db, {
    autorId: ids.montadora,
    titulo: 'Matriz Comunicado',
    para: usuariosIds(ids.super, ids.montadora, ids.dealer),
    exigeConfirmacao: true,
  });
  const [arquivo] = await db
    .insert(arquivos)
    .values({
      chave: `comunicados/${randomUUID()}`,
      nome: 'matriz.pdf',
      tipoMime: 'application/pdf',
      tamanho: 1,
      sha256: '0',
      autorId: ids.montadora,
    })
    .returning();
  await db.insert(comunicadoArquivos).values({ comunicadoId: id, arquivoId: arquivo.id });
  return { id, arquivo: arquivo.id };
}
const matriz = (portal: TestPortal, ids: Record<keyof typeof DEMO, number>) =>
  (leituraMatriz.id ??= enviadoMatriz(portal, ids));
const lembreteMatriz = (portal: TestPortal, ids: Record<keyof typeof DEMO, number>, caller: Caller) =>
  (leituraMatriz.lembretes[caller] ??= enviadoMatriz(portal, ids).then((c) => c.id));

/** Library managers (PORTAL_GERENCIAR_BIBLIOTECA): provider staff and the demo manufacturer. */
const libraryManagers = { anonymous: false, super: true, montadora: true, dealer: false };
let itensMatriz = 0;
/**
 * A top-level library folder of `caller` (its owner writes to it; a file in it with `comArquivo`),
 * written straight to the database: answers the folder's id and the file's arquivos id.
 */
async function pastaMatriz(
  portal: TestPortal,
  ids: Record<keyof typeof DEMO, number>,
  caller: Caller,
  comArquivo = false,
) {
  const dono = ids[caller === 'anonymous' ? 'super' : caller];
  const { db } = portal.database;
  const { rows } = await db.execute<{ id: number }>(sql`insert into biblioteca_itens (nome, is_pasta, proprietario_id)
    values (${`Matriz ${++itensMatriz}`}, true, ${dono}) returning id`);
  const pasta = Number(rows[0]!.id);
  let arquivo = 0;
  if (comArquivo) {
    const [a] = await db
      .insert(arquivos)
      .values({
        chave: `biblioteca/${randomUUID()}`,
        nome: 'matriz.txt',
        tipoMime: 'text/plain',
        tamanho: 1,
        sha256: '0',
        autorId: dono,
      })
      .returning();
    arquivo = a.id;
    await db.execute(sql`insert into biblioteca_itens (nome, is_pasta, pasta_pai_id, arquivo_id, proprietario_id)
      values ('matriz.txt', false, ${pasta}, ${arquivo}, ${dono})`);
  }
  return { pasta, arquivo };
}

const MATRIX: Record<'Query' | 'Mutation', Record<string, Case>> = {
  Query: {
    // The virtual library (server/features/biblioteca): every signed-in user reads what reaches them.
    pasta: { query: '{ pasta(idPasta: 0) { id nome } }', allowed: everyoneSignedIn },
    itemsPorPasta: { query: '{ itemsPorPasta { totalElements } }', allowed: everyoneSignedIn },
    pastasComPermissaoEscrita: { query: '{ pastasComPermissaoEscrita { id } }', allowed: everyoneSignedIn },
    arquivo: {
      query: 'query($id: ID!) { arquivo(idArquivo: $id) { id nome } }',
      variables: async (ids, portal, caller) => ({ id: (await pastaMatriz(portal, ids, caller, true)).arquivo }),
      allowed: everyoneSignedIn,
    },
    ultimosModificados: { query: '{ ultimosModificados { id } }', allowed: everyoneSignedIn },
    linkDownloadByArquivo: {
      query: 'query($id: ID!) { linkDownloadByArquivo(idArquivo: $id) }',
      variables: async (ids, portal, caller) => ({ id: (await pastaMatriz(portal, ids, caller, true)).arquivo }),
      allowed: everyoneSignedIn,
    },
    ultimosModificadosExtendido: {
      query: '{ ultimosModificadosExtendido { totalElements } }',
      allowed: everyoneSignedIn,
    },
    buscaBibliotecaPage: {
      query: '{ buscaBibliotecaPage(filterInput: { busca: "matriz" }) { totalElements } }',
      allowed: everyoneSignedIn,
    },
    // Announcements, the reader's own deliveries and the dashboards (server/features/comunicados).
    comunicadoEnvios: { query: '{ comunicadoEnvios { totalElements content { id } } }', allowed: everyoneSignedIn },
    contagensComunicados: { query: '{ contagensComunicados { naoLidos } }', allowed: everyoneSignedIn },
    comunicadoEnvio: {
      query: 'query($id: ID!) { comunicadoEnvio(idComunicado: $id) { id } }',
      variables: async (ids, portal) => ({ id: (await matriz(portal, ids)).id }),
      allowed: everyoneSignedIn,
    },
    comunicadoEnviosRecentes: { query: '{ comunicadoEnviosRecentes { id } }', allowed: everyoneSignedIn },
    departamentosComunicadosRecebidos: {
      query: '{ departamentosComunicadosRecebidos { id sigla } }',
      allowed: everyoneSignedIn,
    },
    linkDownloadAnexoComunicado: {
      query: 'query($c: ID!, $a: ID!) { linkDownloadAnexoComunicado(idComunicado: $c, idArquivo: $a) }',
      variables: async (ids, portal) => {
        const { id, arquivo } = await matriz(portal, ids);
        return { c: id, a: arquivo };
      },
      allowed: everyoneSignedIn,
    },
    comunicadoDashboard: {
      query: 'query($id: ID!) { comunicadoDashboard(id: $id) { destinatarios lidos } }',
      variables: async (ids, portal) => ({ id: (await matriz(portal, ids)).id }),
      allowed: announcementEditors,
    },
    comunicadoDashboardRollup: {
      query: 'query($id: ID!) { comunicadoDashboardRollup(id: $id, nivel: "DEALER") { totalElements } }',
      variables: async (ids, portal) => ({ id: (await matriz(portal, ids)).id }),
      allowed: announcementEditors,
    },
    comunicadoNaoLidos: {
      query: 'query($id: ID!) { comunicadoNaoLidos(id: $id) { totalElements } }',
      variables: async (ids, portal) => ({ id: (await matriz(portal, ids)).id }),
      allowed: announcementEditors,
    },
    // Dealers and groups: the dealers-and-groups maintenance key (the dealer demo user has none).
    grupos: { query: '{ grupos(filterInput: {}) { totalElements } }', allowed: networkMaintainers },
    grupo: { query: '{ grupo(id: 1) { id } }', allowed: networkMaintainers },
    gruposAtivos: { query: '{ gruposAtivos { id } }', allowed: everyoneSignedIn },
    impactoGrupo: {
      query: `{ impactoGrupo(grupo: { id: 1, nome: "Grupo Horizonte", marcaIds: [1, 2], active: false }) {
        dealersInativados } }`,
      allowed: networkMaintainers,
    },
    dealers: { query: '{ dealers(filterInput: { busca: "a" }) { totalElements } }', allowed: networkMaintainers },
    dealer: { query: '{ dealer(id: 1) { id } }', allowed: networkMaintainers },
    dealersOpcoes: {
      query: '{ dealersOpcoes(filterInput: { busca: "a" }) { totalElements } }',
      allowed: everyoneSignedIn,
    },
    i18nLabels: {
      query: '{ i18nLabels { key } }',
      allowed: { anonymous: true, super: true, montadora: true, dealer: true },
    },
    menuUsuarioLogado: { query: '{ menuUsuarioLogado { menus } }', allowed: everyoneSignedIn },
    minhasSessoes: { query: '{ minhasSessoes { id } }', allowed: everyoneSignedIn },
    aceitaEmailComunicados: { query: '{ aceitaEmailComunicados }', allowed: everyoneSignedIn },
    notificacoesMenu: { query: '{ notificacoesMenu { id } }', allowed: everyoneSignedIn },
    countNotificacoesNaoLidas: { query: '{ countNotificacoesNaoLidas }', allowed: everyoneSignedIn },
    meusDispositivosPush: { query: '{ meusDispositivosPush { id endpoint } }', allowed: everyoneSignedIn },
    notificacoesGenericas: {
      query: '{ notificacoesGenericas(filterInput: { tipo: "modelo" }) { totalElements content { id } } }',
      allowed: genericNotifiers,
    },
    notificacaoGenerica: {
      query: 'query($id: ID!) { notificacaoGenerica(id: $id) { id titulo } }',
      variables: async (ids, portal) => ({ id: await rascunhoGenerico(portal, ids.montadora) }),
      allowed: genericNotifiers,
    },
    versoesNotificacaoGenerica: {
      query: 'query($id: ID!) { versoesNotificacaoGenerica(id: $id) { versao } }',
      variables: async (ids, portal) => ({ id: await rascunhoGenerico(portal, ids.montadora) }),
      allowed: genericNotifiers,
    },
    previaNotificacaoGenerica: {
      query: 'query($id: ID!) { previaNotificacaoGenerica(grupoIds: [$id]) }',
      variables: () => ({ id: grupoUsuarios.id }),
      allowed: genericNotifiers,
    },
    notificacoes: { query: '{ notificacoes { totalElements } }', allowed: everyoneSignedIn },
    slides: { query: '{ slides { totalElements content { id } } }', allowed: vitrineMaintainers },
    slide: {
      query: 'query($id: ID!) { slide(id: $id) { id titulo } }',
      variables: async (ids, portal) => ({ id: await vitrineMatriz(portal, 'slide', ids.montadora) }),
      allowed: vitrineMaintainers,
    },
    slidesAtivos: { query: '{ slidesAtivos { id titulo } }', allowed: everyoneSignedIn },
    anuncios: { query: '{ anuncios { totalElements content { id } } }', allowed: vitrineMaintainers },
    anuncio: {
      query: 'query($id: ID!) { anuncio(id: $id) { id titulo } }',
      variables: async (ids, portal) => ({ id: await vitrineMatriz(portal, 'anuncio', ids.montadora) }),
      allowed: vitrineMaintainers,
    },
    anuncioAleatorio: { query: '{ anuncioAleatorio { id } }', allowed: everyoneSignedIn },
    comunicado: {
      query: 'query($id: ID!) { comunicado(id: $id) { id acoes } }',
      variables: async (ids, portal, caller) => ({
        id: await comunicadoMatrizDe(portal, autorDe(ids, caller), 'RASCUNHO'),
      }),
      allowed: announcementEditors,
    },
    comunicados: {
      query: '{ comunicados(filterInput: { aba: "RASCUNHOS" }) { totalElements content { id } } }',
      allowed: announcementEditors,
    },
    aprovadoresComunicado: { query: '{ aprovadoresComunicado { id } }', allowed: announcementEditors },
    departamentosComunicados: { query: '{ departamentosComunicados { id sigla } }', allowed: announcementEditors },
    limitesAnexosComunicado: {
      query: '{ limitesAnexosComunicado { porArquivo total } }',
      allowed: announcementEditors,
    },
    seriesComunicados: { query: '{ seriesComunicados { totalElements } }', allowed: announcementEditors },
    etiquetasComunicados: {
      query: '{ etiquetasComunicados(filterInput: { busca: "a" }) { totalElements } }',
      allowed: announcementEditors,
    },
    previaDestinatariosComunicado: {
      query: 'query($g: ID!) { previaDestinatariosComunicado(grupoIds: [$g]) }',
      variables: async (_ids, portal) => {
        const [aurora] = await portal.database.db
          .select()
          .from(gruposUsuarios)
          .where(eq(gruposUsuarios.nome, 'Rede Aurora Motors'));
        return { g: aurora.id };
      },
      allowed: announcementEditors,
    },
    // The send preview is open to every signed-in user (spec section 2), of what they may see: here their own.
    visualizarEnvio: {
      query: 'query($id: ID!) { visualizarEnvio(id: $id) { destinatarios } }',
      variables: async (ids, portal, caller) => ({
        id: await comunicadoMatrizDe(portal, caller === 'anonymous' ? ids.montadora : ids[caller], 'RASCUNHO'),
      }),
      allowed: everyoneSignedIn,
    },
    comunicadoEmails: {
      query: 'query($id: ID!) { comunicadoEmails(id: $id) { totalElements } }',
      variables: async (ids, portal, caller) => ({
        id: await comunicadoMatrizDe(portal, autorDe(ids, caller), 'ENVIADO'),
      }),
      allowed: announcementEditors,
    },
    usuariosPortalProperties: {
      query: '{ usuariosPortalProperties { informarDepartamentoCargo } }',
      allowed: everyoneSignedIn,
    },
    produtos: { query: '{ produtos { id } }', allowed: everyoneSignedIn },
    usuarioLogado: { query: '{ usuarioLogado { id } }', allowed: everyoneSignedIn },
    usuarios: { query: '{ usuarios(filterInput: { busca: "a" }) { totalElements } }', allowed: userMaintainers },
    exportacaoUsuarios: { query: '{ exportacaoUsuarios { id status } }', allowed: userMaintainers },
    importStatus: {
      query: '{ importStatus(filterInput: { page: 0, rowsPerPage: 5 }) { totalElements content { id status } } }',
      // PORTAL_IMPORTACAO_USUARIOS: none of the demo's manufacturer or dealer accounts holds it.
      allowed: { anonymous: false, super: true, montadora: false, dealer: false },
    },
    errosImportacao: {
      query: 'query($id: ID!) { errosImportacao(id: $id) { totalElements content { linha } } }',
      // An import of the provider-staff demo user (the only demo account with the import function).
      variables: async (ids, portal) => {
        const [imp] = await portal.database.db
          .insert(importacoes)
          .values({
            autorId: ids.super,
            idioma: 'PT_BR',
            nomeArquivo: 'matriz.xlsx',
            chave: 'importacoes/matriz',
            tamanho: 1,
            sha256: `matriz-${randomUUID()}`,
          })
          .returning({ id: importacoes.id });
        return { id: imp.id };
      },
      allowed: { anonymous: false, super: true, montadora: false, dealer: false },
    },
    usuario: {
      query: 'query($id: ID!) { usuario(id: $id) { id } }',
      variables: (ids) => ({ id: ids.dealer }),
      allowed: userMaintainers,
    },
    infoUsuario: {
      query: 'query($id: ID!) { infoUsuario(usuarioId: $id) { produtoId } }',
      variables: (ids) => ({ id: ids.dealer }),
      allowed: userMaintainers,
    },
    dominioUsuario: { query: '{ dominioUsuario { tiposUsuario } }', allowed: userMaintainers },
    produtosByDealersAndTipoUsuario: {
      query: '{ produtosByDealersAndTipoUsuario(idsDealer: [], tipoUsuario: MONTADORA) { id } }',
      allowed: userMaintainers,
    },
    usuariosByTipoUsuario: { query: '{ usuariosByTipoUsuario(tipo: DEALER_GRUPO) { id } }', allowed: userMaintainers },
    usuarioByCpf: { query: '{ usuarioByCpf(cpf: "529.982.247-25") { id } }', allowed: userMaintainers },
    usuarioByEmail: {
      query: 'query($e: String!) { usuarioByEmail(email: $e) { id } }',
      variables: () => ({ e: DEMO.dealer }),
      allowed: userMaintainers,
    },
    podeAdicionarCargo: {
      query: '{ podeAdicionarCargo(cargoAdicionadoInput: { cargoId: 1, dealerId: 1, dataInicio: "2026-01-01" }) }',
      allowed: userMaintainers,
    },
    departamentosCargosUsuarios: { query: '{ departamentosCargosUsuarios { id } }', allowed: userMaintainers },
    ausenciasTemporarias: {
      query: 'query($u: ID!) { ausenciasTemporarias(filterInput: { usuarioId: $u }) { totalElements } }',
      variables: () => ({ u: alvo.id }),
      allowed: absenceKeepers,
    },
    ausenciaTemporaria: {
      query: 'query($id: ID!) { ausenciaTemporaria(id: $id) { id } }',
      variables: () => ({ id: ausencia.lida }),
      allowed: absenceKeepers,
    },
    substitutosAusencia: {
      query: 'query($u: ID!) { substitutosAusencia(usuarioId: $u) { id } }',
      variables: () => ({ u: alvo.id }),
      allowed: absenceKeepers,
    },
    currentUserOnboardingIsSeen: { query: '{ currentUserOnboardingIsSeen(id: HOME) }', allowed: everyoneSignedIn },
    // The audit route's keys (the dealer has none); scope per kind is in auditoria.test.ts.
    auditoria: {
      query:
        'query($id: ID!) { auditoria(filterInput: { tipo: "USUARIO", registroId: $id }) { totalElements campos } }',
      variables: (ids) => ({ id: ids.montadora }),
      allowed: { anonymous: false, super: true, montadora: true, dealer: false },
    },
    marcas: { query: '{ marcas { id nome active } }', allowed: everyoneSignedIn },
    cargos: { query: '{ cargos(cargosPrincipais: true) { id nome } }', allowed: everyoneSignedIn },
    departamentos: { query: '{ departamentos { id sigla } }', allowed: everyoneSignedIn },
    divisoes: { query: '{ divisoes { id nome } }', allowed: everyoneSignedIn },
    setores: { query: '{ setores { id divisao { id } } }', allowed: everyoneSignedIn },
    desligamentos: { query: '{ desligamentos { id motivo } }', allowed: everyoneSignedIn },
    redesSociais: { query: '{ redesSociais { id icone marca { id } } }', allowed: everyoneSignedIn },
    // Reports (issue #31): definitions are the provider's staff's; a report everyone may open opens
    // for everyone, its figures too (each definition's own rule is tested in relatorios.test.ts).
    relatorios: { query: '{ relatorios { id slug } }', allowed: staffOnly },
    relatorioAberto: { query: '{ relatorioAberto(slug: "matriz-todos") { titulo } }', allowed: everyoneSignedIn },
    relatorioUsuarios: {
      query: `{ relatorioUsuarios(filtro: { slug: "matriz-usuarios", inicio: "2026-01-01", fim: "2026-12-31" }) {
        total } }`,
      allowed: everyoneSignedIn,
    },
    relatorioAlcance: {
      query: `{ relatorioAlcance(filtro: { slug: "matriz-todos", inicio: "2026-01-01", fim: "2026-12-31" }) {
        comunicados } }`,
      allowed: everyoneSignedIn,
    },
    relatorioBiblioteca: {
      query: `{ relatorioBiblioteca(filtro: { slug: "matriz-biblioteca", inicio: "2026-01-01", fim: "2026-12-31" }) {
        arquivos } }`,
      allowed: everyoneSignedIn,
    },
    relatorioImportacoes: {
      query: `{ relatorioImportacoes(filtro: { slug: "matriz-importacoes", inicio: "2026-01-01", fim: "2026-12-31" }) {
        importacoes } }`,
      allowed: everyoneSignedIn,
    },
    // User groups: maintenance (list, by name, manual-user search) and use (read, recipients,
    // active groups) both need a key the dealer demo user lacks; the group is one both may read.
    gruposUsuarios: {
      query: '{ gruposUsuarios(filterInput: { busca: "Matriz" }) { totalElements content { id } } }',
      allowed: userGroupMaintainers,
    },
    gruposUsuariosAtivos: { query: '{ gruposUsuariosAtivos { id favorito } }', allowed: userGroupMaintainers },
    grupoUsuarios: {
      query: 'query($id: ID!) { grupoUsuarios(id: $id) { id nome totalDestinatarios } }',
      variables: () => ({ id: grupoUsuarios.id }),
      allowed: userGroupMaintainers,
    },
    grupoUsuariosByNome: {
      query: '{ grupoUsuariosByNome(nome: "Matriz Grupo de Usuários") { id } }',
      allowed: userGroupMaintainers,
    },
    usuariosByGruposUsuariosPaged: {
      query: `query($id: ID!) {
        usuariosByGruposUsuariosPaged(filterInput: { grupos: [$id] }) { totalElements content { id } } }`,
      variables: () => ({ id: grupoUsuarios.id }),
      allowed: userGroupMaintainers,
    },
    usuariosByNomeOrEmailStartingWith: {
      query: '{ usuariosByNomeOrEmailStartingWith(nome: "mat") { id } }',
      allowed: userGroupMaintainers,
    },
    // The super-admin page (/superAdmin): provider staff only.
    ultimosJobs: { query: '{ ultimosJobs { id status } }', allowed: staffOnly },
  },
  Mutation: {
    gerarLinkDownloadByItemBiblioteca: {
      query: 'mutation($id: ID!) { gerarLinkDownloadByItemBiblioteca(idItemBiblioteca: $id) }',
      variables: async (ids, portal, caller) => ({ id: (await pastaMatriz(portal, ids, caller)).pasta }),
      allowed: everyoneSignedIn,
    },
    linkDownloadByArquivo: {
      query: 'mutation($id: ID!) { linkDownloadByArquivo(idArquivo: $id, registrarDownload: true) }',
      variables: async (ids, portal, caller) => ({ id: (await pastaMatriz(portal, ids, caller, true)).arquivo }),
      allowed: everyoneSignedIn,
    },
    criarNovaPasta: {
      query: 'mutation($p: NovaPastaInput!) { criarNovaPasta(novaPasta: $p) { id } }',
      variables: () => ({ p: { nome: `Matriz nova ${++itensMatriz}`, isPublico: false } }),
      allowed: libraryManagers,
    },
    uploadArquivos: {
      query: 'mutation($a: [UploadArquivoInput!]!) { uploadArquivos(arquivos: $a) { id } }',
      variables: async (ids, portal, caller) => {
        const { pasta } = await pastaMatriz(portal, ids, caller);
        const [a] = await portal.database.db
          .insert(arquivos)
          .values({
            chave: `biblioteca/${randomUUID()}`,
            nome: `up ${++itensMatriz}.txt`,
            tipoMime: 'text/plain',
            tamanho: 1,
            sha256: '0',
            autorId: ids[caller === 'anonymous' ? 'super' : caller],
          })
          .returning();
        return { a: [{ idArquivo: a.id, idPastaPai: pasta }] };
      },
      allowed: libraryManagers,
    },
    concederAcesso: {
      query: 'mutation($p: NovasPermissoesInput!) { concederAcesso(novasPermissoes: $p) { id } }',
      variables: async (ids, portal, caller) => ({
        p: { idPasta: (await pastaMatriz(portal, ids, caller)).pasta, tiposAcesso: [], version: 1 },
      }),
      allowed: everyoneSignedIn,
    },
    excluirItemBiblioteca: {
      query: 'mutation($id: ID!) { excluirItemBiblioteca(idItem: $id, version: 1) }',
      variables: async (ids, portal, caller) => ({ id: (await pastaMatriz(portal, ids, caller)).pasta }),
      allowed: everyoneSignedIn,
    },
    moverItemBiblioteca: {
      query:
        'mutation($id: ID!, $para: ID!) { moverItemBiblioteca(idItemBiblioteca: $id, idNovaLocalizacao: $para, version: 1) { id } }',
      variables: async (ids, portal, caller) => ({
        id: (await pastaMatriz(portal, ids, caller)).pasta,
        para: (await pastaMatriz(portal, ids, caller)).pasta,
      }),
      allowed: everyoneSignedIn,
    },
    renomearItemBiblioteca: {
      query:
        'mutation($id: ID!, $nome: String!) { renomearItemBiblioteca(idItemBiblioteca: $id, novoNome: $nome, version: 1) { id } }',
      variables: async (ids, portal, caller) => ({
        id: (await pastaMatriz(portal, ids, caller)).pasta,
        nome: `Renomeada ${++itensMatriz}`,
      }),
      allowed: everyoneSignedIn,
    },
    abrirComunicado: {
      query: 'mutation($id: ID!) { abrirComunicado(idComunicado: $id) { id lido } }',
      variables: async (ids, portal) => ({ id: (await matriz(portal, ids)).id }),
      allowed: everyoneSignedIn,
    },
    confirmarLeituraComunicado: {
      query: 'mutation($id: ID!) { confirmarLeituraComunicado(idComunicado: $id) { id confirmado } }',
      variables: async (ids, portal) => ({ id: (await matriz(portal, ids)).id }),
      allowed: everyoneSignedIn,
    },
    marcarComunicadosLidos: {
      query: 'mutation { marcarComunicadosLidos(ids: ["1"], lido: true) }',
      allowed: everyoneSignedIn,
    },
    favoritarComunicados: {
      query: 'mutation { favoritarComunicados(ids: ["1"], favorito: true) }',
      allowed: everyoneSignedIn,
    },
    arquivarComunicadoEnvios: {
      query: 'mutation { arquivarComunicadoEnvios(ids: ["1"], arquivado: false) }',
      allowed: everyoneSignedIn,
    },
    lembrarNaoLidosComunicado: {
      query: 'mutation($id: ID!) { lembrarNaoLidosComunicado(id: $id) }',
      variables: async (ids, portal, caller) => ({ id: await lembreteMatriz(portal, ids, caller) }),
      allowed: announcementEditors,
    },
    // Saves that change nothing (groups and dealers of the seed, with brands both callers hold).
    salvarGrupo: {
      query: `mutation($version: Int) {
        salvarGrupo(grupo: { id: 1, version: $version, nome: "Grupo Horizonte", marcaIds: [1, 2], active: true }) { id } }`,
      variables: async (_ids, portal) => ({ version: await versionOf(portal.database.db, grupos, 1) }),
      allowed: networkMaintainers,
    },
    ativarGrupo: { query: 'mutation { ativarGrupo(id: 1) { id } }', allowed: networkMaintainers },
    inativarGrupo: { query: 'mutation { inativarGrupo(id: 4) { id } }', allowed: networkMaintainers },
    salvarDealer: {
      query: 'mutation($dealer: DealerInput!) { salvarDealer(dealer: $dealer) { id } }',
      variables: async (_ids, portal) => ({ dealer: await dealerInput(portal, 1) }),
      allowed: networkMaintainers,
    },
    ativarDealer: { query: 'mutation { ativarDealer(id: 1) { id } }', allowed: networkMaintainers },
    inativarDealer: { query: 'mutation { inativarDealer(id: 20) { id } }', allowed: networkMaintainers },
    // The super-admin page (/superAdmin): provider staff only; product 1 is the portal itself.
    editarProduto: {
      query: 'mutation { editarProduto(produto: { id: "1", baseUriHomolog: "https://homolog.portal.test" }) { id } }',
      allowed: staffOnly,
    },
    sincronizarDealers: { query: 'mutation { sincronizarDealers { id } }', allowed: staffOnly },
    sincronizarGrupos: { query: 'mutation { sincronizarGrupos { id } }', allowed: staffOnly },
    sincronizarUsuarios: { query: 'mutation { sincronizarUsuarios { id } }', allowed: staffOnly },
    migrar: { query: 'mutation { migrar { id } }', allowed: staffOnly },
    sincronizarIdentityProvider: {
      query: 'mutation { sincronizarIdentityProvider(emailUsuario: "dealer@portal.test") { acao } }',
      allowed: staffOnly,
    },
    // Reference data: writes are for the provider's staff only.
    salvarMarca: { query: 'mutation { salvarMarca(marca: { nome: "Matriz Marca" }) { id } }', allowed: staffOnly },
    ativarMarca: {
      query: 'mutation($id: ID!) { ativarMarca(id: $id) { id } }',
      variables: () => ({ id: cadastro.marca }),
      allowed: staffOnly,
    },
    inativarMarca: {
      query: 'mutation($id: ID!) { inativarMarca(id: $id) { id } }',
      variables: () => ({ id: cadastro.marca }),
      allowed: staffOnly,
    },
    salvarCargo: { query: 'mutation { salvarCargo(cargo: { nome: "Matriz Cargo" }) { id } }', allowed: staffOnly },
    excluirCargo: {
      query: 'mutation($id: ID!) { excluirCargo(id: $id, version: 1) }',
      variables: () => ({ id: cadastro.cargo }),
      allowed: staffOnly,
    },
    salvarDepartamento: {
      query: 'mutation { salvarDepartamento(departamento: { nome: "Matriz", sigla: "MTZ" }) { id } }',
      allowed: staffOnly,
    },
    excluirDepartamento: {
      query: 'mutation($id: ID!) { excluirDepartamento(id: $id, version: 1) }',
      variables: () => ({ id: cadastro.departamento }),
      allowed: staffOnly,
    },
    salvarDivisao: {
      query: 'mutation { salvarDivisao(divisao: { nome: "Matriz Divisão" }) { id } }',
      allowed: staffOnly,
    },
    excluirDivisao: {
      query: 'mutation($id: ID!) { excluirDivisao(id: $id, version: 1) }',
      variables: () => ({ id: cadastro.divisao }),
      allowed: staffOnly,
    },
    salvarSetor: {
      query: 'mutation($divisaoId: ID!) { salvarSetor(setor: { nome: "Matriz Setor", divisaoId: $divisaoId }) { id } }',
      variables: () => ({ divisaoId: cadastro.divisaoDoSetor }),
      allowed: staffOnly,
    },
    excluirSetor: {
      query: 'mutation($id: ID!) { excluirSetor(id: $id, version: 1) }',
      variables: () => ({ id: cadastro.setor }),
      allowed: staffOnly,
    },
    salvarDesligamento: {
      query: 'mutation { salvarDesligamento(desligamento: { motivo: "Matriz" }) { id } }',
      allowed: staffOnly,
    },
    excluirDesligamento: {
      query: 'mutation($id: ID!) { excluirDesligamento(id: $id, version: 1) }',
      variables: () => ({ id: cadastro.desligamento }),
      allowed: staffOnly,
    },
    salvarRedeSocial: {
      query:
        'mutation($marcaId: ID!) { salvarRedeSocial(redeSocial: { marcaId: $marcaId, nome: "Matriz", url: "https://example.com", icone: "fab|x" }) { id } }',
      variables: () => ({ marcaId: cadastro.marca }),
      allowed: staffOnly,
    },
    salvarRelatorio: {
      query: `mutation { salvarRelatorio(relatorio: { slug: "matriz-nova", tituloPtBr: "Matriz", tituloEs: "Matriz",
        tituloEn: "Matrix", tipo: "INTERNO", interno: "USUARIOS" }) { id } }`,
      allowed: staffOnly,
    },
    excluirRelatorio: {
      query: 'mutation($id: ID!) { excluirRelatorio(id: $id, version: 1) }',
      variables: () => ({ id: cadastro.relatorio }),
      allowed: staffOnly,
    },
    excluirRedeSocial: {
      query: 'mutation($id: ID!) { excluirRedeSocial(id: $id, version: 1) }',
      variables: () => ({ id: cadastro.redeSocial }),
      allowed: staffOnly,
    },
    exportarUsuarios: {
      query: 'mutation { exportarUsuarios(filterInput: { busca: "zz-matriz" }) { id status } }',
      allowed: userMaintainers,
    },
    salvarUsuario: {
      query: 'mutation($u: UsuarioInput!) { salvarUsuario(usuario: $u) { id } }',
      variables: async (_ids, portal) => {
        const [aurora] = await portal.database.db.select().from(marcas).where(eq(marcas.nome, 'Aurora Motors'));
        return {
          u: {
            nome: 'Matriz Usuário',
            email: `matriz.${++alvo.criados}@usuarios.test`,
            cpf: cpfFrom(cpfs),
            tipo: 'MONTADORA',
            marcaIds: [aurora.id],
          },
        };
      },
      allowed: userMaintainers,
    },
    ativarUsuario: {
      query: 'mutation($id: ID!) { ativarUsuario(id: $id) { id } }',
      variables: (ids) => ({ id: ids.dealer }),
      allowed: userMaintainers,
    },
    inativarUsuario: {
      query: 'mutation($id: ID!) { inativarUsuario(id: $id) { id } }',
      variables: () => ({ id: alvo.id }),
      allowed: userMaintainers,
    },
    // LIBERAR_ATIVACAO_ESPECIAL: none of the manufacturer's or dealer's keys.
    liberarAtivacaoEspecial: {
      query: 'mutation($id: ID!) { liberarAtivacaoEspecial(usuarioId: $id) { id } }',
      variables: (ids) => ({ id: ids.dealer }),
      allowed: staffOnly,
    },
    removerAtivacaoEspecial: {
      query: 'mutation($id: ID!) { removerAtivacaoEspecial(usuarioId: $id) { id } }',
      variables: (ids) => ({ id: ids.dealer }),
      allowed: staffOnly,
    },
    salvarAusenciaTemporaria: {
      query: 'mutation($a: AusenciaTemporariaInput!) { salvarAusenciaTemporaria(ausencia: $a) { id } }',
      variables: () => ({ a: ausenciaInput(20) }),
      allowed: absenceKeepers,
    },
    excluirAusenciaTemporaria: {
      query: 'mutation($id: ID!) { excluirAusenciaTemporaria(id: $id, version: 1) }',
      variables: () => ({ id: ausencia.excluida }),
      allowed: absenceKeepers,
    },
    // User groups: a new private group each time (a public one needs a key the manufacturer lacks);
    // the others act on the manufacturer's group.
    salvarGrupoUsuarios: {
      query: 'mutation($g: GrupoUsuariosInput!) { salvarGrupoUsuarios(grupoUsuarios: $g) { id } }',
      variables: () => ({
        g: {
          nome: `Matriz Grupo Novo ${++grupoUsuarios.criados}`,
          publico: false,
          possuiCargos: true,
          cargoIds: [grupoUsuarios.cargo],
        },
      }),
      allowed: userGroupMaintainers,
    },
    atualizarGrupoFavorito: {
      query: 'mutation($id: ID!) { atualizarGrupoFavorito(id: $id) { id favorito } }',
      variables: () => ({ id: grupoUsuarios.id }),
      allowed: userGroupMaintainers,
    },
    importarGrupoUsuarios: {
      query: 'mutation($id: ID!) { importarGrupoUsuarios(ids: [$id]) { id cargos { id } } }',
      variables: () => ({ id: grupoUsuarios.id }),
      allowed: userGroupMaintainers,
    },
    ativarGrupoUsuarios: {
      query: 'mutation($id: ID!) { ativarGrupoUsuarios(id: $id) { id active } }',
      variables: () => ({ id: grupoUsuarios.id }),
      allowed: userGroupMaintainers,
    },
    inativarGrupoUsuarios: {
      query: 'mutation($id: ID!) { inativarGrupoUsuarios(id: $id) { id active } }',
      variables: () => ({ id: grupoUsuarios.id }),
      allowed: userGroupMaintainers,
    },
    salvarNotificacaoGenerica: {
      query: 'mutation($n: NotificacaoGenericaInput!) { salvarNotificacaoGenerica(notificacaoGenerica: $n) { id } }',
      variables: () => ({ n: { tipo: 'modelo', titulo: 'Matriz Modelo', texto: '<p>Olá {nome}</p>' } }),
      allowed: genericNotifiers,
    },
    copiarNotificacaoGenerica: {
      query: 'mutation($id: ID!) { copiarNotificacaoGenerica(id: $id) { id } }',
      variables: async (ids, portal) => ({ id: await rascunhoGenerico(portal, ids.montadora) }),
      allowed: genericNotifiers,
    },
    enviarNotificacaoGenerica: {
      query: 'mutation($id: ID!) { enviarNotificacaoGenerica(id: $id, version: 1) { id estado } }',
      variables: async (ids, portal) => ({ id: await rascunhoGenerico(portal, ids.montadora) }),
      allowed: genericNotifiers,
    },
    cancelarAgendamentoNotificacaoGenerica: {
      query: 'mutation($id: ID!) { cancelarAgendamentoNotificacaoGenerica(id: $id, version: 1) { id estado } }',
      variables: async (ids, portal) => ({ id: await rascunhoGenerico(portal, ids.montadora, true) }),
      allowed: genericNotifiers,
    },
    salvarSlide: {
      query: 'mutation($s: SlideInput!) { salvarSlide(slide: $s) { id } }',
      variables: async (ids, portal, caller) => ({
        s: {
          ...(await vitrineInput(ids, portal, caller)),
          corTitulo: '#FFFFFF',
          tamanhoTitulo: 40,
          corSubtitulo: '#FFFFFF',
          tamanhoSubtitulo: 20,
        },
      }),
      allowed: vitrineMaintainers,
    },
    ativarSlide: {
      query: 'mutation($id: ID!) { ativarSlide(id: $id) { id active } }',
      variables: async (ids, portal) => ({ id: await vitrineMatriz(portal, 'slide', ids.montadora) }),
      allowed: vitrineMaintainers,
    },
    inativarSlide: {
      query: 'mutation($id: ID!) { inativarSlide(id: $id) { id active } }',
      variables: async (ids, portal) => ({ id: await vitrineMatriz(portal, 'slide', ids.montadora) }),
      allowed: vitrineMaintainers,
    },
    moverSlide: {
      query: 'mutation($id: ID!) { moverSlide(id: $id, posicao: 0) { id ordem } }',
      variables: async (ids, portal) => ({ id: await vitrineMatriz(portal, 'slide', ids.montadora) }),
      allowed: vitrineMaintainers,
    },
    salvarAnuncio: {
      query: 'mutation($a: AnuncioInput!) { salvarAnuncio(anuncio: $a) { id } }',
      variables: async (ids, portal, caller) => ({ a: await vitrineInput(ids, portal, caller) }),
      allowed: vitrineMaintainers,
    },
    ativarAnuncio: {
      query: 'mutation($id: ID!) { ativarAnuncio(id: $id) { id active } }',
      variables: async (ids, portal) => ({ id: await vitrineMatriz(portal, 'anuncio', ids.montadora) }),
      allowed: vitrineMaintainers,
    },
    inativarAnuncio: {
      query: 'mutation($id: ID!) { inativarAnuncio(id: $id) { id active } }',
      variables: async (ids, portal) => ({ id: await vitrineMatriz(portal, 'anuncio', ids.montadora) }),
      allowed: vitrineMaintainers,
    },
    salvarComunicado: {
      query: 'mutation($c: ComunicadoInput!) { salvarComunicado(comunicado: $c) { id } }',
      variables: () => ({ c: { titulo: 'Matriz', mensagem: '<p>Matriz</p>' } }),
      allowed: announcementEditors,
    },
    excluirComunicado: {
      query: 'mutation($id: ID!) { excluirComunicado(id: $id, version: 1) }',
      variables: async (ids, portal, caller) => ({
        id: await comunicadoMatrizDe(portal, autorDe(ids, caller), 'RASCUNHO'),
      }),
      allowed: announcementEditors,
    },
    enviarComunicadoParaAprovacao: {
      query:
        'mutation($id: ID!, $a: ID!) { enviarComunicadoParaAprovacao(id: $id, version: 1, aprovadorId: $a) { id } }',
      variables: async (ids, portal, caller) => ({
        id: await comunicadoMatrizDe(portal, autorDe(ids, caller), 'RASCUNHO'),
        a: await aprovadorMatriz(portal),
      }),
      allowed: announcementEditors,
    },
    retirarComunicadoDaAprovacao: {
      query: 'mutation($id: ID!) { retirarComunicadoDaAprovacao(id: $id, version: 1) { id } }',
      variables: async (ids, portal, caller) => ({
        id: await comunicadoMatrizDe(portal, autorDe(ids, caller), 'EM_APROVACAO', {
          aprovadorId: await aprovadorMatriz(portal),
        }),
      }),
      allowed: announcementEditors,
    },
    // In approval with the caller as the approver chosen (the matrix's approver wrote it).
    aprovarComunicado: {
      query: 'mutation($id: ID!) { aprovarComunicado(id: $id, version: 1) { id status { id } } }',
      variables: async (ids, portal, caller) => ({
        id: await comunicadoMatrizDe(portal, await aprovadorMatriz(portal), 'EM_APROVACAO', {
          aprovadorId: autorDe(ids, caller),
        }),
      }),
      allowed: announcementEditors,
    },
    rejeitarComunicado: {
      query: 'mutation($id: ID!) { rejeitarComunicado(id: $id, version: 1, motivo: "Matriz") { id } }',
      variables: async (ids, portal, caller) => ({
        id: await comunicadoMatrizDe(portal, await aprovadorMatriz(portal), 'EM_APROVACAO', {
          aprovadorId: autorDe(ids, caller),
        }),
      }),
      allowed: announcementEditors,
    },
    enviarComunicado: {
      query: 'mutation($id: ID!) { enviarComunicado(id: $id, version: 1) { id status { id } } }',
      variables: async (ids, portal, caller) => ({
        id: await comunicadoMatrizDe(portal, autorDe(ids, caller), 'RASCUNHO'),
      }),
      allowed: announcementEditors,
    },
    cancelarAgendamentoComunicado: {
      query: 'mutation($id: ID!) { cancelarAgendamentoComunicado(id: $id, version: 1) { id } }',
      variables: async (ids, portal, caller) => ({
        id: await comunicadoMatrizDe(portal, autorDe(ids, caller), 'AGENDADO', {
          agendadoPara: new Date(Date.now() + 86_400_000),
        }),
      }),
      allowed: announcementEditors,
    },
    arquivarComunicado: {
      query: 'mutation($id: ID!) { arquivarComunicado(id: $id, arquivado: true) { id arquivado } }',
      variables: async (ids, portal, caller) => ({
        id: await comunicadoMatrizDe(portal, autorDe(ids, caller), 'ENVIADO'),
      }),
      allowed: announcementEditors,
    },
    criarErrataComunicado: {
      query: 'mutation($e: ErrataComunicadoInput!) { criarErrataComunicado(errata: $e) { id idParent } }',
      variables: async (ids, portal, caller) => ({
        e: {
          idParent: await comunicadoMatrizDe(portal, autorDe(ids, caller), 'ENVIADO'),
          titulo: 'Errata',
          mensagem: '<p>Errata</p>',
          justificativa: 'Justificativa da matriz',
        },
      }),
      allowed: announcementEditors,
    },
    salvarSerieComunicado: {
      query: 'mutation($s: ComunicadoSerieInput!) { salvarSerieComunicado(serie: $s) { id } }',
      variables: () => ({ s: { nome: 'Matriz', prefixo: `MZ${++comunicadoMatriz.seq}` } }),
      allowed: announcementEditors,
    },
    salvarEtiquetaComunicado: {
      query: 'mutation($e: ComunicadoEtiquetaInput!) { salvarEtiquetaComunicado(etiqueta: $e) { id } }',
      variables: () => ({ e: { nome: `Matriz ${++comunicadoMatriz.seq}` } }),
      allowed: announcementEditors,
    },
    excluirEtiquetaComunicado: {
      query: 'mutation($id: ID!) { excluirEtiquetaComunicado(id: $id, version: 1) }',
      variables: async (_ids, portal) => {
        const [row] = await portal.database.db
          .insert(comunicadoEtiquetas)
          .values({ nome: `Matriz ${++comunicadoMatriz.seq}` })
          .returning();
        return { id: row.id };
      },
      allowed: announcementEditors,
    },
    marcarNotificacoesComoVisualizadas: {
      query: 'mutation { marcarNotificacoesComoVisualizadas }',
      allowed: everyoneSignedIn,
    },
    // A notification the three demo users received, marked by each caller for themselves.
    marcarNotificacaoComoLida: {
      query: 'mutation($id: ID!) { marcarNotificacaoComoLida(id: $id) { id lida } }',
      variables: async (ids, portal) => {
        const all = Object.values(ids).join(',');
        const { id } = await notify(
          portal.database.db,
          { usuarios: sql.raw(`select unnest(array[${all}])`) },
          { titulo: 'Matriz', texto: 'Matriz', origem: 'TESTE' },
        );
        return { id };
      },
      allowed: everyoneSignedIn,
    },
    marcarTodasNotificacoesComoLidas: {
      query: 'mutation { marcarTodasNotificacoesComoLidas }',
      allowed: everyoneSignedIn,
    },
    // Each caller subscribes a browser of their own (an address of a default push service).
    gerarPushSubscription: {
      query: 'mutation($input: PushSubscriptionInput!) { gerarPushSubscription(input: $input) { id } }',
      variables: () => ({
        input: {
          endpoint: `https://fcm.googleapis.com/fcm/send/matriz-${++alvo.criados}`,
          auth: 'A'.repeat(22),
          key: `B${'A'.repeat(86)}`,
        },
      }),
      allowed: everyoneSignedIn,
    },
    // Each caller removes a device of their own (tests/api/push.test.ts: never another user's).
    removerDispositivoPush: {
      query: 'mutation($id: ID!) { removerDispositivoPush(id: $id) }',
      variables: async (ids, portal, caller) => {
        const [device] = await portal.database.db
          .insert(pushSubscriptions)
          .values({
            usuarioId: ids[caller === 'anonymous' ? 'montadora' : caller],
            endpoint: `https://fcm.googleapis.com/fcm/send/matriz-remover-${++alvo.criados}`,
            auth: 'a',
            p256dh: 'b',
          })
          .returning();
        return { id: device!.id };
      },
      allowed: everyoneSignedIn,
    },
    setCurrentUserOnboardingSeen: {
      query: 'mutation { setCurrentUserOnboardingSeen(id: USUARIO_EDICAO) }',
      allowed: everyoneSignedIn,
    },
    // Only the caller's own language: the manufacturer's id is refused to everyone else.
    mudarLinguaUsuario: {
      query: 'mutation($id: ID!) { mudarLinguaUsuario(id: $id, idioma: PT_BR) { id } }',
      variables: (ids) => ({ id: ids.montadora }),
      allowed: { anonymous: false, super: false, montadora: true, dealer: false },
    },
    // The caller's own password and sessions, last: a password change ends the caller's sessions
    // and refuses their tokens, so the sessions are ended with a token of the new password.
    definirAceitaEmailComunicados: {
      query: 'mutation { definirAceitaEmailComunicados(aceita: true) }',
      allowed: everyoneSignedIn,
    },
    alterarMinhaSenha: {
      query: `mutation { alterarMinhaSenha(senhaAtual: "${DEMO_PASSWORD}", novaSenha: "${NOVA_SENHA}") }`,
      allowed: everyoneSignedIn,
    },
    encerrarMinhasSessoes: {
      query: 'mutation { encerrarMinhasSessoes }',
      allowed: everyoneSignedIn,
      token: async (caller) => (await signIn(portal, DEMO[caller], NOVA_SENHA)).access_token,
    },
  },
};

let portal: TestPortal;
const tokens: Partial<Record<Caller, string>> = {};
const ids = {} as Record<keyof typeof DEMO, number>;

beforeAll(async () => {
  portal = await startPortal();
  for (const who of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
    tokens[who] = (await signIn(portal, DEMO[who])).access_token;
    const [row] = await portal.database.db.select().from(usuarios).where(eq(usuarios.email, DEMO[who]));
    ids[who] = row.id;
  }
});
afterAll(() => portal?.close());

beforeAll(async () => {
  const { db } = portal.database;
  const one = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows)[0].id;
  cadastro.marca = await one(db.insert(marcas).values({ nome: 'Matriz Marca Base' }).returning());
  const [aurora] = await db.select().from(marcas).where(eq(marcas.nome, 'Aurora Motors'));
  alvo.id = (
    await createUsuario(db, {
      nome: 'Matriz Alvo',
      email: 'matriz.alvo@usuarios.test',
      tipo: 'MONTADORA',
      marcaIds: [aurora.id],
    })
  ).id;
  for (const [key, dias] of [
    ['lida', 1],
    ['excluida', 2],
  ] as const) {
    ausencia[key] = await one(
      db
        .insert(ausenciasTemporarias)
        .values({ ...ausenciaInput(dias), autorId: alvo.id })
        .returning(),
    );
  }
  cadastro.cargo = await one(db.insert(cargos).values({ nome: 'Matriz Cargo Base' }).returning());
  cadastro.departamento = await one(
    db.insert(departamentos).values({ nome: 'Matriz Departamento Base', sigla: 'MB' }).returning(),
  );
  cadastro.divisao = await one(db.insert(divisoes).values({ nome: 'Matriz Divisão Base' }).returning());
  cadastro.divisaoDoSetor = await one(db.insert(divisoes).values({ nome: 'Matriz Divisão Setor' }).returning());
  cadastro.setor = await one(
    db.insert(setores).values({ nome: 'Matriz Setor Base', divisaoId: cadastro.divisaoDoSetor }).returning(),
  );
  cadastro.desligamento = await one(
    db.insert(desligamentos).values({ motivo: 'Matriz Desligamento Base' }).returning(),
  );
  grupoUsuarios.cargo = await one(db.insert(cargos).values({ nome: 'Matriz Cargo de Grupo' }).returning());
  const [manufacturer] = await db.select().from(usuarios).where(eq(usuarios.email, DEMO.montadora));
  grupoUsuarios.id = await one(
    db
      .insert(gruposUsuarios)
      .values({ nome: 'Matriz Grupo de Usuários', publico: false, criadorId: manufacturer.id, possuiCargos: true })
      .returning(),
  );
  await db.insert(grupoUsuariosCargos).values({ grupoUsuariosId: grupoUsuarios.id, cargoId: grupoUsuarios.cargo });
  await db.insert(relatorios).values({
    slug: 'matriz-todos',
    tituloPtBr: 'Matriz todos',
    tituloEs: 'Matriz todos',
    tituloEn: 'Matrix everyone',
    tipo: 'INTERNO',
    interno: 'ALCANCE_COMUNICADOS',
  });
  await db.insert(relatorios).values({
    slug: 'matriz-usuarios',
    tituloPtBr: 'Matriz usuários',
    tituloEs: 'Matriz usuarios',
    tituloEn: 'Matrix users',
    tipo: 'INTERNO',
    interno: 'USUARIOS',
  });
  await db.insert(relatorios).values([
    {
      slug: 'matriz-biblioteca',
      tituloPtBr: 'B',
      tituloEs: 'B',
      tituloEn: 'B',
      tipo: 'INTERNO',
      interno: 'USO_BIBLIOTECA',
    },
    {
      slug: 'matriz-importacoes',
      tituloPtBr: 'I',
      tituloEs: 'I',
      tituloEn: 'I',
      tipo: 'INTERNO',
      interno: 'IMPORTACOES',
    },
  ]);
  cadastro.relatorio = await one(
    db
      .insert(relatorios)
      .values({
        slug: 'matriz-excluir',
        tituloPtBr: 'X',
        tituloEs: 'X',
        tituloEn: 'X',
        tipo: 'INTERNO',
        interno: 'USUARIOS',
      })
      .returning(),
  );
  cadastro.redeSocial = await one(
    db
      .insert(redesSociais)
      .values({ marcaId: cadastro.marca, nome: 'Matriz Rede Base', url: 'https://example.com', icone: 'fab|x' })
      .returning(),
  );
});

describe('authorization matrix', () => {
  it('covers exactly the operations of the schema', () => {
    const table = operationTable();
    for (const root of ['Query', 'Mutation'] as const) {
      expect(Object.keys(MATRIX[root]).sort()).toEqual(Object.keys(table[root]).sort());
    }
  });

  it('gates every operation with a policy of domain/policies.ts that lets through every caller allowed here', async () => {
    const subjects = new Map<Caller, AccessSubject | null>([['anonymous', null]]);
    for (const who of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
      const { data } = await gql(
        portal,
        '{ usuarioLogado { tipo { id } funcionalidades { chave } } }',
        {},
        tokens[who],
      );
      const me = (data as { usuarioLogado: { tipo: { id: string }; funcionalidades: { chave: string }[] } })
        .usuarioLogado;
      subjects.set(who, {
        tipo: me.tipo.id as AccessSubject['tipo'],
        funcionalidades: me.funcionalidades.map((f) => f.chave),
      });
    }
    const table = operationTable();
    for (const root of ['Query', 'Mutation'] as const) {
      for (const [name, operation] of Object.entries(table[root])) {
        const { policy } = operation;
        if (policy === 'public') {
          expect(MATRIX[root][name].allowed.anonymous, `${root}.${name} is public`).toBe(true);
          continue;
        }
        expect(ALL_POLICIES, `${root}.${name}`).toContain(policy);
        for (const caller of CALLERS) {
          if (MATRIX[root][name].allowed[caller]) {
            expect(allows(subjects.get(caller)!, policy), `${root}.${name} for ${caller}`).toBe(true);
          }
        }
      }
    }
  });

  for (const root of ['Query', 'Mutation'] as const) {
    for (const [name, testCase] of Object.entries(MATRIX[root])) {
      for (const caller of CALLERS) {
        const allowed = testCase.allowed[caller];
        it(`${root}.${name}: ${caller} is ${allowed ? 'allowed' : 'refused'}`, async () => {
          const response = await gql(
            portal,
            testCase.query,
            (await testCase.variables?.(ids, portal, caller)) ?? {},
            caller !== 'anonymous' && testCase.token ? await testCase.token(caller) : tokens[caller],
          );
          if (allowed) {
            expect(response.errors, JSON.stringify(response.errors)).toBeUndefined();
          } else {
            expect(errorCode(response)).toBe(caller === 'anonymous' ? 'UNAUTHENTICATED' : 'FORBIDDEN');
            // A nullable field answers { field: null } on refusal: no value of any field may come back.
            expect(Object.values(response.data ?? {}).filter((value) => value !== null)).toEqual([]);
          }
        });
      }
    }
  }
});
