import { describe, expect, it } from 'vitest';
import { bancoAte } from './migracoes';

// Migration 0032 on a database that already holds deliveries: the users named in a dealer group go
// to the cells that hold their groups, and a delivery made before moves to such a cell only when
// its recipient is named in a group their dealers are not in (else the figures are the same).

describe('migration 0032 (audience cells hold the dealer groups users are named in)', () => {
  it('moves the earlier deliveries of a recipient named outside their dealers’ groups, and only those', async () => {
    const { client, migrarTudo, fechar } = await bancoAte(31);
    const um = async <T>(query: string) => (await client.query<T>(query)).rows[0]!;
    await client.exec(`
      insert into divisoes (nome) values ('D');
      insert into setores (nome, divisao_id) select 'S', id from divisoes;
      insert into grupos (nome) values ('Grupo do dealer'), ('Outro grupo');
      insert into dealers (nome_exibicao, razao_social, cnpj, divisao_id, setor_id)
        select 'Dealer', 'Dealer Ltda', '11222333000181', s.divisao_id, s.id from setores s;
      insert into dealer_grupos (dealer_id, grupo_id)
        select d.id, g.id from dealers d, grupos g where g.nome = 'Grupo do dealer';
      insert into usuarios (nome, email, tipo) values ('Autor', 'autor@m.test', 'TECSINAPSE'),
        ('No grupo do dealer', 'a@m.test', 'DEALER_GRUPO'), ('Em outro grupo', 'b@m.test', 'DEALER_GRUPO');
      insert into usuario_dealers (usuario_id, dealer_id)
        select u.id, d.id from usuarios u, dealers d where u.tipo = 'DEALER_GRUPO';
      insert into usuario_grupos (usuario_id, grupo_id) select u.id, g.id from usuarios u, grupos g
        where (u.email = 'a@m.test' and g.nome = 'Grupo do dealer') or (u.email = 'b@m.test' and g.nome = 'Outro grupo');
      insert into comunicados (estado, titulo, mensagem, autor_id, remetente_id, enviado_em, destinatarios)
        select 'ENVIADO', 'Antes', '<p>x</p>', id, id, now(), 2 from usuarios where email = 'autor@m.test';
      insert into comunicado_envios (usuario_id, comunicado_id)
        select u.id, c.id from usuarios u, comunicados c where u.tipo = 'DEALER_GRUPO';
      update comunicado_envios set lido_em = now()
        where usuario_id = (select id from usuarios where email = 'b@m.test');`);
    const celulaAntes = await um<{ a: number; b: number }>(`select
      (select celula_id from comunicado_envios where usuario_id = (select id from usuarios where email = 'a@m.test')) as a,
      (select celula_id from comunicado_envios where usuario_id = (select id from usuarios where email = 'b@m.test')) as b`);
    // Both in one cell before: same type, brands and dealer.
    expect(celulaAntes.a).toBe(celulaAntes.b);

    await migrarTudo();

    const depois = await um<{ a: number; b: number; grupos_b: string; usuarios_fora: number }>(`select
      (select celula_id from comunicado_envios where usuario_id = (select id from usuarios where email = 'a@m.test')) as a,
      (select celula_id from comunicado_envios where usuario_id = (select id from usuarios where email = 'b@m.test')) as b,
      (select array_to_string(cel.grupos, ',') from comunicado_envios e join audiencia_celulas cel on cel.id = e.celula_id
        where e.usuario_id = (select id from usuarios where email = 'b@m.test')) as grupos_b,
      (select count(*)::int from usuarios u join audiencia_celulas cel on cel.id = u.celula_id
        where cel.grupos <> coalesce((select array_agg(ug.grupo_id order by ug.grupo_id) from usuario_grupos ug
          where ug.usuario_id = u.id), '{}')) as usuarios_fora`);
    // Named in their dealer's group: the delivery stays where it was (its group is reached anyway).
    expect(depois.a).toBe(celulaAntes.a);
    // Named in another group: the delivery is counted in a cell that holds it.
    const outro = await um<{ id: number }>(`select id from grupos where nome = 'Outro grupo'`);
    expect(depois.grupos_b).toBe(String(outro.id));
    // Every user is in the cell of their groups now.
    expect(depois.usuarios_fora).toBe(0);
    // The summary follows the deliveries: per cell, the deliveries and reads counted.
    const resumo = await client.query<{ celula_id: number; destinatarios: number; lidos: number }>(
      `select celula_id, destinatarios, lidos from comunicado_alcance where destinatarios <> 0 order by celula_id`,
    );
    expect(resumo.rows).toEqual(
      [
        { celula_id: depois.a, destinatarios: 1, lidos: 0 },
        { celula_id: depois.b, destinatarios: 1, lidos: 1 },
      ].sort((x, y) => x.celula_id - y.celula_id),
    );
    await fechar();
  });
});
