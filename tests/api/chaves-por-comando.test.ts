import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sqlStateOf } from '../../server/audit/write';
import { sendDue } from '../../server/features/comunicados';
import { notify } from '../../server/features/notificacoes/service';
import { alcanceConferido, comunicadoEnviado, usuariosIds } from './comunicadosEnviados';
import { seedKit } from './kit';

// The keys of deliveries (comunicado_envios) and notification recipients (notificacao_destinatarios)
// are checked once per statement and their parents' deletions cascade once per statement (migration
// 0031, in place of foreign keys checked per row): what the foreign keys did must still hold.

const kit = seedKit({ seed: 3131, domain: 'chaves-por-comando.test' });

let ana: number;
let beto: number;
/** A user nothing is sent to. */
let caio: number;
let comunicado: number;
let outro: number;
let notificacao: number;
/** An id no user, announcement or notification has. */
let ausente: number;

const contar = async (query: ReturnType<typeof sql>) => {
  const { rows } = await kit.db.execute<{ n: number }>(query);
  return Number(rows[0]!.n);
};
const entregas = (usuarioId: number) =>
  contar(sql`select count(*)::int as n from comunicado_envios where usuario_id = ${usuarioId}`);
const recebidas = (usuarioId: number) =>
  contar(sql`select count(*)::int as n from notificacao_destinatarios where usuario_id = ${usuarioId}`);

/** The SQLSTATE and constraint of the error `write` fails with (undefined when it succeeds). */
const falha = async (write: () => Promise<unknown>) => {
  try {
    await write();
    return undefined;
  } catch (error) {
    let cause: unknown = error;
    while (cause && !(cause as { constraint?: string }).constraint && (cause as { cause?: unknown }).cause)
      cause = (cause as { cause?: unknown }).cause;
    return { code: sqlStateOf(error), constraint: (cause as { constraint?: string }).constraint };
  }
};

beforeAll(async () => {
  await kit.start();
  const marca = (await kit.marca('Marca Chaves')).id;
  ana = (await kit.usuario({ tipo: 'MONTADORA', marca })).id;
  // Without links to brands or dealers (whose keys refuse a user's deletion): a user that can be deleted.
  beto = await contar(
    sql`insert into usuarios (nome, email, tipo) values ('Beto', ${kit.email()}, 'TECSINAPSE') returning id as n`,
  );
  caio = (await kit.usuario({ tipo: 'MONTADORA', marca })).id;
  comunicado = (
    await comunicadoEnviado(kit.db, { autorId: kit.staffId, titulo: 'Chaves', para: usuariosIds(ana, beto) })
  ).id;
  outro = (await comunicadoEnviado(kit.db, { autorId: kit.staffId, titulo: 'Outro', para: usuariosIds(ana, beto) })).id;
  notificacao = (
    await notify(kit.db, { usuarios: usuariosIds(ana, beto) }, { titulo: 'Chaves', texto: 'x', origem: 'TESTE' })
  ).id;
  ausente = await contar(sql`select greatest(
    (select max(id) from usuarios), (select max(id) from comunicados), (select max(id) from notificacoes))::int + 1000 as n`);
});

describe('a delivery', () => {
  it('of a user that does not exist is refused as a foreign key refuses it, and none of its statement is kept', async () => {
    const antes = await contar(sql`select count(*)::int as n from comunicado_envios`);
    const novo = (await comunicadoEnviado(kit.db, { autorId: kit.staffId, titulo: 'Vazio', para: usuariosIds() })).id;
    expect(
      await falha(() =>
        kit.db.execute(sql`insert into comunicado_envios (usuario_id, comunicado_id)
          select u, ${novo}::int from unnest(array[${ana}, ${ausente}]::int[]) u`),
      ),
    ).toEqual({ code: '23503', constraint: 'comunicado_envios_usuario_id_usuarios_id_fk' });
    expect(await contar(sql`select count(*)::int as n from comunicado_envios`)).toBe(antes);
  });

  it('of an announcement that does not exist is refused', async () => {
    expect(
      await falha(() =>
        kit.db.execute(sql`insert into comunicado_envios (usuario_id, comunicado_id) values (${ana}, ${ausente})`),
      ),
    ).toEqual({ code: '23503', constraint: 'comunicado_envios_comunicado_id_comunicados_id_fk' });
    expect(await contar(sql`select count(*)::int as n from comunicado_envios where comunicado_id = ${ausente}`)).toBe(
      0,
    );
  });

  it('never changes its user or announcement (reading it does)', async () => {
    expect(
      await falha(() =>
        kit.db.execute(sql`update comunicado_envios set usuario_id = ${ausente}
          where comunicado_id = ${comunicado} and usuario_id = ${ana}`),
      ),
    ).toMatchObject({ code: '23001' });
    expect(
      await falha(() =>
        kit.db.execute(sql`update comunicado_envios set comunicado_id = ${outro}
          where comunicado_id = ${comunicado} and usuario_id = ${beto}`),
      ),
    ).toMatchObject({ code: '23001' });
    await kit.db.execute(sql`update comunicado_envios set lido_em = now() where comunicado_id = ${comunicado}`);
    expect(
      await contar(sql`select count(*)::int as n from comunicado_envios where comunicado_id = ${comunicado} and lido_em is not null
        and usuario_id in (${ana}, ${beto})`),
    ).toBe(2);
  });
});

