import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipientIds, savedGroup } from '../../server/audience';
import * as s from '../../server/db/schema';
import { notify } from '../../server/features/notificacoes';
import { pruneNotifications } from '../../server/features/notificacoes/service';
import { DEMO, errorCode, gql, recipientsOf, signIn, signInAsNew, startPortal, type TestPortal } from './portal';

// Notifications (issue #27): the one service every feature tells its users through, and the
// signed-in user's own notifications (bell count, panel, /notificacoes).

let portal: TestPortal;
let db: TestPortal['database']['db'];
const token: Record<keyof typeof DEMO, string> = { super: '', montadora: '', dealer: '' };
const id: Record<keyof typeof DEMO, number> = { super: 0, montadora: 0, dealer: 0 };

beforeAll(async () => {
  portal = await startPortal();
  db = portal.database.db;
  for (const who of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
    token[who] = (await signIn(portal, DEMO[who])).access_token;
    [{ id: id[who] }] = await db.select({ id: s.usuarios.id }).from(s.usuarios).where(eq(s.usuarios.email, DEMO[who]));
  }
});
afterAll(() => portal?.close());

const only = (...users: number[]) => ({ usuarios: sql`select unnest(${`{${users.join(',')}}`}::int[])` });

const COUNT = '{ countNotificacoesNaoLidas }';
const MENU = '{ notificacoesMenu { id titulo texto data produto link recente lida } }';
const PAGE = `query($f: NotificacaoFilterInput) { notificacoes(filterInput: $f) { totalElements content { id titulo lida } } }`;

async function count(who: keyof typeof DEMO) {
  return (await gql<{ countNotificacoesNaoLidas: number }>(portal, COUNT, {}, token[who])).data!
    .countNotificacoesNaoLidas;
}

describe('notify', () => {
  it('reaches exactly the active recipients of a group, in one statement, in the caller’s transaction', async () => {
    const [grupo] = await db.select().from(s.gruposUsuarios).limit(1);
    const { rows } = await db.execute<{ id: number }>(
      sql`select id from (${recipientIds([savedGroup(grupo.id)])}) r order by id`,
    );
    const want = rows.map((r) => Number(r.id));
    expect(want.length).toBeGreaterThan(0);
    const sent = await db.transaction((tx) =>
      notify(tx, { audiences: [savedGroup(grupo.id)] }, { titulo: 'Ao grupo', texto: '<p>Olá</p>', origem: 'TESTE' }),
    );
    expect(sent.destinatarios).toBe(want.length);
    expect(await recipientsOf(db, sent.id)).toEqual(want);
  });

  it('commits or fails with the record that sends it: a rollback leaves no notification', async () => {
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(s.notificacoes);
    await expect(
      db.transaction(async (tx) => {
        await notify(tx, only(id.dealer), { titulo: 'Desfeita', texto: 'x', origem: 'TESTE' });
        throw new Error('the sending record failed');
      }),
    ).rejects.toThrow('the sending record failed');
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(s.notificacoes)).toEqual(before);
  });

  it('skips inactive users named directly', async () => {
    const [inativo] = await db.select().from(s.usuarios).where(eq(s.usuarios.active, false)).limit(1);
    const extra = inativo ? [inativo.id] : [];
    const sent = await notify(db, only(id.dealer, ...extra), { titulo: 'Ativos', texto: 'x', origem: 'TESTE' });
    expect(await recipientsOf(db, sent.id)).toEqual([id.dealer]);
  });

  it('refuses a link that is not an http(s) address or a path of the portal, storing nothing', async () => {
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(s.notificacoes);
    await expect(
      notify(db, only(id.dealer), { titulo: 'x', texto: 'x', link: 'javascript:alert(1)', origem: 'TESTE' }),
    ).rejects.toThrow('unsafe notification link');
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(s.notificacoes)).toEqual(before);
  });

  it('stores the text sanitised and fills the placeholders with the reader’s own values, as text', async () => {
    await db.update(s.usuarios).set({ nome: 'Ana <b>Dealer</b>' }).where(eq(s.usuarios.id, id.dealer));
    const sent = await notify(db, only(id.dealer), {
      titulo: 'Olá',
      texto:
        '<p onclick="alert(1)">Olá {nome}, {email}</p><script>alert(2)</script><a href="javascript:alert(3)">x</a>',
      link: '/comunicados',
      origem: 'TESTE',
    });
    const [stored] = await db.select().from(s.notificacoes).where(eq(s.notificacoes.id, sent.id));
    expect(stored.texto).toBe('<p>Olá {nome}, {email}</p><a>x</a>');
    const menu = (await gql<{ notificacoesMenu: { id: string; texto: string }[] }>(portal, MENU, {}, token.dealer))
      .data!.notificacoesMenu;
    expect(menu.find((n) => Number(n.id) === sent.id)!.texto).toBe(
      `<p>Olá Ana &lt;b&gt;Dealer&lt;/b&gt;, ${DEMO.dealer}</p><a>x</a>`,
    );
  });
});

