import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type TestPortal } from './portal';

// The demo data is what a newcomer edits first: its users must be saveable as they are.

let portal: TestPortal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal?.close());

describe('the demo data', () => {
  it('gives every user holding a product access type one of its default features (the form requires it)', async () => {
    const { rows } = await portal.database.db.execute<{ email: string; tipo: string }>(sql`
      select u.email, ta.nome as tipo from usuario_tipos_acesso uta
      join usuarios u on u.id = uta.usuario_id
      join tipos_acesso ta on ta.id = uta.tipo_acesso_id
      where exists (select 1 from tipo_acesso_funcionalidades taf where taf.tipo_acesso_id = ta.id)
        and not exists (
          select 1 from tipo_acesso_funcionalidades taf
          join usuario_funcionalidades uf on uf.funcionalidade_id = taf.funcionalidade_id and uf.usuario_id = u.id
          where taf.tipo_acesso_id = ta.id)`);
    expect(rows).toEqual([]);
  });

  it("names each product's Consulta access type after its consulting feature", async () => {
    const { rows } = await portal.database.db.execute<{ chave: string }>(sql`
      select f.chave from tipos_acesso ta
      join tipo_acesso_funcionalidades taf on taf.tipo_acesso_id = ta.id
      join funcionalidades f on f.id = taf.funcionalidade_id
      where ta.nome = 'Consulta' order by f.chave`);
    expect(rows.map((r) => r.chave)).toEqual(['GARANTIA_CONSULTA', 'PECAS_CONSULTA']);
  });
});
