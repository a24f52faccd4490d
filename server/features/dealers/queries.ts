import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DealerFilter, DealerInput } from '../../../domain/schemas/dealer';
import { changesWithin, dealerScope, grupoScope, usuarioScope, type Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { allOf, countOf, idOf, orderOf, pageWithTotal, searchIn } from '../../db/lists';
import {
  dealerCnpjs,
  dealerGrupos,
  dealerMarcas,
  dealerProdutos,
  dealers,
  divisoes,
  grupos,
  marcas,
  produtos,
  setores,
  usuarioDealers,
} from '../../db/schema';

const dealersId = idOf(dealers);

type Ref = { id: number; nome: string };

const marcasJson = sql<Ref[]>`coalesce((select json_agg(json_build_object('id', m.id, 'nome', m.nome,
  'descricao', m.descricao, 'facebookId', m.facebook_id, 'active', m.active) order by m.nome)
  from ${dealerMarcas} dm join ${marcas} m on m.id = dm.marca_id where dm.dealer_id = ${dealersId}), '[]')`;

const gruposJson = sql<Ref[]>`coalesce((select json_agg(json_build_object('id', g.id, 'nome', g.nome) order by g.nome)
  from ${dealerGrupos} dg join ${grupos} g on g.id = dg.grupo_id where dg.dealer_id = ${dealersId}), '[]')`;

/** The dealer's users the caller may see (all of them for provider staff and the server itself). */
const totalUsuarios = (session: Session | null) =>
  sql<number>`(select count(*)::int from ${usuarioDealers} ud join usuarios on usuarios.id = ud.usuario_id
    where ud.dealer_id = ${dealersId} and ${(session && usuarioScope(session)) ?? sql`true`})`;

/** Columns of a list row: what the dealer table shows and exports; counts within the caller's scope. */
const listColumns = (session: Session | null) => ({
  id: dealers.id,
  nomeExibicao: dealers.nomeExibicao,
  razaoSocial: dealers.razaoSocial,
  cnpj: dealers.cnpj,
  codigos: dealers.codigos,
  cidade: dealers.cidade,
  estado: dealers.estado,
  divisao: sql<Ref | null>`(select json_build_object('id', d.id, 'nome', d.nome) from ${divisoes} d where d.id = ${dealers.divisaoId})`,
  active: dealers.active,
  createdAt: dealers.createdAt,
  version: dealers.version,
  marcas: marcasJson,
  grupos: gruposJson,
  totalUsuarios: totalUsuarios(session),
});

function listWhere(session: Session, filter: Omit<DealerFilter, 'page' | 'rowsPerPage'>): SQL | undefined {
  const anyOf = (table: SQL, column: SQL, values: number[] | null | undefined) =>
    values?.length
      ? sql`exists (select 1 from ${table} x where x.dealer_id = ${dealersId} and ${column} in ${values})`
      : undefined;
  return allOf(
    dealerScope(session),
    searchIn(filter.busca, dealers.busca),
    filter.active == null ? undefined : eq(dealers.active, filter.active),
    anyOf(sql`${dealerMarcas}`, sql`x.marca_id`, filter.marcaIds),
    anyOf(sql`${dealerGrupos}`, sql`x.grupo_id`, filter.grupoIds),
    filter.divisaoIds?.length ? inArray(dealers.divisaoId, filter.divisaoIds) : undefined,
  );
}

const sortColumns = {
  nomeExibicao: dealers.nomeExibicao,
  razaoSocial: dealers.razaoSocial,
  cnpj: dealers.cnpj,
  active: dealers.active,
  createdAt: dealers.createdAt,
};

/** The paged, scoped dealer list and its total (search, filters, sort). */
export function listDealers(db: DbOrTx, session: Session, filter: DealerFilter) {
  const where = listWhere(session, filter);
  return pageWithTotal(
    filter,
    (limit, offset) =>
      db
        .select(listColumns(session))
        .from(dealers)
        .where(where)
        .orderBy(...orderOf(filter.sort, sortColumns, 'nomeExibicao', dealers.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ total: countOf() }).from(dealers).where(where))[0].total,
  );
}

/** Every dealer of the filtered list (no paging), in its order, for the CSV/XLSX export. */
export function exportDealers(db: DbOrTx, session: Session, filter: Omit<DealerFilter, 'page' | 'rowsPerPage'>) {
  return db
    .select(listColumns(session))
    .from(dealers)
    .where(listWhere(session, filter))
    .orderBy(...orderOf(filter.sort, sortColumns, 'nomeExibicao', dealers.id));
}

/** One dealer with everything the wizard edits, if the caller may see it. */
export async function findDealer(db: DbOrTx, session: Session | null, id: number) {
  const [row] = await db
    .select({
      ...listColumns(session),
      cnpjsAdicionais: dealers.cnpjsAdicionais,
      divisaoId: dealers.divisaoId,
      setorId: dealers.setorId,
      setor: sql<Ref | null>`(select json_build_object('id', s.id, 'nome', s.nome) from ${setores} s where s.id = ${dealers.setorId})`,
      telefones: dealers.telefones,
      celulares: dealers.celulares,
      endereco: {
        logradouro: dealers.logradouro,
        complemento: dealers.complemento,
        bairro: dealers.bairro,
        cidade: dealers.cidade,
        estado: dealers.estado,
        cep: dealers.cep,
      },
      dadosComplementares: sql<{ produtoId: number; produto: Ref; uri: string }[]>`coalesce((
        select json_agg(json_build_object('produtoId', p.id, 'produto', json_build_object('id', p.id, 'nome', p.nome),
          'uri', dp.uri) order by p.nome)
        from ${dealerProdutos} dp join ${produtos} p on p.id = dp.produto_id where dp.dealer_id = ${dealersId}), '[]')`,
    })
    .from(dealers)
    .where(allOf(eq(dealers.id, id), session ? dealerScope(session) : undefined));
  return row;
}
export type DealerRow = NonNullable<Awaited<ReturnType<typeof findDealer>>>;

