import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../server/db/client';

// Sent announcements for the reading side's tests (issue #28), written straight to the database
// while the send path is built elsewhere: the announcement in state ENVIADO and its deliveries with
// one INSERT ... SELECT, as the send makes them.

export interface EnviadoOf {
  autorId: number;
  titulo: string;
  /** A subquery of the recipients' user ids. */
  para: SQL;
  mensagem?: string;
  exigeConfirmacao?: boolean;
  departamentoId?: number | null;
  /** Label names (created when new). */
  etiquetas?: string[];
  /** An erratum of this announcement. */
  idParent?: number;
  justificativa?: string;
  /** When it was sent (default now). */
  enviadoEm?: string;
  estado?: string;
  aprovadorId?: number | null;
}

/** Users by id, as the subquery `para` takes. */
export const usuariosIds = (...ids: number[]) => sql`select unnest(${`{${ids.join(',')}}`}::int[])`;

/** Inserts a sent announcement and its deliveries; answers its id and how many deliveries. */
export async function comunicadoEnviado(db: DbOrTx, c: EnviadoOf): Promise<{ id: number; envios: number }> {
  const estado = c.estado ?? 'ENVIADO';
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into comunicados (estado, titulo, mensagem, autor_id, aprovador_id, departamento_id, exige_confirmacao,
      id_parent, justificativa, enviado_em, remetente_id)
    values (${estado}, ${c.titulo}, ${c.mensagem ?? `<p>${c.titulo}</p>`}, ${c.autorId}, ${c.aprovadorId ?? null},
      ${c.departamentoId ?? null}, ${c.exigeConfirmacao ?? false}, ${c.idParent ?? null}, ${c.justificativa ?? null},
      ${estado === 'ENVIADO' ? (c.enviadoEm ?? new Date().toISOString()) : null}, ${c.autorId})
    returning id`);
  const id = Number(rows[0]!.id);
  for (const nome of c.etiquetas ?? []) {
    await db.execute(sql`
      with nova as (insert into comunicado_etiquetas (nome) values (${nome}) on conflict do nothing returning id)
      insert into comunicado_etiquetas_comunicados (comunicado_id, etiqueta_id)
      select ${id}, coalesce((select id from nova), (select id from comunicado_etiquetas where fold(nome) = fold(${nome})))`);
  }
  let envios = 0;
  if (estado === 'ENVIADO') {
    const inserted = await db.execute<{ n: number }>(sql`
      with novos as (insert into comunicado_envios (usuario_id, comunicado_id)
        select p.id, ${id} from (${c.para}) as p(id) order by p.id returning 1)
      select count(*)::int as n from novos`);
    envios = Number(inserted.rows[0]!.n);
    await db.execute(sql`update comunicados set destinatarios = ${envios} where id = ${id}`);
  }
  return { id, envios };
}

/** The caller's delivery id of an announcement. */
export async function envioId(db: DbOrTx, comunicadoId: number, usuarioId: number): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from comunicado_envios where comunicado_id = ${comunicadoId} and usuario_id = ${usuarioId}`,
  );
  return Number(rows[0]!.id);
}

/**
 * What the reach summary (comunicado_alcance, kept by triggers of migration 0030) holds and what it
 * should hold, counted from the deliveries: equal after any write, whichever code path made it.
 * Also the users whose cell is not their type, effective brands, dealers and groups named (none expected).
 */
export async function alcanceConferido(db: DbOrTx) {
  const { rows } = await db.execute<{ resumo: unknown; contado: unknown; fora: number }>(sql`select
    (select coalesce(json_agg(r order by r.comunicado_id, r.celula_id), '[]') from (
      select comunicado_id, celula_id, destinatarios, lidos, confirmados from comunicado_alcance
      where destinatarios <> 0 or lidos <> 0 or confirmados <> 0) r) as resumo,
    (select coalesce(json_agg(r order by r.comunicado_id, r.celula_id), '[]') from (
      select comunicado_id, celula_id, count(*)::int as destinatarios, count(lido_em)::int as lidos,
        count(confirmado_em)::int as confirmados
      from comunicado_envios group by comunicado_id, celula_id) r) as contado,
    (select count(*)::int from usuarios u join audiencia_celulas cel on cel.id = u.celula_id
      where cel.tipo <> u.tipo or cel.marcas <> u.marcas_efetivas
        or cel.dealers <> coalesce((select array_agg(distinct ud.dealer_id order by ud.dealer_id)
          from usuario_dealers ud where ud.usuario_id = u.id), '{}')
        or cel.grupos <> coalesce((select array_agg(distinct ug.grupo_id order by ug.grupo_id)
          from usuario_grupos ug where ug.usuario_id = u.id), '{}')) +
    (select count(*)::int from usuarios where celula_id is null) as fora`);
  return { resumo: rows[0]!.resumo, contado: rows[0]!.contado, fora: Number(rows[0]!.fora) };
}

/** The last test of a file that writes deliveries: the reach summary matches them, every user is in their cell. */
export function resumoDoAlcanceConfere(db: () => DbOrTx) {
  describe('the reach summary', () => {
    it('holds, per announcement and audience cell, exactly the deliveries, reads and confirmations written', async () => {
      const { resumo, contado, fora } = await alcanceConferido(db());
      expect(resumo).toEqual(contado);
      expect((contado as unknown[]).length).toBeGreaterThan(0);
      expect(fora).toBe(0);
    });
  });
}
