import { describe, expect, it } from 'vitest';
import { bancoAte } from './migracoes';

// Migration 0038 on a database that already holds announcements: the images their messages show
// are listed (comunicado_imagens), so the file sweep, which now removes the announcements' images
// nothing lists, keeps every one a saved message shows.

describe('migration 0038 (the images of the messages saved before)', () => {
  it("lists each image of the announcements' area a message shows, once, and nothing else", async () => {
    const { client, migrarTudo, fechar } = await bancoAte(37);
    await client.exec(`
      insert into usuarios (nome, email, tipo) values ('Autor', 'autor@m.test', 'TECSINAPSE');
      insert into arquivos (chave, nome, tipo_mime, tamanho, sha256, autor_id)
        select k, k, 'image/png', 1, 'x', u.id from usuarios u,
          unnest(array['comunicados/a', 'comunicados/b', 'comunicados/solta', 'documentos/d']) k;`);
    const id = async (chave: string) =>
      (await client.query<{ id: number }>(`select id from arquivos where chave = $1`, [chave])).rows[0]!.id;
    const [a, b, solta, documento] = [
      await id('comunicados/a'),
      await id('comunicados/b'),
      await id('comunicados/solta'),
      await id('documentos/d'),
    ];
    const img = (n: number) => `<img src="/api/comunicados/imagens/${n}/${'ab'.repeat(32)}" alt="x">`;
    await client.query(
      `insert into comunicados (titulo, mensagem, autor_id)
        select t, m, (select id from usuarios) from unnest($1::text[], $2::text[]) as x(t, m)`,
      [
        ['Duas', 'Repetida', 'Outra área', 'Sem'],
        [`<p>1</p>${img(a)}${img(b)}`, `${img(a)}${img(a)}`, img(documento), '<p>nada</p>'],
      ],
    );

    await migrarTudo();

    const { rows } = await client.query<{ titulo: string; arquivo_id: number }>(`select c.titulo, ci.arquivo_id
      from comunicado_imagens ci join comunicados c on c.id = ci.comunicado_id order by c.titulo, ci.arquivo_id`);
    expect(rows).toEqual([
      { titulo: 'Duas', arquivo_id: a },
      { titulo: 'Duas', arquivo_id: b },
      { titulo: 'Repetida', arquivo_id: a },
    ]);
    expect(rows.map((r) => r.arquivo_id)).not.toContain(solta);
    await fechar();
  });
});