describe('a notification recipient', () => {
  it('that is not a user, or of a notification that does not exist, is refused', async () => {
    expect(
      await falha(() =>
        kit.db.execute(sql`insert into notificacao_destinatarios (usuario_id, notificacao_id)
          values (${caio}, ${notificacao}), (${ausente}, ${notificacao})`),
      ),
    ).toEqual({ code: '23503', constraint: 'notificacao_destinatarios_usuario_id_usuarios_id_fk' });
    expect(
      await falha(() =>
        kit.db.execute(
          sql`insert into notificacao_destinatarios (usuario_id, notificacao_id) values (${ana}, ${ausente})`,
        ),
      ),
    ).toEqual({ code: '23503', constraint: 'notificacao_destinatarios_notificacao_id_notificacoes_id_fk' });
    expect(await recebidas(caio)).toBe(0);
  });

  it('never changes its user or notification (seeing it does)', async () => {
    expect(
      await falha(() =>
        kit.db.execute(sql`update notificacao_destinatarios set usuario_id = ${beto}
          where notificacao_id = ${notificacao} and usuario_id = ${ana}`),
      ),
    ).toMatchObject({ code: '23001' });
    await kit.db.execute(
      sql`update notificacao_destinatarios set visualizada = true where notificacao_id = ${notificacao}`,
    );
    expect(
      await contar(
        sql`select count(*)::int as n from notificacao_destinatarios where notificacao_id = ${notificacao} and visualizada`,
      ),
    ).toBe(2);
  });
});

describe("an announcement's send", () => {
  it('writes its deliveries and notification unchecked, and the rest of its transaction is checked again', async () => {
    const marca = (await kit.marca('Marca do envio')).id;
    const dani = (await kit.usuario({ tipo: 'DEALER_GRUPO', marca })).id;
    const agendado = (
      await comunicadoEnviado(kit.db, {
        autorId: kit.staffId,
        titulo: 'Agendado',
        para: usuariosIds(),
        estado: 'AGENDADO',
      })
    ).id;
    await kit.db.execute(
      sql`update comunicados set agendado_para = now() - interval '1 minute' where id = ${agendado}`,
    );
    await kit.db.execute(sql`insert into comunicado_grupos (comunicado_id, grupo_usuarios_id)
      values (${agendado}, ${await kit.rede(marca, kit.staffId)})`);
    const depois = await falha(() =>
      kit.db.transaction(async (tx) => {
        expect(await sendDue(tx, agendado)).toBe(1);
        // Past the send, in the same transaction: a delivery of a user that does not exist.
        await tx.execute(
          sql`insert into comunicado_envios (usuario_id, comunicado_id) values (${ausente}, ${agendado})`,
        );
      }),
    );
    expect(depois).toEqual({ code: '23503', constraint: 'comunicado_envios_usuario_id_usuarios_id_fk' });
    // The whole transaction is undone, the send with it.
    expect(await entregas(dani)).toBe(0);
    expect(await kit.db.transaction((tx) => sendDue(tx, agendado))).toBe(1);
    expect(await entregas(dani)).toBe(1);
    expect(await recebidas(dani)).toBe(1);
  });
});

describe('deleting', () => {
  it('an announcement deletes its deliveries and no other, and the reach summary follows', async () => {
    await kit.db.execute(sql`delete from comunicados where id = ${outro}`);
    expect(await contar(sql`select count(*)::int as n from comunicado_envios where comunicado_id = ${outro}`)).toBe(0);
    expect(
      await contar(sql`select count(*)::int as n from comunicado_envios where comunicado_id = ${comunicado}`),
    ).toBe(2);
    const { resumo, contado } = await alcanceConferido(kit.db);
    expect(resumo).toEqual(contado);
  });

  it('a notification deletes its recipients', async () => {
    const segunda = (
      await notify(kit.db, { usuarios: usuariosIds(ana, beto) }, { titulo: 'Segunda', texto: 'x', origem: 'TESTE' })
    ).id;
    await kit.db.execute(sql`delete from notificacoes where id = ${notificacao}`);
    expect(
      await contar(sql`select count(*)::int as n from notificacao_destinatarios where notificacao_id = ${notificacao}`),
    ).toBe(0);
    expect(
      await contar(sql`select count(*)::int as n from notificacao_destinatarios where notificacao_id = ${segunda}`),
    ).toBe(2);
  });

  it('a user deletes their deliveries and notifications, and nobody else’s', async () => {
    const deAna = [await entregas(ana), await recebidas(ana)];
    expect(await entregas(beto)).toBeGreaterThan(0);
    expect(await recebidas(beto)).toBeGreaterThan(0);
    await kit.db.execute(sql`delete from usuarios where id = ${beto}`);
    expect([await entregas(beto), await recebidas(beto)]).toEqual([0, 0]);
    expect([await entregas(ana), await recebidas(ana)]).toEqual(deAna);
    const { resumo, contado } = await alcanceConferido(kit.db);
    expect(resumo).toEqual(contado);
  });
});
