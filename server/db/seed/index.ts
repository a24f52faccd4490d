import { count, eq, sql } from 'drizzle-orm';
import { FUNCTION_KEYS, type FunctionKey, type TipoUsuario } from '../../../domain/enums';
import { hashPassword } from '../../auth/passwords';
import type { SeedDemo } from '../../config';
import type { Database, Db, DbOrTx } from '../client';
import * as s from '../schema';
import { cnpjFrom, cpfFrom, createDealer, createGrupo, createMarca, createUsuario } from './builders';
import { seededRandom } from './random';
import { ensureReferenceData } from './reference';

export const DEMO_PASSWORD = 'Portal@2026';
/** The provider-staff demo account, named by the start line when the database holds it. */
export const DEMO_ADMIN_EMAIL = 'super@portal.test';

/** Whether this database holds the demo accounts (the start line then says how to sign in). */
export async function hasDemoAccounts(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: s.usuarios.id }).from(s.usuarios).where(eq(s.usuarios.email, DEMO_ADMIN_EMAIL));
  return row !== undefined;
}

/** The demo announcement writer: only PORTAL_CRIACAO_COMUNICADOS, in the montadora user's first brand. */
export const DEMO_CRIADOR_EMAIL = 'criador@portal.test';

export const MONTADORA_KEYS: FunctionKey[] = [
  'PORTAL_MANUTENCAO_DEALERS_GRUPO',
  'PORTAL_MANUTENCAO_USUARIOS',
  'PORTAL_MANUTENCAO_GRUPOS_USUARIOS',
  'PORTAL_MANUTENCAO_SLIDES',
  'PORTAL_MANUTENCAO_ANUNCIOS',
  'PORTAL_CRIACAO_COMUNICADOS',
  'PORTAL_APROVACAO_ENVIO_COMUNICADOS',
];

/**
 * Keys only the demo manufacturer holds (the other seeded manufacturers keep MONTADORA_KEYS' slices):
 * generic notifications and their models (issue #27), the library's management (issue #29).
 */
export const DEMO_MONTADORA_EXTRA_KEYS: FunctionKey[] = [
  'PORTAL_NOTIFICACOES_GENERICAS',
  'PORTAL_MANUTENCAO_MODELO',
  'PORTAL_GERENCIAR_BIBLIOTECA',
];

/**
 * Whether this start loads the demo accounts (SEED_DEMO, README): when asked to, or, with SEED_DEMO
 * unset, only into an embedded database this start created. A PostgreSQL server never gets them
 * unless SEED_DEMO=true.
 */
export function wantsDemo(setting: SeedDemo, database: Pick<Database, 'kind' | 'created'>): boolean {
  if (setting === 'ifNewEmbedded') return database.kind === 'pglite' && database.created;
  return setting === 'yes';
}

