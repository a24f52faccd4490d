import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'drizzle-orm';
import { BIBLIOTECA_LINK_LISTAGEM_TTL_SECONDS, BIBLIOTECA_LINK_TTL_SECONDS } from '../../../domain/biblioteca';
import { translate } from '../../../i18n';
import { pickIdioma } from '../../auth/language';
import { sessionFromAuthorization, sessionOfEmail } from '../../auth/session';
import type { TokenVerifier } from '../../auth/verify';
import type { Session } from '../../authz';
import type { Db, DbOrTx } from '../../db/client';
import { assinarLink, verificarLink, type LinkVerificado } from '../../files/links';
import { sendStoredFile } from '../../files/serve';
import { sendZip, type EntradaZip } from '../../files/zip';
import { leitorDe, nivelDoItem } from './acesso';
import type { Links } from './view';

// Downloads of the library (issue #29): short-lived signed links (server/files/links.ts) naming the
// item, never a storage key, and the route that serves them after checking access again: the
// link's user must still read the item now (and a caller who sends a token must be that user). A
// file is served with HTTP ranges (a video or a long PDF opens at once), a folder as a zip of
// everything inside it streamed on the fly, a thumbnail as WebP.

/** The route; the token goes in the query (a path parameter is cut at Fastify's 100 characters). */
export const DOWNLOAD_PATH = '/api/biblioteca/download';

type Alvo = 'item' | 'miniatura';

const link = (usuarioId: number, alvo: Alvo, itemId: number, ttl: number, inline = false) =>
  `${DOWNLOAD_PATH}?t=${assinarLink({ usuarioId, alvo: `${alvo}:${itemId}` }, ttl)}${inline ? '&inline=1' : ''}`;

/** The download link of an item (gerarLinkDownloadByItemBiblioteca, linkDownloadByArquivo). */
export const linkDownload = (usuarioId: number, itemId: number) =>
  link(usuarioId, 'item', itemId, BIBLIOTECA_LINK_TTL_SECONDS);

/** The links of a listing's files: shown inline (viewer, PDF, video) and the thumbnail. */
export const linksDe = (usuarioId: number): Links => ({
  arquivo: (row) => link(usuarioId, 'item', row.id, BIBLIOTECA_LINK_LISTAGEM_TTL_SECONDS, true),
  miniatura: (row) => link(usuarioId, 'miniatura', row.id, BIBLIOTECA_LINK_LISTAGEM_TTL_SECONDS),
});

/**
 * Counts a user's download of a file for the reports, once in 10 minutes: a retry, or a reader
 * asking for links in a loop, is one download (a loop inflated the most-downloaded ranking and
 * grew the table without bound).
 */
export async function registrarDownload(db: DbOrTx, usuarioId: number, itemId: number) {
  await db.execute(sql`insert into biblioteca_downloads (item_id, nome, tamanho, usuario_id)
    select i.id, i.nome, a.tamanho, ${usuarioId} from biblioteca_itens i join arquivos a on a.id = i.arquivo_id
    where i.id = ${itemId} and not exists (select 1 from biblioteca_downloads d where d.item_id = i.id
      and d.usuario_id = ${usuarioId} and d.created_at > now() - interval '10 minutes')`);
}

type Servido = {
  id: number;
  nome: string;
  is_pasta: boolean;
  nivel: number;
  chave: string | null;
  tipo_mime: string | null;
  tamanho: number | null;
  sha256: string | null;
  miniatura: string | null;
};

/** The active user a link was signed for, as a session (their keys decide whether they manage the library). */
async function sessaoDoLink(db: Db, link: LinkVerificado): Promise<Session | null> {
  // A link issued before its user ended their sessions ("end all my sessions") ended with them.
  const { rows } = await db.execute<{ email: string; encerrado: boolean }>(sql`select email,
      coalesce(sessoes_encerradas_em >= to_timestamp(${link.emitidoEm}::float8 / 1000), false) as encerrado
    from usuarios where id = ${link.usuarioId}`);
  return rows[0] && !rows[0].encerrado ? sessionOfEmail(db, rows[0].email) : null;
}

/** The files of a folder's tree, with their paths inside the zip (all readable: levels only grow downwards). */
async function* entradas(db: Db, pastaId: number): AsyncIterable<EntradaZip> {
  const { rows } = await db.execute<{ caminho: string; chave: string }>(sql`with recursive arvore(id, caminho) as (
      select id, nome from biblioteca_itens where id = ${pastaId}
      union all
      select c.id, a.caminho || '/' || c.nome from arvore a join biblioteca_itens c on c.pasta_pai_id = a.id)
    select arvore.caminho, arq.chave from arvore join biblioteca_itens i on i.id = arvore.id
    join arquivos arq on arq.id = i.arquivo_id order by arvore.caminho`);
  yield* rows.map((r) => ({ caminho: r.caminho, key: r.chave }));
}

export async function downloadRoutes(app: FastifyInstance, { db, verify }: { db: Db; verify: TokenVerifier }) {
  app.get<{ Querystring: { t?: string; inline?: string } }>(DOWNLOAD_PATH, async (req, reply: FastifyReply) => {
    const idioma = pickIdioma(req.headers['accept-language']);
    const recusar = () =>
      reply.code(403).send({ code: 'FORBIDDEN', message: translate(idioma, 'biblioteca.errors.linkInvalido') });
    const naoEncontrado = () =>
      reply.code(404).send({ code: 'NOT_FOUND', message: translate(idioma, 'errors.fileNotFound') });
    const payload = verificarLink(String(req.query.t ?? ''));
    const alvo = payload?.alvo.match(/^(item|miniatura):(\d{1,10})$/);
    if (!payload || !alvo) return recusar();
    // A caller who identifies themselves must be the link's user (a link passed on is refused).
    if (req.headers.authorization) {
      const caller = await sessionFromAuthorization(db, verify, req.headers.authorization);
      if (!caller || caller.usuarioId !== payload.usuarioId) return recusar();
    }
    const session = await sessaoDoLink(db, payload);
    if (!session) return recusar();
    const itemId = Number(alvo[2]);
    const { rows } = await db.execute<Servido>(sql`select i.id, i.nome, i.is_pasta, a.chave, a.tipo_mime, a.tamanho,
          a.sha256, c.miniatura_chave as miniatura, ${nivelDoItem(leitorDe(session), sql`i.id`)} as nivel
        from biblioteca_itens i left join arquivos a on a.id = i.arquivo_id
        left join biblioteca_conteudos c on c.arquivo_id = i.arquivo_id where i.id = ${itemId}`);
    const item = rows[0];
    if (!item || Number(item.nivel) < 1) return naoEncontrado();
    if (alvo[1] === 'miniatura') {
      const info = item.miniatura ? await req.server.files.stat(item.miniatura) : null;
      if (!item.miniatura || !info) return naoEncontrado();
      return sendStoredFile(
        req,
        reply,
        { key: item.miniatura, nome: `${item.nome}.webp`, tipoMime: 'image/webp', tamanho: info.size },
        { inline: true },
      );
    }
    if (item.is_pasta) return sendZip(reply, `${item.nome}.zip`, entradas(db, item.id));
    return sendStoredFile(
      req,
      reply,
      {
        key: item.chave!,
        nome: item.nome,
        tipoMime: item.tipo_mime!,
        tamanho: Number(item.tamanho),
        sha256: item.sha256 ?? undefined,
      },
      { inline: req.query.inline === '1' },
    );
  });
}