/** Field errors for values another dealer already holds (name, main or additional CNPJ). */
export async function uniquenessErrors(db: DbOrTx, input: DealerInput): Promise<Record<string, string>> {
  const others = input.id ? sql`${dealerCnpjs.dealerId} <> ${input.id}` : undefined;
  const cnpjs = [input.cnpj, ...input.cnpjsAdicionais];
  const nameTaken = await db
    .select({ id: dealers.id })
    .from(dealers)
    .where(
      and(
        input.id ? sql`${dealersId} <> ${input.id}` : undefined,
        sql`fold(${dealers.nomeExibicao}) = fold(${input.nomeExibicao})`,
      ),
    )
    .limit(1);
  const taken = await db
    .select({ cnpj: dealerCnpjs.cnpj })
    .from(dealerCnpjs)
    .where(and(others, inArray(dealerCnpjs.cnpj, cnpjs)));
  const errors: Record<string, string> = {};
  const usedCnpjs = new Set(taken.map((t) => t.cnpj));
  if (nameTaken.length) errors.nomeExibicao = 'dealers.validation.nomeEmUso';
  if (usedCnpjs.has(input.cnpj)) errors.cnpj = 'dealers.validation.cnpjEmUso';
  input.cnpjsAdicionais.forEach((cnpj, index) => {
    if (usedCnpjs.has(cnpj)) errors[`cnpjsAdicionais.${index}`] = 'dealers.validation.cnpjEmUso';
  });
  return errors;
}

/** Field errors for references that do not exist or that the caller may not use. */
export async function referenceErrors(
  db: DbOrTx,
  session: Session,
  input: DealerInput,
  /** Whether the caller may make this change of brands (mayChangeMarcas). */
  marcasAllowed: boolean,
  /** The dealer's groups before the change: links to groups the caller cannot see stay as they are. */
  grupoIdsBefore: number[],
): Promise<Record<string, string>> {
  const [setor] = await db.select().from(setores).where(eq(setores.id, input.setorId));
  const [divisao] = await db.select().from(divisoes).where(eq(divisoes.id, input.divisaoId));
  const knownMarcas = await db.select({ id: marcas.id }).from(marcas).where(inArray(marcas.id, input.marcaIds));
  const grupoIds = [...new Set([...input.grupoIds, ...grupoIdsBefore])];
  const visibleGrupos = grupoIds.length
    ? await db
        .select({ id: grupos.id })
        .from(grupos)
        .where(allOf(inArray(grupos.id, grupoIds), grupoScope(session)))
    : [];
  const produtoIds = input.dadosComplementares.map((d) => d.produtoId);
  const knownProdutos = produtoIds.length
    ? await db.select({ id: produtos.id }).from(produtos).where(inArray(produtos.id, produtoIds))
    : [];

  const errors: Record<string, string> = {};
  if (!divisao) errors.divisaoId = 'validation.invalidOption';
  if (!setor) errors.setorId = 'validation.invalidOption';
  else if (setor.divisaoId !== input.divisaoId) errors.setorId = 'dealers.validation.setorDeOutraDivisao';
  const marcaOk = new Set(knownMarcas.map((m) => m.id));
  if (!marcasAllowed || input.marcaIds.some((id) => !marcaOk.has(id))) {
    errors.marcaIds = 'dealers.validation.marcaNaoPermitida';
  }
  if (!changesWithin(grupoIdsBefore, input.grupoIds, new Set(visibleGrupos.map((g) => g.id)))) {
    errors.grupoIds = 'validation.invalidOption';
  }
  const produtoOk = new Set(knownProdutos.map((p) => p.id));
  input.dadosComplementares.forEach((d, index) => {
    if (!produtoOk.has(d.produtoId)) errors[`dadosComplementares.${index}.produtoId`] = 'validation.invalidOption';
  });
  return errors;
}

const columnsOf = (input: DealerInput) => ({
  nomeExibicao: input.nomeExibicao,
  razaoSocial: input.razaoSocial,
  cnpj: input.cnpj,
  cnpjsAdicionais: input.cnpjsAdicionais,
  codigos: input.codigos,
  divisaoId: input.divisaoId,
  setorId: input.setorId,
  telefones: input.telefones,
  celulares: input.celulares,
  ...input.endereco,
  active: input.active,
});

/** Inserts or updates a dealer and replaces its links (brands, groups, products). Returns its id. */
export async function writeDealer(tx: DbOrTx, input: DealerInput): Promise<number> {
  let id = input.id;
  if (id) {
    await tx.update(dealers).set(columnsOf(input)).where(eq(dealers.id, id));
    // One query at a time: a transaction is one connection.
    await tx.delete(dealerMarcas).where(eq(dealerMarcas.dealerId, id));
    await tx.delete(dealerGrupos).where(eq(dealerGrupos.dealerId, id));
    await tx.delete(dealerProdutos).where(eq(dealerProdutos.dealerId, id));
  } else {
    [{ id }] = await tx.insert(dealers).values(columnsOf(input)).returning({ id: dealers.id });
  }
  const dealerId = id;
  await tx.insert(dealerMarcas).values(input.marcaIds.map((marcaId) => ({ dealerId, marcaId })));
  if (input.grupoIds.length) {
    await tx.insert(dealerGrupos).values(input.grupoIds.map((grupoId) => ({ dealerId, grupoId })));
  }
  if (input.dadosComplementares.length) {
    await tx.insert(dealerProdutos).values(input.dadosComplementares.map((d) => ({ dealerId, ...d })));
  }
  return dealerId;
}