/** Reference data always; the demo data only into a database without users. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  await ensureReferenceData(db);
  const [{ total }] = await db.select({ total: count() }).from(s.usuarios);
  if (total > 0) return false;
  const senhaHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction((tx) => seedDemo(tx, senhaHash));
  return true;
}

const MARCAS = ['Aurora Motors', 'Boreal Caminhões', 'Cometa Veículos'];
const GRUPOS = ['Grupo Horizonte', 'Grupo Litoral', 'Grupo Planalto', 'Grupo Serra'];
const CIDADES: [string, string][] = [
  ['São Paulo', 'SP'],
  ['Campinas', 'SP'],
  ['Curitiba', 'PR'],
  ['Porto Alegre', 'RS'],
  ['Belo Horizonte', 'MG'],
  ['Salvador', 'BA'],
  ['Recife', 'PE'],
  ['Goiânia', 'GO'],
];
const FIRST = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Elisa',
  'Fábio',
  'Gabriela',
  'Heitor',
  'Isabela',
  'João',
  'Larissa',
  'Marcos',
  'Natália',
  'Otávio',
  'Paula',
  'Rafael',
  'Sofia',
  'Tiago',
  'Vanessa',
  'William',
];
const LAST = [
  'Almeida',
  'Barbosa',
  'Cardoso',
  'Duarte',
  'Esteves',
  'Ferreira',
  'Gomes',
  'Lima',
  'Moreira',
  'Nunes',
  'Oliveira',
  'Pereira',
  'Ribeiro',
  'Santos',
  'Teixeira',
];

async function seedDemo(tx: DbOrTx, senhaHash: string) {
  const random = seededRandom(20_260_101);
  const portalId = await ensureReferenceData(tx);

  // Products, their access types and default functions.
  const keyIds = new Map((await tx.select().from(s.funcionalidades)).map((f) => [f.chave, f.id]));
  const tipoAcesso = async (produtoId: number, nome: string, padrao: string[]) => {
    const [tipo] = await tx.insert(s.tiposAcesso).values({ nome, produtoId }).returning();
    if (padrao.length)
      await tx
        .insert(s.tipoAcessoFuncionalidades)
        .values(padrao.map((chave) => ({ tipoAcessoId: tipo.id, funcionalidadeId: keyIds.get(chave)! })));
    return tipo;
  };
  const portalAdmin = await tipoAcesso(portalId, 'Administrador', [...FUNCTION_KEYS]);
  const portalGestor = await tipoAcesso(portalId, 'Gestor', MONTADORA_KEYS);
  const portalUsuario = await tipoAcesso(portalId, 'Usuário', []);
  const tiposPorProduto: number[][] = [];
  const produtoIds: number[] = [];
  // Each product's features with the names the permission screens show (not their keys).
  for (const [nome, uri, features] of [
    [
      'Peças',
      'https://pecas.portal.test',
      [
        ['PECAS_CONSULTA', 'Consulta de peças'],
        ['PECAS_PEDIDO', 'Pedido de peças'],
      ],
    ],
    [
      'Garantia',
      'https://garantia.portal.test',
      [
        ['GARANTIA_ANALISE', 'Análise de garantia'],
        ['GARANTIA_CONSULTA', 'Consulta de garantia'],
      ],
    ],
  ] as const) {
    const funcs = features.map(([chave]) => chave);
    const [produto] = await tx
      .insert(s.produtos)
      .values({ nome, uri, baseUriHomolog: uri.replace('https://', 'https://homolog.') })
      .returning();
    produtoIds.push(produto.id);
    const inserted = await tx
      .insert(s.funcionalidades)
      .values(
        features.map(([chave, nomeFuncionalidade]) => ({ chave, nome: nomeFuncionalidade, produtoId: produto.id })),
      )
      .returning();
    for (const f of inserted) keyIds.set(f.chave, f.id);
    const completo = await tipoAcesso(produto.id, 'Completo', [...funcs]);
    const consulta = await tipoAcesso(
      produto.id,
      'Consulta',
      funcs.filter((chave) => chave.endsWith('_CONSULTA')),
    );
    tiposPorProduto.push([completo.id, consulta.id]);
  }

  // Brands, social networks, organisation data.
  const marcas = [];
  for (const [i, nome] of MARCAS.entries()) {
    const marca = await createMarca(tx, nome, { descricao: `Marca ${nome}`, facebookId: `marca${i + 1}` });
    marcas.push(marca);
    await tx.insert(s.redesSociais).values([
      { marcaId: marca.id, nome: 'Facebook', url: `https://facebook.com/marca${i + 1}`, icone: 'fab|facebook' },
      { marcaId: marca.id, nome: 'Instagram', url: `https://instagram.com/marca${i + 1}`, icone: 'fab|instagram' },
    ]);
  }
  const [vendas, posVenda] = await tx
    .insert(s.divisoes)
    .values([{ nome: 'Vendas' }, { nome: 'Pós-venda' }])
    .returning();
  const setores = await tx
    .insert(s.setores)
    .values([
      { nome: 'Veículos novos', divisaoId: vendas.id },
      { nome: 'Seminovos', divisaoId: vendas.id },
      { nome: 'Peças', divisaoId: posVenda.id },
      { nome: 'Oficina', divisaoId: posVenda.id },
    ])
    .returning();
  await tx
    .insert(s.cargos)
    .values(
      ['Diretor', 'Gerente de vendas', 'Vendedor', 'Consultor técnico', 'Gerente de peças'].map((nome) => ({ nome })),
    );
  await tx.insert(s.departamentos).values([
    { nome: 'Comercial', sigla: 'COM', assinatura: 'Equipe Comercial' },
    { nome: 'Pós-venda', sigla: 'PV', assinatura: 'Equipe de Pós-venda' },
    { nome: 'Marketing', sigla: 'MKT', assinatura: 'Equipe de Marketing' },
  ]);
  await tx.insert(s.desligamentos).values(
    ['Pedido de demissão', 'Dispensa sem justa causa', 'Fim de contrato', 'Aposentadoria'].map((motivo) => ({
      motivo,
    })),
  );

  // Dealer groups and dealers.
  const grupos = [];
  for (const [i, nome] of GRUPOS.entries()) {
    grupos.push(await createGrupo(tx, nome, [marcas[i % 3].id, marcas[(i + 1) % 3].id]));
  }
  const dealers = [];
  const grupoDoDealer: number[] = [];
  for (let i = 0; i < 20; i++) {
    const marca = marcas[i % 3];
    // A dealer's group always carries the dealer's brand (the rule the group synchronisation checks).
    const gruposDaMarca = grupos.filter((_, g) => g % 3 === i % 3 || (g + 1) % 3 === i % 3);
    const grupo = gruposDaMarca[i % gruposDaMarca.length];
    grupoDoDealer.push(grupo.id);
    const [cidade, estado] = CIDADES[i % CIDADES.length];
    const setor = setores[i % setores.length];
    dealers.push(
      await createDealer(tx, {
        nomeExibicao: `${marca.nome.split(' ')[0]} ${cidade} ${String(i + 1).padStart(2, '0')}`,
        razaoSocial: `${grupo.nome.replace('Grupo ', '')} Comércio de Veículos ${i + 1} Ltda`,
        cnpj: cnpjFrom(random),
        codigos: [String(1000 + i), `D${random.digits(4)}`],
        divisaoId: setor.divisaoId,
        setorId: setor.id,
        telefones: [`113${random.digits(3)}${random.digits(4)}`],
        celulares: [`119${random.digits(4)}${random.digits(4)}`],
        logradouro: `Avenida Brasil, ${random.int(10, 3000)}`,
        bairro: 'Centro',
        cidade,
        estado,
        cep: `${random.digits(5)}${random.digits(3)}`,
        active: i !== 19,
        marcaIds: [marca.id],
        grupoIds: [grupo.id],
        produtos: [{ produtoId: produtoIds[i % produtoIds.length], uri: `https://dealer${i + 1}.portal.test` }],
      }),
    );
  }

  // The three demo accounts of the README, then the rest of the 60 users.
  const senha = { senhaHash };
  await createUsuario(tx, {
    ...senha,
    nome: 'Super Administrador',
    email: DEMO_ADMIN_EMAIL,
    tipo: 'TECSINAPSE',
    cpf: cpfFrom(random),
    funcionalidades: FUNCTION_KEYS,
    tipoAcessoIds: [portalAdmin.id, ...tiposPorProduto.map((t) => t[0])],
    marcaIds: marcas.map((m) => m.id),
  });
  const montadora = await createUsuario(tx, {
    ...senha,
    nome: 'Marina Montadora',
    email: 'montadora@portal.test',
    tipo: 'MONTADORA',
    cpf: cpfFrom(random),
    // The demo manufacturer also writes notification models and generic notifications, and fills the library.
    funcionalidades: [...MONTADORA_KEYS, ...DEMO_MONTADORA_EXTRA_KEYS],
    tipoAcessoIds: [portalGestor.id, tiposPorProduto[0][1]],
    marcaIds: [marcas[0].id, marcas[1].id],
  });
  await createUsuario(tx, {
    ...senha,
    nome: 'Diego Dealer',
    email: 'dealer@portal.test',
    tipo: 'DEALER_GRUPO',
    idioma: 'ES',
    cpf: cpfFrom(random),
    tipoAcessoIds: [portalUsuario.id, tiposPorProduto[0][1]],
    marcaIds: [marcas[0].id],
    grupoIds: [...new Set([grupoDoDealer[0], grupoDoDealer[4]])],
    dealerIds: [dealers[0].id, dealers[4].id],
  });
  // The demo accounts hold the default features of their product access types, as the user form
  // requires of a saved user (one set-based statement).
  await tx.execute(sql`insert into usuario_funcionalidades (usuario_id, funcionalidade_id)
    select uta.usuario_id, taf.funcionalidade_id from usuario_tipos_acesso uta
    join tipo_acesso_funcionalidades taf on taf.tipo_acesso_id = uta.tipo_acesso_id
    where uta.tipo_acesso_id in (select id from tipos_acesso where produto_id <> ${portalId})
    on conflict do nothing`);
  const tipos: TipoUsuario[] = [
    ...Array<TipoUsuario>(5).fill('TECSINAPSE'),
    ...Array<TipoUsuario>(14).fill('MONTADORA'),
    ...Array<TipoUsuario>(38).fill('DEALER_GRUPO'),
  ];
  for (const [i, tipo] of tipos.entries()) {
    const nome = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`;
    const dealer = dealers[i % dealers.length];
    const marca = marcas[i % marcas.length];
    await createUsuario(tx, {
      ...senha,
      nome,
      email: `${nome
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z ]/g, '')
        .replace(' ', '.')}.${i + 1}@portal.test`,
      tipo,
      idioma: i % 10 === 0 ? 'ES' : i % 15 === 0 ? 'EN' : 'PT_BR',
      cpf: cpfFrom(random),
      active: i % 19 !== 18,
      funcionalidades: tipo === 'MONTADORA' ? MONTADORA_KEYS.slice(0, 1 + (i % MONTADORA_KEYS.length)) : [],
      tipoAcessoIds: [portalUsuario.id],
      marcaIds: tipo === 'TECSINAPSE' ? marcas.map((m) => m.id) : [marca.id],
      grupoIds: tipo === 'DEALER_GRUPO' ? [grupoDoDealer[i % dealers.length]] : [],
      dealerIds: tipo === 'DEALER_GRUPO' ? [dealer.id] : [],
    });
  }

  // A manufacturer who writes announcements and must ask an approver (the montadora user) to send them.
  await createUsuario(tx, {
    ...senha,
    nome: 'Carla Criadora',
    email: DEMO_CRIADOR_EMAIL,
    tipo: 'MONTADORA',
    funcionalidades: ['PORTAL_CRIACAO_COMUNICADOS'],
    tipoAcessoIds: [portalUsuario.id],
    marcaIds: [marcas[0].id],
  });

  // One public recipient group, so the demo has a group to open, use and copy: the dealer-group
  // users of every Aurora Motors dealer (the audience engine keeps it current as users change).
  const [grupoDemo] = await tx
    .insert(s.gruposUsuarios)
    .values({ nome: 'Rede Aurora Motors', criadorId: montadora.id, possuiPerfil: true, todosDealers: true })
    .returning();
  await tx.insert(s.grupoUsuariosMarcas).values({ grupoUsuariosId: grupoDemo.id, marcaId: marcas[0].id });
  await tx.insert(s.grupoUsuariosTiposUsuario).values({ grupoUsuariosId: grupoDemo.id, tipo: 'DEALER_GRUPO' });

  await tx.insert(s.i18nLabels).values([
    { idioma: 'PT_BR', chave: 'portal.welcomeNotice', valor: 'Bem-vindo ao novo portal da rede!' },
    { idioma: 'ES', chave: 'portal.welcomeNotice', valor: '¡Bienvenido al nuevo portal de la red!' },
    { idioma: 'EN', chave: 'portal.welcomeNotice', valor: 'Welcome to the new network portal!' },
  ]);
  await tx.insert(s.propriedades).values([
    { chave: 'linkHelpTec', valor: 'https://ajuda.portal.test' },
    { chave: 'linkAcademia', valor: 'https://academia.portal.test' },
  ]);

  // The four built-in reports in the menu's Reports (provider staff keep them on the super-admin
  // page): reach and users for managers (provider staff and manufacturers), library usage for its
  // managers, imports and jobs for provider staff. The dealer user has none.
  const gestores: TipoUsuario[] = ['TECSINAPSE', 'MONTADORA'];
  await tx.insert(s.relatorios).values([
    {
      slug: 'alcance-comunicados',
      tituloPtBr: 'Alcance dos comunicados',
      tituloEs: 'Alcance de los comunicados',
      tituloEn: 'Announcement reach',
      tipo: 'INTERNO',
      interno: 'ALCANCE_COMUNICADOS',
      tiposUsuario: gestores,
      posicao: 1,
    },
    {
      slug: 'usuarios',
      tituloPtBr: 'Usuários da rede',
      tituloEs: 'Usuarios de la red',
      tituloEn: 'Network users',
      tipo: 'INTERNO',
      interno: 'USUARIOS',
      tiposUsuario: gestores,
      posicao: 2,
    },
    {
      slug: 'uso-biblioteca',
      tituloPtBr: 'Uso da biblioteca',
      tituloEs: 'Uso de la biblioteca',
      tituloEn: 'Library usage',
      tipo: 'INTERNO',
      interno: 'USO_BIBLIOTECA',
      funcionalidades: ['PORTAL_GERENCIAR_BIBLIOTECA'],
      posicao: 3,
    },
    {
      slug: 'importacoes',
      tituloPtBr: 'Importações e tarefas',
      tituloEs: 'Importaciones y tareas',
      tituloEn: 'Imports and jobs',
      tipo: 'INTERNO',
      interno: 'IMPORTACOES',
      tiposUsuario: ['TECSINAPSE'],
      posicao: 4,
    },
  ]);
}
