import { sql, type SQL } from 'drizzle-orm';
import type { AnuncioFilter, AnuncioValues, SlideFilter, SlideValues } from '../../../domain/schemas/vitrine';
import type { TipoVitrine } from '../../../domain/vitrine';
import { isRecipient } from '../../audience';
import { autorScope, usuarioAlcanca, type Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { allOf, arrayOf, pageWithTotal, searchAny } from '../../db/lists';
import { AREA_VITRINE, linkImagem } from './imagens';

// Data access of slides and adverts (issue #30), one set of queries for both kinds: a record joins
// its image, groups and author as correlated subqueries on the one row; "on display" and the
// audience are SQL (the audience engine's isRecipient), never a list of ids.

interface Kind {
  table: string;
  /** Link table to the user groups and its column naming the record. */
  grupos: string;
  fk: string;
  /** The kind's own columns, on alias `v`. */
  columns: SQL;
}

export const KINDS: Record<TipoVitrine, Kind> = {
  SLIDE: {
    table: 'slides',
    grupos: 'slide_grupos',
    fk: 'slide_id',
    columns: sql`v.cor_titulo as "corTitulo", v.tamanho_titulo as "tamanhoTitulo", v.subtitulo,
      v.cor_subtitulo as "corSubtitulo", v.tamanho_subtitulo as "tamanhoSubtitulo", v.titulo_botao as "tituloBotao",
      v.ordem,`,
  },
  ANUNCIO: { table: 'anuncios', grupos: 'anuncio_grupos', fk: 'anuncio_id', columns: sql`` },
};

export interface VitrineRow {
  id: number;
  version: number;
  titulo: string;
  link: string | null;
  linkTarget: string;
  inicioDate: string;
  fimDate: string;
  arquivo: { id: number; nome: string; largura: number; altura: number; link: string; linkMobile: string | null };
  grupos: { id: number; nome: string }[];
  active: boolean;
  emExibicao: boolean;
  createdDateTime: string;
  // Slides only.
  corTitulo?: string;
  tamanhoTitulo?: number;
  subtitulo?: string | null;
  corSubtitulo?: string;
  tamanhoSubtitulo?: number;
  tituloBotao?: string | null;
  ordem?: number;
}

const iso = (column: string) => sql.raw(`(to_json(${column}) #>> '{}')`);
const t = (k: Kind) => sql.raw(k.table);

/** On display now: active and within its period (`v` is the record). */
export const EM_EXIBICAO = sql`(v.active and v.inicio <= now() and now() < v.fim)`;

/**
 * A record's columns. Its groups and author are the maintainers' to see: on the home (`exibicao`)
 * every viewer gets none (another brand's private group names, the author's e-mail).
 */
const columns = (k: Kind, exibicao = false) => sql`v.id, v.version, v.titulo, v.link, v.link_target as "linkTarget",
  ${iso('v.inicio')} as "inicioDate", ${iso('v.fim')} as "fimDate", ${k.columns}
  (select json_build_object('id', a.id, 'nome', a.nome, 'largura', coalesce(vi.largura, 0), 'altura', coalesce(vi.altura, 0),
      'link', ${linkImagem(sql`a.chave`)}, 'linkMobile', ${linkImagem(sql`vi.mobile_chave`)})
    from arquivos a left join vitrine_imagens vi on vi.arquivo_id = a.id where a.id = v.arquivo_id) as arquivo,
  v.active, ${EM_EXIBICAO} as "emExibicao", ${iso('v.created_at')} as "createdDateTime",
  ${
    exibicao
      ? sql`'[]'::json as grupos, null::json as autor`
      : sql`coalesce((select json_agg(json_build_object('id', gu.id, 'nome', gu.nome) order by gu.nome, gu.id)
    from ${sql.raw(k.grupos)} vg join grupos_usuarios gu on gu.id = vg.grupo_usuarios_id
    where vg.${sql.raw(k.fk)} = v.id), '[]') as grupos,
  (select json_build_object('id', u.id, 'nome', u.nome, 'email', u.email, 'tipo', u.tipo)
    from usuarios u where u.id = v.autor_id) as autor`
  }`;

/**
 * Condition on `v`: the records the caller maintains, those whose author is a user they see
 * (usuarioScope: a manufacturer's colleagues of its brands; provider staff: all), as generic
 * notifications.
 */
export function scopeOf(session: Session): SQL | undefined {
  return autorScope(session, sql`v.autor_id`);
}

export async function find(db: DbOrTx, tipo: TipoVitrine, session: Session, id: number) {
  const k = KINDS[tipo];
  const { rows } = await db.execute<VitrineRow & Record<string, unknown>>(
    sql`select ${columns(k)} from ${t(k)} v where ${allOf(sql`v.id = ${id}`, scopeOf(session))}`,
  );
  return rows[0];
}

/** Whether the record exists, whoever may read it. */
export async function existe(db: DbOrTx, tipo: TipoVitrine, id: number) {
  const { rows } = await db.execute(sql`select 1 from ${t(KINDS[tipo])} v where v.id = ${id}`);
  return rows.length > 0;
}

const ORDER: Record<string, string> = {
  ordem: 'v.ordem',
  titulo: 'fold(v.titulo)',
  inicioDate: 'v.inicio',
  fimDate: 'v.fim',
  createdDateTime: 'v.created_at',
};

export function list(db: DbOrTx, tipo: TipoVitrine, session: Session, filter: SlideFilter | AnuncioFilter) {
  const k = KINDS[tipo];
  const where = allOf(
    sql`true`,
    scopeOf(session),
    searchAny(filter.busca, [sql`v.titulo`]),
    filter.active == null ? undefined : sql`v.active = ${filter.active}`,
    filter.emExibicao == null ? undefined : filter.emExibicao ? EM_EXIBICAO : sql`not ${EM_EXIBICAO}`,
  );
  const field = filter.sort?.field ?? (tipo === 'SLIDE' ? 'ordem' : 'createdDateTime');
  const direction = (filter.sort?.order ?? (field === 'createdDateTime' ? 'DESC' : 'ASC')) === 'DESC' ? 'desc' : 'asc';
  const order = sql.raw(`${ORDER[field] ?? 'v.id'} ${direction}, v.id ${direction}`);
  return pageWithTotal(
    filter,
    async (limit, offset) =>
      (
        await db.execute<VitrineRow & Record<string, unknown>>(
          sql`select ${columns(k)} from ${t(k)} v where ${where} order by ${order} limit ${limit} offset ${offset}`,
        )
      ).rows,
    async () =>
      Number(
        (await db.execute<{ n: number }>(sql`select count(*)::int as n from ${t(k)} v where ${where}`)).rows[0]!.n,
      ),
  );
}

/**
 * `meus_grupos(id)`: the user groups of the records on display that reach the user now, each group
 * asked once (a group named by many slides is one audience check), as the library's permissions;
 * `meus_autores(id)`: the authors of those records who reach the user (usuarioAlcanca, as an
 * announcement reaches only its author's reach: a brand's slide through a group of every brand stays
 * with the brand), each asked once.
 */
const meusGrupos = (k: Kind, usuarioId: number) => sql`meus_grupos as materialized (
  select g.id from (select distinct vg.grupo_usuarios_id as id from ${sql.raw(k.grupos)} vg
    join ${t(k)} v on v.id = vg.${sql.raw(k.fk)} where ${EM_EXIBICAO}) g
  where ${isRecipient(sql`g.id`, usuarioId)}),
  meus_autores as materialized (select autor.id from usuarios autor join usuarios eu on eu.id = ${usuarioId}
    where autor.id in (select v.autor_id from ${t(k)} v where ${EM_EXIBICAO}) and ${usuarioAlcanca('autor', 'eu')})`;

const paraMim = (k: Kind) => sql`${EM_EXIBICAO} and v.autor_id in (select id from meus_autores)
  and exists (select 1 from ${sql.raw(k.grupos)} vg
    where vg.${sql.raw(k.fk)} = v.id and vg.grupo_usuarios_id in (select id from meus_grupos))`;

/** The slides on display for the user, in carousel order. */
export async function slidesAtivos(db: DbOrTx, usuarioId: number) {
  const k = KINDS.SLIDE;
  const { rows } = await db.execute<VitrineRow & Record<string, unknown>>(sql`with ${meusGrupos(k, usuarioId)}
    select ${columns(k, true)} from slides v where ${paraMim(k)} order by v.ordem, v.id`);
  return rows;
}

/**
 * One advert on display for the user at random, the one shown last time only when no other one
 * matches; the choice is remembered (anuncio_exibicoes) in the same statement.
 */
export async function anuncioAleatorio(db: DbOrTx, usuarioId: number) {
  const k = KINDS.ANUNCIO;
  const { rows } = await db.execute<VitrineRow & Record<string, unknown>>(sql`with ${meusGrupos(k, usuarioId)},
    ultimo as (select anuncio_id as id from anuncio_exibicoes where usuario_id = ${usuarioId}),
    escolhido as (select v.id from anuncios v where ${paraMim(k)}
      order by (v.id = coalesce((select id from ultimo), 0)), random() limit 1),
    gravado as (insert into anuncio_exibicoes (usuario_id, anuncio_id, exibido_em)
      select ${usuarioId}, id, now() from escolhido
      on conflict (usuario_id) do update set anuncio_id = excluded.anuncio_id, exibido_em = excluded.exibido_em)
    select ${columns(k, true)} from anuncios v where v.id in (select id from escolhido)`);
  return rows[0] ?? null;
}

/**
 * The image `arquivoId` may be used by the caller: an image of the vitrine area that they uploaded,
 * or the one the record already shows (kept on an update by someone else).
 */
export async function imagemUtilizavel(
  db: DbOrTx,
  tipo: TipoVitrine,
  session: Session,
  arquivoId: number,
  id: number | null,
) {
  const k = KINDS[tipo];
  const { rows } = await db.execute(sql`select 1 from arquivos a join vitrine_imagens vi on vi.arquivo_id = a.id
    where a.id = ${arquivoId} and a.chave like ${`${AREA_VITRINE}/%`}
      and (a.autor_id = ${session.usuarioId}
        or exists (select 1 from ${t(k)} v where v.id = ${id ?? 0} and v.arquivo_id = a.id))`);
  return rows.length > 0;
}

/** Inserts or updates the record and its groups (one statement for the groups); answers the id. */
export async function write(
  tx: DbOrTx,
  tipo: TipoVitrine,
  session: Session,
  input: SlideValues | AnuncioValues,
): Promise<number> {
  const k = KINDS[tipo];
  const comum = {
    titulo: input.titulo,
    link: input.link,
    link_target: input.linkTarget,
    inicio: input.inicioDate,
    fim: input.fimDate,
    arquivo_id: input.arquivoId,
    active: input.active,
  };
  const proprios =
    tipo === 'SLIDE'
      ? (({ corTitulo, tamanhoTitulo, subtitulo, corSubtitulo, tamanhoSubtitulo, tituloBotao }: SlideValues) => ({
          cor_titulo: corTitulo,
          tamanho_titulo: tamanhoTitulo,
          subtitulo,
          cor_subtitulo: corSubtitulo,
          tamanho_subtitulo: tamanhoSubtitulo,
          titulo_botao: tituloBotao,
        }))(input as SlideValues)
      : {};
  const values: Record<string, unknown> = { ...comum, ...proprios };
  const names = Object.keys(values);
  let id = input.id ?? undefined;
  if (id) {
    await tx.execute(
      sql`update ${t(k)} set ${sql.join(
        names.map((n) => sql`${sql.raw(n)} = ${values[n]}`),
        sql`, `,
      )} where id = ${id}`,
    );
  } else {
    const ordem = tipo === 'SLIDE' ? [sql`ordem`] : [];
    const ordemValue = tipo === 'SLIDE' ? [sql`coalesce((select max(ordem) from slides), 0) + 1`] : [];
    const { rows } = await tx.execute<{ id: number }>(sql`insert into ${t(k)}
      (${sql.join([...names.map((n) => sql.raw(n)), ...ordem, sql`autor_id`], sql`, `)})
      values (${sql.join([...names.map((n) => sql`${values[n]}`), ...ordemValue, sql`${session.usuarioId}`], sql`, `)})
      returning id`);
    id = Number(rows[0]!.id);
  }
  const grupos = [...new Set(input.grupoIds)];
  await tx.execute(sql`with fora as (
      delete from ${sql.raw(k.grupos)} where ${sql.raw(k.fk)} = ${id}
        and not (grupo_usuarios_id = any(${arrayOf(grupos)})))
    insert into ${sql.raw(k.grupos)} (${sql.raw(k.fk)}, grupo_usuarios_id)
    select ${id}, unnest(${arrayOf(grupos)}) on conflict do nothing`);
  return id;
}

/**
 * Moves slide `id` to `posicao` (0 first) among the slides `scope` lets the caller see, in one
 * statement: the slide goes just before the one now at that position (or after the last one), and
 * the caller's slides take, in their new order, the positions they held between them. Slides the
 * caller cannot see (another brand's) keep their rows untouched, and so their places.
 */
export async function moverSlide(tx: DbOrTx, session: Session, id: number, posicao: number): Promise<number> {
  const { rows } = await tx.execute<{ ordem: number }>(sql`with
    visiveis as (select v.id, v.ordem from slides v where ${scopeOf(session) ?? sql`true`}),
    outros as (select id, ordem from visiveis where id <> ${id}),
    ancora as (select ordem from outros order by ordem, id offset ${posicao} limit 1),
    chave as (select id, case when id = ${id}
        then coalesce((select ordem from ancora) - 0.5, (select max(ordem) from outros) + 0.5, 0)
        else ordem end as k from visiveis),
    lugar as (select id, row_number() over (order by k, id) as n from chave),
    vaga as (select ordem, row_number() over (order by ordem, id) as n from visiveis),
    nova as (select lugar.id, vaga.ordem from lugar join vaga using (n)),
    -- The others whose place the move changed: saved (a form holding their old version is stale)
    -- and audited each, as the moved slide is by the caller (auditedWrite).
    feito as (update slides set ordem = nova.ordem,
        version = slides.version + case when slides.id = ${id} then 0 else 1 end
      from nova join visiveis antes using (id)
      where slides.id = nova.id and slides.ordem <> nova.ordem
      returning slides.id, antes.ordem as antes, nova.ordem as depois),
    auditado as (insert into auditoria (tipo, registro_id, alteracao, valor_anterior, valor_novo, autor_id)
      select 'SLIDE', feito.id::text, 'ALTERACAO', jsonb_build_object('ordem', feito.antes),
        jsonb_build_object('ordem', feito.depois), ${session.usuarioId}::int
      from feito where feito.id <> ${id})
    select ordem from nova where id = ${id}`);
  return Number(rows[0]?.ordem ?? 0);
}
