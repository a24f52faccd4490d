import { eq, sql } from 'drizzle-orm';
import type { Idioma, TipoUsuario } from '../../../domain/enums';
import type { DbOrTx } from '../../db/client';
import {
  auditoria,
  usuarioCargos,
  usuarioDealers,
  usuarioFuncionalidades,
  usuarioGrupos,
  usuarioMarcas,
  usuarios,
  usuarioTiposAcesso,
} from '../../db/schema';

// The writes of the user maintenance: one user (salvarUsuario), their active state and special
// activation, and the bulk import's batch (writeUsuariosLote).

export interface UsuarioWrite {
  id?: number | null;
  nome: string;
  email: string;
  cpf: string | null;
  tipo: TipoUsuario;
  idioma: Idioma;
  telefones: string[];
  celulares: string[];
  dataAdmissao: string | null;
  emailSuperior: string | null;
  desligamentoId: number | null;
  dataDesligamento: string | null;
  marcaIds: number[];
  grupoIds: number[];
  dealerIds: number[];
  cargos: { cargoId: number; dealerId: number; departamentoId: number | null; dataInicio: string }[];
  tiposAcessoIds: number[];
  funcionalidadeIds: number[];
}

/**
 * Inserts or updates a user and replaces their links with the given (final) sets: one statement per
 * table, the links the caller could not see already folded into the sets by the caller of this.
 */
export async function writeUsuario(tx: DbOrTx, input: UsuarioWrite): Promise<number> {
  const columns = {
    nome: input.nome,
    email: input.email,
    cpf: input.cpf,
    tipo: input.tipo,
    idioma: input.idioma,
    telefones: input.telefones,
    celulares: input.celulares,
    dataAdmissao: input.dataAdmissao,
    emailSuperior: input.emailSuperior,
    desligamentoId: input.desligamentoId,
    dataDesligamento: input.dataDesligamento,
  };
  let id = input.id;
  if (id) {
    await tx.update(usuarios).set(columns).where(eq(usuarios.id, id));
    // One query at a time: a transaction is one connection.
    for (const table of [
      usuarioMarcas,
      usuarioGrupos,
      usuarioDealers,
      usuarioCargos,
      usuarioTiposAcesso,
      usuarioFuncionalidades,
    ]) {
      await tx.delete(table).where(eq(table.usuarioId, id));
    }
  } else {
    [{ id }] = await tx.insert(usuarios).values(columns).returning({ id: usuarios.id });
  }
  const usuarioId = id;
  const links = <T>(values: T[], insert: (values: T[]) => Promise<unknown>) =>
    values.length ? insert(values) : undefined;
  await links(input.marcaIds, (v) => tx.insert(usuarioMarcas).values(v.map((marcaId) => ({ usuarioId, marcaId }))));
  await links(input.grupoIds, (v) => tx.insert(usuarioGrupos).values(v.map((grupoId) => ({ usuarioId, grupoId }))));
  await links(input.dealerIds, (v) => tx.insert(usuarioDealers).values(v.map((dealerId) => ({ usuarioId, dealerId }))));
  await links(input.cargos, (v) => tx.insert(usuarioCargos).values(v.map((c) => ({ usuarioId, ...c }))));
  await links(input.tiposAcessoIds, (v) =>
    tx.insert(usuarioTiposAcesso).values(v.map((tipoAcessoId) => ({ usuarioId, tipoAcessoId }))),
  );
  await links(input.funcionalidadeIds, (v) =>
    tx.insert(usuarioFuncionalidades).values(v.map((funcionalidadeId) => ({ usuarioId, funcionalidadeId }))),
  );
  return usuarioId;
}

/**
 * Activating clears "inactivated for inactivity" and, for a user who was inactive, restarts the
 * inactivity clock (last access now, no warning yet), so the next dormant-user run does not
 * inactivate them again at once.
 */
export async function setUsuarioActive(tx: DbOrTx, id: number, active: boolean) {
  await tx
    .update(usuarios)
    .set(
      active
        ? {
            active,
            inativadoPorInatividade: false,
            ultimoAcesso: sql`case when ${usuarios.active} then ${usuarios.ultimoAcesso} else now() end`,
            avisoInatividadeEm: sql`case when ${usuarios.active} then ${usuarios.avisoInatividadeEm} end`,
          }
        : { active },
    )
    .where(eq(usuarios.id, id));
}

export async function setAtivacaoEspecial(tx: DbOrTx, id: number, ativacaoEspecial: boolean) {
  await tx.update(usuarios).set({ ativacaoEspecial }).where(eq(usuarios.id, id));
}

/**
 * A user of the bulk import's batch: `usuario` is what is written and audited (the audit snapshot
 * of manutencao.ts: every field of a write, links sorted, plus `active`); a creation's audit
 * entry records it whole, a change records what changed, null nothing.
 */
export interface UsuarioLote {
  id: number | null;
  usuario: Omit<UsuarioWrite, 'id'> & { active: boolean };
  auditoria: 'CRIACAO' | { antes: unknown; depois: unknown } | null;
}

