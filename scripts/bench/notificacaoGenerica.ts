import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../server/db/client';
import { sendDue } from '../../server/features/notificacoesGenericas';
import type { Row } from './report';

/**
 * A generic notification sent to a group reaching every active user of the scale data (~100,000:
 * the provider staff's group of every user type and brand) through its send path (sendDue: the
 * claim of the scheduled row, the group read by the audience engine, notify's INSERT ... SELECT,
 * the record's totals), against a bare INSERT ... SELECT of every active user in the same run.
 * Alternated three times, best of each (the machine is shared). Goal: >= 0.7 of the bare rows/s
 * and under 2 s.
 */
export async function genericaBench(db: DbOrTx): Promise<Row[]> {
  const { rows: staff } = await db.execute<{ id: number }>(
    sql`select id from usuarios where tipo = 'TECSINAPSE' and active order by id limit 1`,
  );
  const remetente = Number(staff[0]!.id);
  const { rows: grupo } = await db.execute<{ id: number }>(sql`insert into grupos_usuarios
      (nome, publico, criador_id, possui_perfil, todos_dealers) values ('Bench: toda a rede', true, ${remetente}, true, true)
    returning id`);
  const grupoId = Number(grupo[0]!.id);
  await db.execute(sql`insert into grupo_usuarios_tipos_usuario (grupo_usuarios_id, tipo)
    select ${grupoId}, t from unnest(array['TECSINAPSE', 'MONTADORA', 'DEALER_GRUPO']::tipo_usuario[]) t`);
  await db.execute(
    sql`insert into grupo_usuarios_marcas (grupo_usuarios_id, marca_id) select ${grupoId}, id from marcas`,
  );

  const viaSend: number[] = [];
  const viaBare: number[] = [];
  let reached = 0;
  let bareRows = 0;
  for (let round = 0; round < 3; round++) {
    const { rows } = await db.execute<{ id: number }>(sql`insert into notificacoes_genericas
        (tipo, estado, titulo, texto, agendado_para, remetente_id, autor_id)
      values ('comModelo', 'agendada', 'Bench genérica', '<p>Olá {nome}</p>', now(), ${remetente}, ${remetente})
      returning id`);
    const id = Number(rows[0]!.id);
    await db.execute(
      sql`insert into notificacao_generica_grupos (notificacao_generica_id, grupo_usuarios_id) values (${id}, ${grupoId})`,
    );
    let started = performance.now();
    reached = (await db.transaction((tx) => sendDue(tx, id))) ?? 0;
    viaSend.push(performance.now() - started);
    started = performance.now();
    const { rows: bare } = await db.execute<{ n: number }>(sql`with n as (
        insert into notificacoes (titulo, texto, origem) values ('Bare', 'x', 'BENCH') returning id),
      d as (insert into notificacao_destinatarios (usuario_id, notificacao_id)
        select u.id, n.id from n, usuarios u where u.active returning 1)
      select count(*)::int as n from d`);
    viaBare.push(performance.now() - started);
    bareRows = Number(bare[0]!.n);
  }
  const best = (list: number[]) => Math.min(...list);
  const rate = (rowsSent: number, ms: number) => (rowsSent / ms) * 1000;
  const ratio = rate(reached, best(viaSend)) / rate(bareRows, best(viaBare));
  return [
    {
      case: `generic notification sent to a group (${reached.toLocaleString('en')} rows)`,
      value: best(viaSend),
      unit: 'ms',
      goal: '< 2000',
      note: `${rate(reached, best(viaSend)).toFixed(0)} rows/s; runs ${viaSend.map((v) => v.toFixed(0)).join(', ')} ms`,
    },
    {
      case: 'generic send / bare INSERT ... SELECT rows/s',
      value: ratio,
      unit: 'x',
      goal: '>= 0.7',
      note: `bare: ${bareRows.toLocaleString('en')} rows in ${best(viaBare).toFixed(0)} ms (${viaBare.map((v) => v.toFixed(0)).join(', ')})`,
    },
  ];
}
