import { expect } from 'vitest';
import type { Kit } from './kit';
import { gql, type GraphQLResponse } from './portal';

/** What the announcement calls below answer: at least these fields (`fields` may ask for more). */
export interface ComunicadoGql {
  id: string;
  version: number;
  status: { id: string };
}

/**
 * The announcement mutations the API tests call as a given user, each answering its record under
 * `r` with `fields`: save, send, and the plain call and its unwrapping.
 */
export function comunicadoCalls<C extends ComunicadoGql>(kit: Kit, fields: string) {
  const call = <T = Record<string, C>>(token: string, query: string, variables: Record<string, unknown> = {}) =>
    gql<T>(kit.portal, query, variables, token);
  const ok = <T>(r: GraphQLResponse<Record<string, T>>) => {
    expect(r.errors).toBeUndefined();
    return r.data!.r;
  };
  const salvar = (token: string, c: Record<string, unknown>) =>
    call(token, `mutation($c: ComunicadoInput!) { r: salvarComunicado(comunicado: $c) { ${fields} } }`, { c });
  const enviar = (token: string, c: ComunicadoGql) =>
    call(token, `mutation($id: ID!, $v: Int) { r: enviarComunicado(id: $id, version: $v) { ${fields} } }`, {
      id: c.id,
      v: c.version,
    });
  return { call, ok, salvar, enviar };
}