/**
 * The bulk import's write (issue #15): creates and updates many users with their final link sets
 * and records their audit entries, in one statement for the whole batch: the batch goes as one
 * JSON parameter (each user's snapshot once, its audit entry beside it), read once, and every
 * table's rows are written from it (data-modifying CTEs). A statement per table, each re-sending
 * and re-reading the batch, cost about 5 ms more per statement and batch of 500 on PGlite.
 * Updates bump the version and have their links replaced (deleted first, in a statement of their
 * own: in one statement the order of the deletes and inserts would be undefined). Returns the id
 * of each e-mail.
 */
export async function writeUsuariosLote(
  tx: DbOrTx,
  writes: readonly UsuarioLote[],
  autorId: number,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (!writes.length) return ids;
  const updated = writes.flatMap((w) => (w.id ? [w.id] : []));
  if (updated.length) {
    const alvo = sql`(select value::int from json_array_elements_text(${JSON.stringify(updated)}::json))`;
    const deletes = [
      usuarioMarcas,
      usuarioGrupos,
      usuarioDealers,
      usuarioCargos,
      usuarioTiposAcesso,
      usuarioFuncionalidades,
    ].map((table, i) => sql`${sql.raw(`d${i}`)} as (delete from ${table} where usuario_id in ${alvo})`);
    await tx.execute(sql`with ${sql.join(deletes, sql`, `)} select 1`);
  }
  const batch = JSON.stringify(
    writes.map((w) => ({
      id: w.id,
      u: w.usuario,
      alteracao: w.auditoria === null ? null : w.auditoria === 'CRIACAO' ? 'CRIACAO' : 'ALTERACAO',
      ...(w.auditoria !== null && w.auditoria !== 'CRIACAO' ? w.auditoria : {}),
    })),
  );
  const texts = (field: string) => sql.raw(`array(select jsonb_array_elements_text(x.u->'${field}'))`);
  // The sets come deduplicated (checkLinks, the snapshot), so no link insert can conflict.
  const links = (
    [
      [usuarioMarcas, 'marca_id', 'marcaIds'],
      [usuarioGrupos, 'grupo_id', 'grupoIds'],
      [usuarioDealers, 'dealer_id', 'dealerIds'],
      [usuarioTiposAcesso, 'tipo_acesso_id', 'tiposAcessoIds'],
      [usuarioFuncionalidades, 'funcionalidade_id', 'funcionalidadeIds'],
    ] as const
  ).map(
    ([table, column, field]) => sql`${sql.raw(`l_${column}`)} as (insert into ${table} (usuario_id, ${sql.raw(column)})
      select b.id, v::int from b cross join jsonb_array_elements_text(b.u->'${sql.raw(field)}') as v)`,
  );
  const { rows } = await tx.execute<{ id: number; email: string }>(sql`
    with x as materialized (
      select * from jsonb_to_recordset(${batch}::jsonb) as x(id int, u jsonb, alteracao text, antes jsonb, depois jsonb)
    ),
    atualizados as (
      update ${usuarios} u set nome = x.u->>'nome', idioma = (x.u->>'idioma')::idioma, telefones = ${texts('telefones')},
        celulares = ${texts('celulares')}, cpf = x.u->>'cpf', data_admissao = (x.u->>'dataAdmissao')::date,
        email_superior = x.u->>'emailSuperior', desligamento_id = (x.u->>'desligamentoId')::int,
        data_desligamento = (x.u->>'dataDesligamento')::date, version = u.version + 1
      from x where u.id = x.id
      returning u.id, u.email
    ),
    criados as (
      insert into ${usuarios} (nome, email, cpf, tipo, idioma, telefones, celulares, data_admissao, email_superior,
        desligamento_id, data_desligamento)
      select x.u->>'nome', x.u->>'email', x.u->>'cpf', (x.u->>'tipo')::tipo_usuario, (x.u->>'idioma')::idioma,
        ${texts('telefones')}, ${texts('celulares')}, (x.u->>'dataAdmissao')::date, x.u->>'emailSuperior',
        (x.u->>'desligamentoId')::int, (x.u->>'dataDesligamento')::date
      from x where x.id is null
      returning id, email
    ),
    b as materialized (
      select i.id, x.u, x.alteracao, x.antes, x.depois
      from (select id, email from criados union all select id, email from atualizados) i join x on x.u->>'email' = i.email
    ),
    ${sql.join(links, sql`, `)},
    l_cargos as (
      insert into ${usuarioCargos} (usuario_id, cargo_id, dealer_id, departamento_id, data_inicio)
      select b.id, c."cargoId", c."dealerId", c."departamentoId", c."dataInicio"
      from b cross join jsonb_to_recordset(b.u->'cargos') as c("cargoId" int, "dealerId" int, "departamentoId" int,
        "dataInicio" date)
    ),
    auditados as (
      insert into ${auditoria} (tipo, registro_id, alteracao, valor_anterior, valor_novo, autor_id)
      select 'USUARIO', b.id::text, b.alteracao, b.antes, case b.alteracao when 'CRIACAO' then b.u else b.depois end,
        ${autorId}::int
      from b where b.alteracao is not null
    )
    select id, email from criados union all select id, email from atualizados`);
  for (const r of rows) ids.set(r.email, Number(r.id));
  return ids;
}
