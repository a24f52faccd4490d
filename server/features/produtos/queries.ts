import { asc, eq } from 'drizzle-orm';
import { MAX_UNPAGED_ROWS } from '../../../domain/schemas/lista';
import type { DbOrTx } from '../../db/client';
import { funcionalidades, produtos, tipoAcessoFuncionalidades, tiposAcesso } from '../../db/schema';

/** Every product with its access types (and their default functions) and its functions. */
export async function listProdutos(db: DbOrTx) {
  const [produtoRows, tipoRows, funcRows, padraoRows] = await Promise.all([
    db.select().from(produtos).orderBy(asc(produtos.nome)).limit(MAX_UNPAGED_ROWS),
    db.select().from(tiposAcesso).orderBy(asc(tiposAcesso.nome)),
    db.select().from(funcionalidades).orderBy(asc(funcionalidades.nome)),
    db
      .select({ tipoAcessoId: tipoAcessoFuncionalidades.tipoAcessoId, funcionalidade: funcionalidades })
      .from(tipoAcessoFuncionalidades)
      .innerJoin(funcionalidades, eq(funcionalidades.id, tipoAcessoFuncionalidades.funcionalidadeId)),
  ]);
  return produtoRows.map((produto) => ({
    ...produto,
    URI: produto.uri,
    tiposAcesso: tipoRows
      .filter((tipo) => tipo.produtoId === produto.id)
      .map((tipo) => ({
        ...tipo,
        funcionalidadesPadrao: padraoRows.filter((p) => p.tipoAcessoId === tipo.id).map((p) => p.funcionalidade),
      })),
    funcionalidades: funcRows.filter((f) => f.produtoId === produto.id),
  }));
}
