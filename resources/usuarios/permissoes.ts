import type { ProdutoPermissoes } from './useUsuarioOptions';

/** A product's permissions as the form holds them (ids as the API sends them). */
export interface ProdutoFormValue {
  produtoId: string;
  tiposAcessoIds: string[];
  funcionalidadeIds: string[];
}

const defaultsOf = (produto: ProdutoPermissoes, tipoId: string) =>
  (produto.tiposAcesso.find((t) => String(t.id) === tipoId)?.funcionalidadesPadrao ?? []).map((f) => String(f.id));

/**
 * Choosing or dropping an access type of a product (spec section 4): choosing one adds its default
 * features; dropping one removes its defaults, except those that are defaults of the access types
 * still chosen. Features chosen by hand stay.
 */
export function toggleTipoAcesso(
  produto: ProdutoPermissoes,
  current: ProdutoFormValue,
  tipoId: string,
  chosen: boolean,
): ProdutoFormValue {
  if (chosen) {
    const funcionalidadeIds = [...new Set([...current.funcionalidadeIds, ...defaultsOf(produto, tipoId)])];
    return { ...current, tiposAcessoIds: [...current.tiposAcessoIds, tipoId], funcionalidadeIds };
  }
  const tiposAcessoIds = current.tiposAcessoIds.filter((id) => id !== tipoId);
  const kept = new Set(tiposAcessoIds.flatMap((id) => defaultsOf(produto, id)));
  const dropped = new Set(defaultsOf(produto, tipoId).filter((id) => !kept.has(id)));
  return { ...current, tiposAcessoIds, funcionalidadeIds: current.funcionalidadeIds.filter((id) => !dropped.has(id)) };
}

/** The list with `next` in place of the product's entry; an entry with nothing chosen goes. */
export function replaceProduto(list: readonly ProdutoFormValue[], next: ProdutoFormValue): ProdutoFormValue[] {
  const empty = next.tiposAcessoIds.length === 0 && next.funcionalidadeIds.length === 0;
  const index = list.findIndex((p) => String(p.produtoId) === next.produtoId);
  if (index < 0) return empty ? [...list] : [...list, next];
  return empty ? list.filter((_, i) => i !== index) : list.map((p, i) => (i === index ? next : p));
}

/** infoUsuario's answer as the form holds it. */
export const fromInfo = (info: { produtoId: string; tiposAcessoIds: string[]; funcionalidadeIds: string[] }[]) =>
  info.map((p) => ({
    produtoId: String(p.produtoId),
    tiposAcessoIds: p.tiposAcessoIds.map(String),
    funcionalidadeIds: p.funcionalidadeIds.map(String),
  }));

/**
 * Another user's permissions (infoUsuario) as a copy the form accepts: only what the form offers
 * (the products, access types and features the caller may give this user), and each copied access
 * type with its default features, as choosing it would add them (the form refuses an access type
 * left without any of its defaults; the source user may hold one so, e.g. from older data).
 */
export function copiedPermissions(
  info: Parameters<typeof fromInfo>[0],
  offered: readonly ProdutoPermissoes[],
): ProdutoFormValue[] {
  const byId = new Map(offered.map((p) => [String(p.id), p]));
  return fromInfo(info).flatMap((copied) => {
    const produto = byId.get(copied.produtoId);
    if (!produto) return [];
    const tipos = new Set(produto.tiposAcesso.map((t) => String(t.id)));
    const funcionalidades = new Set(produto.funcionalidades.map((f) => String(f.id)));
    const tiposAcessoIds = copied.tiposAcessoIds.filter((id) => tipos.has(id));
    const funcionalidadeIds = [
      ...new Set([...copied.funcionalidadeIds, ...tiposAcessoIds.flatMap((id) => defaultsOf(produto, id))]),
    ].filter((id) => funcionalidades.has(id));
    return tiposAcessoIds.length || funcionalidadeIds.length
      ? [{ produtoId: copied.produtoId, tiposAcessoIds, funcionalidadeIds }]
      : [];
  });
}

/** Whether the form's permissions give the user anything at all. */
export const hasAnyPermission = (produtos: readonly ProdutoFormValue[] | undefined) =>
  (produtos ?? []).some((p) => p.tiposAcessoIds.length > 0 || p.funcionalidadeIds.length > 0);