describe('the bell and the list', () => {
  it('counts the unseen notifications, lists the newest first, and closing the panel marks them seen', async () => {
    await gql(portal, 'mutation { marcarNotificacoesComoVisualizadas }', {}, token.montadora);
    expect(await count('montadora')).toBe(0);
    const first = await notify(db, only(id.montadora), { titulo: 'Primeira', texto: 'a', origem: 'TESTE' });
    const second = await notify(db, only(id.montadora, id.super), {
      titulo: 'Segunda',
      texto: 'b',
      link: 'https://portal.test/x',
      origem: 'TESTE',
    });
    expect(await count('montadora')).toBe(2);
    const menu = (await gql<{ notificacoesMenu: Record<string, unknown>[] }>(portal, MENU, {}, token.montadora)).data!
      .notificacoesMenu;
    expect(menu.slice(0, 2)).toMatchObject([
      { id: String(second.id), titulo: 'Segunda', link: 'https://portal.test/x', recente: true, lida: false },
      { id: String(first.id), titulo: 'Primeira', recente: true, lida: false },
    ]);
    const marked = await gql<{ marcarNotificacoesComoVisualizadas: number }>(
      portal,
      'mutation { marcarNotificacoesComoVisualizadas }',
      {},
      token.montadora,
    );
    expect(marked.data!.marcarNotificacoesComoVisualizadas).toBe(2);
    expect(await count('montadora')).toBe(0);
    // The other recipient's row is untouched.
    const [superRow] = await db
      .select()
      .from(s.notificacaoDestinatarios)
      .where(
        and(
          eq(s.notificacaoDestinatarios.notificacaoId, second.id),
          eq(s.notificacaoDestinatarios.usuarioId, id.super),
        ),
      );
    expect(superRow).toMatchObject({ visualizada: false, lida: false });
  });

  it('counts no further than the bell shows (99+)', async () => {
    await db.execute(sql`with n as (
        insert into notificacoes (titulo, texto, origem) select 'Muitas ' || g, 'x', 'TESTE' from generate_series(1, 150) g
        returning id)
      insert into notificacao_destinatarios (usuario_id, notificacao_id) select ${id.super}, id from n`);
    expect(await count('super')).toBe(100);
  });

  it('pages every notification of the user, newest first, and filters the unread', async () => {
    const usuario = await signInAsNew(portal, {
      nome: 'Leitor de Notificações',
      email: 'leitor@notificacoes.test',
      tipo: 'TECSINAPSE',
    });
    const sent: number[] = [];
    for (let i = 1; i <= 25; i++) {
      sent.push((await notify(db, only(usuario.id), { titulo: `N${i}`, texto: 'x', origem: 'TESTE' })).id);
    }
    const reader = usuario.token;
    const page2 = await gql<{ notificacoes: { totalElements: number; content: { id: string; titulo: string }[] } }>(
      portal,
      PAGE,
      { f: { page: 1, rowsPerPage: 10 } },
      reader,
    );
    expect(page2.data!.notificacoes.totalElements).toBe(25);
    expect(page2.data!.notificacoes.content.map((n) => n.titulo)).toEqual(
      [15, 14, 13, 12, 11, 10, 9, 8, 7, 6].map((i) => `N${i}`),
    );
    // Read one, then the unread filter leaves it out.
    const read = await gql<{ marcarNotificacaoComoLida: { id: string; lida: boolean } }>(
      portal,
      'mutation($id: ID!) { marcarNotificacaoComoLida(id: $id) { id lida } }',
      { id: sent[24] },
      reader,
    );
    expect(read.data!.marcarNotificacaoComoLida).toEqual({ id: String(sent[24]), lida: true });
    const unread = await gql<{ notificacoes: { totalElements: number; content: { titulo: string }[] } }>(
      portal,
      PAGE,
      { f: { page: 0, rowsPerPage: 5, naoLidas: true } },
      reader,
    );
    expect(unread.data!.notificacoes.totalElements).toBe(24);
    expect(unread.data!.notificacoes.content.map((n) => n.titulo)).toEqual(['N24', 'N23', 'N22', 'N21', 'N20']);
    const all = await gql<{ marcarTodasNotificacoesComoLidas: number }>(
      portal,
      'mutation { marcarTodasNotificacoesComoLidas }',
      {},
      reader,
    );
    expect(all.data!.marcarTodasNotificacoesComoLidas).toBe(24);
    const rows = await db
      .select({ lida: s.notificacaoDestinatarios.lida })
      .from(s.notificacaoDestinatarios)
      .where(eq(s.notificacaoDestinatarios.usuarioId, usuario.id));
    expect(rows.every((r) => r.lida)).toBe(true);
  });

  it('refuses another user’s notification and changes nothing', async () => {
    const theirs = await notify(db, only(id.super), { titulo: 'Do super', texto: 'x', origem: 'TESTE' });
    const response = await gql(
      portal,
      'mutation($id: ID!) { marcarNotificacaoComoLida(id: $id) { id } }',
      { id: theirs.id },
      token.dealer,
    );
    expect(errorCode(response)).toBe('NOT_FOUND');
    const [row] = await db
      .select()
      .from(s.notificacaoDestinatarios)
      .where(eq(s.notificacaoDestinatarios.notificacaoId, theirs.id));
    expect(row).toMatchObject({ usuarioId: id.super, lida: false, visualizada: false });
    const page = await gql<{ notificacoes: { content: { id: string }[] } }>(
      portal,
      PAGE,
      { f: { rowsPerPage: 100 } },
      token.dealer,
    );
    expect(page.data!.notificacoes.content.map((n) => Number(n.id))).not.toContain(theirs.id);
  });

  it('refuses a page larger than 100 with a field error', async () => {
    const response = await gql(portal, PAGE, { f: { rowsPerPage: 1000 } }, token.dealer);
    expect(errorCode(response)).toBe('BAD_USER_INPUT');
  });
});

describe('retention', () => {
  it('removes the notifications older than the retention with their recipients, and keeps the others', async () => {
    const old = await notify(db, only(id.dealer, id.super), { titulo: 'Antiga', texto: 'x', origem: 'TESTE' });
    const recent = await notify(db, only(id.dealer), { titulo: 'Recente', texto: 'x', origem: 'TESTE' });
    await db
      .update(s.notificacoes)
      .set({ createdAt: sql`now() - interval '181 days'` })
      .where(eq(s.notificacoes.id, old.id));
    expect(await pruneNotifications(db, 180, 2)).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ id: s.notificacoes.id })
      .from(s.notificacoes)
      .where(inArray(s.notificacoes.id, [old.id, recent.id]));
    expect(left.map((r) => r.id)).toEqual([recent.id]);
    expect(await recipientsOf(db, old.id)).toEqual([]);
    expect(await recipientsOf(db, recent.id)).toEqual([id.dealer]);
  });
});
