import { inArray, sql, type SQL } from 'drizzle-orm';
import { unionAll, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { referenciaDoCampo, type TipoAuditoria, type TipoReferencia } from '../../../domain/auditoria';
import {
  autorScope,
  dealerScope,
  grupoScope,
  grupoUsuariosReadScope,
  marcaScope,
  usuarioScope,
  type Session,
} from '../../authz';
import type { DbOrTx } from '../../db/client';
import {
  cargos,
  comunicadoEtiquetas,
  comunicados,
  comunicadoSeries,
  dealers,
  departamentos,
  desligamentos,
  divisoes,
  funcionalidades,
  grupos,
  gruposUsuarios,
  marcas,
  notificacoesGenericas,
  produtos,
  redesSociais,
  setores,
  tiposAcesso,
  usuarios,
} from '../../db/schema';

type Escopo = (session: Session) => SQL | undefined;

/**
 * Where each kind's name lives, and which of its records the caller may see named (the scope of
 * the screen that lists them, written on the unaliased table; none: reference data everyone reads).
 */
const NOMES: Record<TipoReferencia, { table: PgTable; id: AnyPgColumn; nome: AnyPgColumn; escopo?: Escopo }> = {
  DEALER: { table: dealers, id: dealers.id, nome: dealers.nomeExibicao, escopo: dealerScope },
  GRUPO: { table: grupos, id: grupos.id, nome: grupos.nome, escopo: grupoScope },
  USUARIO: { table: usuarios, id: usuarios.id, nome: usuarios.nome, escopo: usuarioScope },
  GRUPO_USUARIOS: {
    table: gruposUsuarios,
    id: gruposUsuarios.id,
    nome: gruposUsuarios.nome,
    escopo: grupoUsuariosReadScope,
  },
  MARCA: { table: marcas, id: marcas.id, nome: marcas.nome, escopo: (session) => marcaScope(session, sql`marcas.id`) },
  CARGO: { table: cargos, id: cargos.id, nome: cargos.nome },
  DEPARTAMENTO: { table: departamentos, id: departamentos.id, nome: departamentos.nome },
  SETOR: { table: setores, id: setores.id, nome: setores.nome },
  DIVISAO: { table: divisoes, id: divisoes.id, nome: divisoes.nome },
  DESLIGAMENTO: { table: desligamentos, id: desligamentos.id, nome: desligamentos.motivo },
  REDE_SOCIAL: { table: redesSociais, id: redesSociais.id, nome: redesSociais.nome },
  PRODUTO: { table: produtos, id: produtos.id, nome: produtos.nome },
  TIPO_ACESSO: { table: tiposAcesso, id: tiposAcesso.id, nome: tiposAcesso.nome },
  FUNCIONALIDADE: { table: funcionalidades, id: funcionalidades.id, nome: funcionalidades.nome },
  COMUNICADO: {
    table: comunicados,
    id: comunicados.id,
    nome: comunicados.titulo,
    escopo: (session) => autorScope(session, sql`comunicados.autor_id`),
  },
  COMUNICADO_SERIE: {
    table: comunicadoSeries,
    id: comunicadoSeries.id,
    nome: comunicadoSeries.nome,
    escopo: (session) => autorScope(session, sql`comunicado_series.autor_id`),
  },
  COMUNICADO_ETIQUETA: { table: comunicadoEtiquetas, id: comunicadoEtiquetas.id, nome: comunicadoEtiquetas.nome },
  NOTIFICACAO_GENERICA: {
    table: notificacoesGenericas,
    id: notificacoesGenericas.id,
    nome: notificacoesGenericas.titulo,
    escopo: (session) => autorScope(session, sql`notificacoes_genericas.autor_id`),
  },
};

export type IdsPorTipo = Map<TipoReferencia, Set<number>>;

const MAX_ID = 2 ** 31 - 1;

/** Adds one id (a positive integer, or its digits) of a kind; anything else is ignored. */
export function addId(found: IdsPorTipo, tipo: TipoReferencia, value: unknown) {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > MAX_ID) return;
  const set = found.get(tipo) ?? new Set<number>();
  set.add(id);
  found.set(tipo, set);
}

/**
 * The ids the values (of a record of kind `tipo`) name through the fields of CAMPOS_REFERENCIA and
 * the kind's own (CAMPOS_REFERENCIA_DO_TIPO), at any depth, by kind.
 */
export function idsReferidos(values: unknown[], tipo?: TipoAuditoria, found: IdsPorTipo = new Map()): IdsPorTipo {
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (typeof value !== 'object' || value === null) return;
    for (const [campo, item] of Object.entries(value)) {
      const referencia = referenciaDoCampo(campo, tipo);
      if (!referencia) walk(item);
      else for (const id of Array.isArray(item) ? item : [item]) addId(found, referencia, id);
    }
  };
  values.forEach(walk);
  return found;
}

export interface Referencia {
  tipo: TipoReferencia;
  id: string;
  /** Null when the record exists but is outside the caller's scope. */
  nome: string | null;
}

/**
 * The current names of these records, in one query; a record that no longer exists is left out, one
 * outside the caller's scope comes without its name. `proprio`, the record whose history is read
 * (the caller may read it), is named whatever its kind's scope says.
 */
export async function nomesDe(
  db: DbOrTx,
  session: Session,
  ids: IdsPorTipo,
  proprio?: { tipo: TipoReferencia; id: number },
): Promise<Referencia[]> {
  const selects = [...ids].map(([tipo, set]) => {
    const { table, id, nome, escopo } = NOMES[tipo];
    const visivel = escopo?.(session);
    const nomeVisivel = !visivel
      ? sql`${nome}`
      : sql`case when ${visivel}${proprio?.tipo === tipo ? sql` or ${id} = ${proprio.id}` : sql``} then ${nome} end`;
    return db
      .select({
        tipo: sql<TipoReferencia>`${tipo}::text`.as('tipo'),
        id: sql<string>`${id}::text`.as('id'),
        nome: sql<string | null>`${nomeVisivel}`.as('nome'),
      })
      .from(table)
      .where(inArray(id, [...set]) as SQL);
  });
  const [first, second, ...rest] = selects;
  if (!first) return [];
  return second ? unionAll(first, second, ...rest) : first;
}
