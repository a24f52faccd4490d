import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema';
import { seedKit } from './kit';
import { errorCode, gql } from './portal';

// A request's session is the user as committed before it: on the embedded database the portal keeps
// session users between requests (server/auth/sessionCache.ts), so these changes, made straight in
// the database as any writer would, must reach the very next request.

const kit = seedKit({ seed: 2701, domain: 'sessao.test' });
beforeAll(() => kit.start());

let marcaId: number | undefined;
const marca = async () => (marcaId ??= (await kit.marca()).id);

const USUARIOS = '{ usuarios(filterInput: { busca: "a" }) { totalElements } }';
const LOGADO = '{ usuarioLogado { nome funcionalidades { chave } } }';

describe('the session of each request', () => {
  it('loses a function key removed in the database at the next request', async () => {
    const caller = await kit.caller({
      tipo: 'MONTADORA',
      marca: await marca(),
      funcionalidades: ['PORTAL_MANUTENCAO_USUARIOS'],
    });
    for (let i = 0; i < 2; i++) expect((await gql(kit.portal, USUARIOS, {}, caller.token)).errors).toBeUndefined();
    await kit.db.delete(s.usuarioFuncionalidades).where(eq(s.usuarioFuncionalidades.usuarioId, caller.id));
    expect(errorCode(await gql(kit.portal, USUARIOS, {}, caller.token))).toBe('FORBIDDEN');
  });

  it('gains a function key added in a committed transaction', async () => {
    const caller = await kit.caller({ tipo: 'MONTADORA', marca: await marca() });
    expect(errorCode(await gql(kit.portal, USUARIOS, {}, caller.token))).toBe('FORBIDDEN');
    await kit.db.transaction(async (tx) => {
      await tx.execute(sql`insert into usuario_funcionalidades (usuario_id, funcionalidade_id)
        select ${caller.id}, id from funcionalidades where chave = 'PORTAL_MANUTENCAO_USUARIOS'`);
    });
    expect((await gql(kit.portal, USUARIOS, {}, caller.token)).errors).toBeUndefined();
  });

  it('ends at the next request when the user is inactivated', async () => {
    const caller = await kit.caller({ tipo: 'TECSINAPSE' });
    for (let i = 0; i < 2; i++) expect((await gql(kit.portal, LOGADO, {}, caller.token)).errors).toBeUndefined();
    await kit.db.update(s.usuarios).set({ active: false }).where(eq(s.usuarios.id, caller.id));
    expect(errorCode(await gql(kit.portal, LOGADO, {}, caller.token))).toBe('UNAUTHENTICATED');
  });

  it('ends at the next request when the user signs out everywhere', async () => {
    const caller = await kit.caller({ tipo: 'TECSINAPSE' });
    expect((await gql(kit.portal, LOGADO, {}, caller.token)).errors).toBeUndefined();
    await kit.db
      .update(s.usuarios)
      .set({ sessoesEncerradasEm: new Date(Date.now() + 1000) })
      .where(eq(s.usuarios.id, caller.id));
    expect(errorCode(await gql(kit.portal, LOGADO, {}, caller.token))).toBe('UNAUTHENTICATED');
  });
});
