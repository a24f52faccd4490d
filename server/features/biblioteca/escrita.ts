import { sql } from 'drizzle-orm';
import { type TipoAcessoPasta } from '../../../domain/biblioteca';
import {
  type NovaPastaValues,
  type NovasPermissoesValues,
  type UploadArquivosValues,
} from '../../../domain/schemas/biblioteca';
import { translate } from '../../../i18n';
import { recordAudit } from '../../audit';
import { auditedDelete, auditedWrite } from '../../audit/write';
import { unusableGroups, type Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { arrayOf } from '../../db/lists';
import { bibliotecaItens } from '../../db/schema';
import { badUserInput, badUserInputKeys, notFound, portalError } from '../../graphql/errors';
import { nivelDoItem, type Leitor } from './acesso';
import { AREA_BIBLIOTECA } from './areas';
import { agendarConteudo } from './jobs';
import { permissoesDaCadeia, subarvore } from './queries';

// The library's writes (issue #29): each through auditedWrite / auditedDelete (the item loaded
// with the caller's level on it, its version claimed, the change and its audit in one transaction).
// Names are unique per folder by a unique index (biblioteca_itens_nome_key): a clash, checked or
// raced, is the translated 'nomeEmUso'.

export const TIPO_AUDITORIA = 'BIBLIOTECA_ITEM';

interface Alvo {
  id: number;
  nome: string;
  isPasta: boolean;
  pastaPaiId: number | null;
  publico: boolean;
  arquivoId: number | null;
  nivel: number;
  permissoes: TipoAcessoPasta[];
}

/** The item as the caller reaches it (NOT_FOUND if missing or unreadable), with its own permissions. */
async function alvo(tx: DbOrTx, l: Leitor, session: Session, id: number): Promise<Alvo> {
  const { rows } = await tx.execute<
    Omit<Alvo, 'permissoes'> & { permissoes: TipoAcessoPasta[] }
  >(sql`select i.id, i.nome,
      i.is_pasta as "isPasta", i.pasta_pai_id as "pastaPaiId", i.publico, i.arquivo_id as "arquivoId",
      ${nivelDoItem(l, sql`i.id`)} as nivel,
      (select coalesce(json_agg(json_build_object('idGrupoAcesso', p.grupo_usuarios_id, 'permissao', p.permissao)
        order by p.grupo_usuarios_id), '[]'::json) from biblioteca_permissoes p where p.pasta_id = i.id) as permissoes
    from biblioteca_itens i where i.id = ${id}`);
  const row = rows[0];
  if (!row || row.nivel < 1) throw notFound(session.idioma);
  return { ...row, pastaPaiId: row.pastaPaiId === null ? null : Number(row.pastaPaiId) };
}

const semEscrita = (session: Session, key = 'biblioteca.errors.semPermissaoEscrita') =>
  portalError(session.idioma, 'FORBIDDEN', key);

async function alvoComEscrita(tx: DbOrTx, l: Leitor, session: Session, id: number) {
  const item = await alvo(tx, l, session, id);
  if (item.nivel < 2) throw semEscrita(session);
  return item;
}

const snapshot = (a: Pick<Alvo, 'nome' | 'pastaPaiId' | 'publico' | 'arquivoId' | 'permissoes' | 'isPasta'>) => ({
  nome: a.nome,
  isPasta: a.isPasta,
  pastaPaiId: a.pastaPaiId,
  publico: a.publico,
  arquivoId: a.arquivoId,
  permissoes: [...a.permissoes].sort((x, y) => x.idGrupoAcesso - y.idGrupoAcesso),
});
type Snapshot = ReturnType<typeof snapshot>;

/** The unique-name clash, under the field the mutation names it by (`nome`, `novoNome`, the destination, the files). */
const nomeEmUso =
  (campo = 'nome') =>
  async () => ({ [campo]: 'biblioteca.validation.nomeEmUso' });

/** Field errors for groups the caller may not use (unknown, inactive, unreadable). */
async function gruposInvalidos(
  tx: DbOrTx,
  session: Session,
  tipos: readonly TipoAcessoPasta[],
): Promise<Record<string, string>> {
  const n = await unusableGroups(
    tx,
    session,
    tipos.map((t) => t.idGrupoAcesso),
  );
  return n ? { tiposAcesso: 'biblioteca.validation.grupoInvalido' } : {};
}

/** Writes a folder's permission list (after its old one was removed): one INSERT ... SELECT. */
async function inserirPermissoes(tx: DbOrTx, pastaId: number, tipos: readonly TipoAcessoPasta[]) {
  if (tipos.length === 0) return;
  const niveis = sql.param(tipos.map((t) => t.permissao));
  await tx.execute(sql`insert into biblioteca_permissoes (pasta_id, grupo_usuarios_id, permissao)
    select ${pastaId}, g, n from unnest(${arrayOf(tipos.map((t) => t.idGrupoAcesso))}, ${niveis}::text[]) as x(g, n)`);
}

/** The visibility of a whole subtree; a tree becoming private loses every group permission in it. */
async function visibilidadeDaSubarvore(tx: DbOrTx, id: number, publico: boolean) {
  await tx.execute(sql`update biblioteca_itens set publico = ${publico}
    where id in ${subarvore(id)} and publico <> ${publico}`);
  if (!publico) await tx.execute(sql`delete from biblioteca_permissoes where pasta_id in ${subarvore(id)}`);
}

/** Creates a folder: at the root (a manager) or inside a folder the caller writes to. */
export async function criarPasta(db: DbOrTx, l: Leitor, session: Session, input: NovaPastaValues) {
  let pai: Alvo | undefined;
  const after = (): Snapshot =>
    snapshot({
      nome: input.nome,
      isPasta: true,
      pastaPaiId: input.idPai,
      publico: pai ? pai.publico : Boolean(input.isPublico),
      arquivoId: null,
      permissoes: input.tiposAcesso,
    });
  return auditedWrite<Snapshot>(db, session, {
    tipo: TIPO_AUDITORIA,
    table: bibliotecaItens,
    load: async () => after(),
    async check(tx): Promise<Record<string, string>> {
      if (input.idPai !== null) {
        pai = await alvo(tx, l, session, input.idPai).catch(() => undefined);
        if (!pai || !pai.isPasta) return { idPai: 'biblioteca.validation.pastaInvalida' };
        if (pai.nivel < 2) throw semEscrita(session, 'biblioteca.errors.semPermissaoDestino');
        if (input.isPublico != null && input.isPublico !== pai.publico)
          return { isPublico: 'biblioteca.validation.visibilidadeHerdada' };
        if (!pai.publico && input.tiposAcesso.length) return { tiposAcesso: 'biblioteca.validation.privadaComGrupos' };
      } else if (!l.gestor) {
        throw semEscrita(session, 'biblioteca.errors.semPermissaoDestino');
      }
      return gruposInvalidos(tx, session, input.tiposAcesso);
    },
    async write(tx) {
      const publico = pai ? pai.publico : Boolean(input.isPublico);
      const { rows } = await tx.execute<{ id: number }>(sql`insert into biblioteca_itens
          (nome, is_pasta, pasta_pai_id, proprietario_id, publico)
        values (${input.nome}, true, ${input.idPai}, ${session.usuarioId}, ${publico}) returning id`);
      const id = Number(rows[0]!.id);
      await inserirPermissoes(tx, id, input.tiposAcesso);
      return id;
    },
    after,
    uniqueErrors: nomeEmUso(),
  });
}

/** Replaces a top-level folder's permission list; its tree becomes public (a group) or private (none). */
export async function concederAcesso(db: DbOrTx, l: Leitor, session: Session, input: NovasPermissoesValues) {
  return auditedWrite<Snapshot>(db, session, {
    tipo: TIPO_AUDITORIA,
    table: bibliotecaItens,
    target: { id: input.idPasta, version: input.version },
    async load(tx, id) {
      const item = await alvoComEscrita(tx, l, session, id);
      if (!item.isPasta) throw badUserInputKeys(session.idioma, { idPasta: 'biblioteca.validation.somentePasta' });
      if (item.pastaPaiId !== null)
        throw badUserInputKeys(session.idioma, { idPasta: 'biblioteca.validation.somentePastaTopo' });
      return snapshot(item);
    },
    check: (tx) => gruposInvalidos(tx, session, input.tiposAcesso),
    async write(tx) {
      const publico = input.tiposAcesso.length > 0;
      await tx.execute(sql`delete from biblioteca_permissoes where pasta_id = ${input.idPasta}`);
      await visibilidadeDaSubarvore(tx, input.idPasta, publico);
      await inserirPermissoes(tx, input.idPasta, input.tiposAcesso);
      await tx.execute(sql`update biblioteca_itens set updated_at = now() where id = ${input.idPasta}`);
      return input.idPasta;
    },
    after: (before) => snapshot({ ...before!, publico: input.tiposAcesso.length > 0, permissoes: input.tiposAcesso }),
  });
}

export async function renomear(
  db: DbOrTx,
  l: Leitor,
  session: Session,
  input: { idItemBiblioteca: number; novoNome: string; version?: number | null },
) {
  return auditedWrite<Snapshot>(db, session, {
    tipo: TIPO_AUDITORIA,
    table: bibliotecaItens,
    target: { id: input.idItemBiblioteca, version: input.version },
    load: async (tx, id) => snapshot(await alvoComEscrita(tx, l, session, id)),
    // Spec section 5: only a folder is renamed (a file keeps the name it was uploaded with).
    check: async (_tx, before): Promise<Record<string, string>> =>
      before!.isPasta ? {} : { idItemBiblioteca: 'biblioteca.motivos.renomearSoPasta' },
    async write(tx) {
      await tx.execute(sql`update biblioteca_itens set nome = ${input.novoNome}, updated_at = now()
        where id = ${input.idItemBiblioteca}`);
      return input.idItemBiblioteca;
    },
    after: (before) => ({ ...before!, nome: input.novoNome }),
    uniqueErrors: nomeEmUso('novoNome'),
  });
}

/**
 * Moves an item into a folder the caller writes to, or (a manager, a folder) to the root; never
 * into itself or a folder inside it (a recursive query). The item takes the destination's
 * visibility; a public folder moved to the root keeps the groups that reached it, as its own.
 */
export async function mover(
  db: DbOrTx,
  l: Leitor,
  session: Session,
  input: { idItemBiblioteca: number; idNovaLocalizacao: number | null; version?: number | null },
) {
  const { idItemBiblioteca: id, idNovaLocalizacao: destino } = input;
  let item: Alvo;
  let publicoDestino = false;
  return auditedWrite<Snapshot>(db, session, {
    tipo: TIPO_AUDITORIA,
    table: bibliotecaItens,
    target: { id, version: input.version },
    async load(tx) {
      item = await alvoComEscrita(tx, l, session, id);
      return snapshot(item);
    },
    async check(tx) {
      const erro = (key: string) => ({ idNovaLocalizacao: key });
      if (destino === item.pastaPaiId) return erro('biblioteca.validation.mesmoLugar');
      if (destino === null) {
        if (!item.isPasta) return erro('biblioteca.validation.pastaInvalida');
        if (!l.gestor) throw semEscrita(session, 'biblioteca.errors.semPermissaoDestino');
        publicoDestino = item.publico;
        // The groups that reached it from above become its own (write below): each one the
        // caller may use, as when they share a folder (concederAcesso).
        const herdados = sql`select h.grupo_usuarios_id from ${permissoesDaCadeia(id)} h where not exists (
          select 1 from biblioteca_permissoes p where p.pasta_id = ${id} and p.grupo_usuarios_id = h.grupo_usuarios_id)`;
        if (item.publico && (await unusableGroups(tx, session, herdados)) > 0)
          return erro('biblioteca.validation.gruposHerdadosInvalidos');
        return {};
      }
      // Folder moves take turns: two at once (A into B, B into A) would each find the other's
      // folder outside its own and make a loop that no tree walk ends. After the lock, the walk's
      // statement sees every move committed before it.
      if (item.isPasta) await tx.execute(sql`select pg_advisory_xact_lock(hashtext('biblioteca: mover pasta'))`);
      const { rows } = await tx.execute<{ dentro: boolean }>(sql`select ${destino}::int in ${subarvore(id)} as dentro`);
      if (rows[0]!.dentro) return erro('biblioteca.validation.moverParaSiMesmo');
      const pasta = await alvo(tx, l, session, destino).catch(() => undefined);
      if (!pasta || !pasta.isPasta) return erro('biblioteca.validation.pastaInvalida');
      if (pasta.nivel < 2) throw semEscrita(session, 'biblioteca.errors.semPermissaoDestino');
      publicoDestino = pasta.publico;
      return {};
    },
    async write(tx) {
      if (destino === null && item.publico) {
        await tx.execute(sql`insert into biblioteca_permissoes (pasta_id, grupo_usuarios_id, permissao)
          select ${id}, h.grupo_usuarios_id, h.permissao from ${permissoesDaCadeia(id)} h
          on conflict (pasta_id, grupo_usuarios_id) do update set permissao = excluded.permissao`);
      }
      await tx.execute(sql`update biblioteca_itens set pasta_pai_id = ${destino}, updated_at = now() where id = ${id}`);
      if (publicoDestino !== item.publico) await visibilidadeDaSubarvore(tx, id, publicoDestino);
      return id;
    },
    after: (before) => ({ ...before!, pastaPaiId: destino, publico: publicoDestino }),
    uniqueErrors: nomeEmUso('idNovaLocalizacao'),
  });
}

/**
 * Removes an item; a folder with everything inside it, in one statement (the tree, its files'
 * `arquivos` rows, their text and thumbnails records). The stored bytes are freed by the file
 * sweep once the removal committed: nothing references their keys any more.
 */
export async function excluir(
  db: DbOrTx,
  l: Leitor,
  session: Session,
  input: { idItem: number; version?: number | null },
) {
  return auditedDelete(db, session, {
    tipo: TIPO_AUDITORIA,
    table: bibliotecaItens,
    target: { id: input.idItem, version: input.version },
    async load(tx, id) {
      const item = await alvoComEscrita(tx, l, session, id);
      const { rows } = await tx.execute<{ itens: number }>(sql`select count(*)::int as itens from ${subarvore(id)} s`);
      return { ...snapshot(item), itensRemovidos: Number(rows[0]!.itens) };
    },
    remove: (tx, id) =>
      tx.execute(sql`with removidos as (delete from biblioteca_itens where id in ${subarvore(id)} returning arquivo_id)
        delete from arquivos where id in (select arquivo_id from removidos where arquivo_id is not null)`),
  });
}

/**
 * Places the caller's own uploads in folders they write to: one INSERT ... SELECT for all, one
 * audit entry per file. A name already in the folder, or two of the request's in one folder, is
 * refused with the file's name.
 */
export async function colocarArquivos(db: DbOrTx, l: Leitor, session: Session, input: UploadArquivosValues) {
  const { idioma } = session;
  const arquivoIds = input.arquivos.map((a) => a.idArquivo);
  const pastaIds = input.arquivos.map((a) => a.idPastaPai);
  const nomes = sql.param(input.arquivos.map((a) => a.nome ?? ''));
  let criados: { id: number; nome: string; pasta_pai_id: number; arquivo_id: number }[] = [];
  // `meu`: the file is the caller's own library upload (not another user's, nor a file of another
  // feature's area, such as an absence's document): the name a request gives proves nothing.
  const entrada = sql`(select e.arquivo_id, e.pasta_id, coalesce(nullif(e.nome, ''), a.nome) as nome, e.ordem,
      a.id is not null as meu
    from unnest(${arrayOf(arquivoIds)}, ${arrayOf(pastaIds)}, ${nomes}::text[]) with ordinality as e(arquivo_id, pasta_id, nome, ordem)
    left join arquivos a on a.id = e.arquivo_id and a.autor_id = ${session.usuarioId}
      and a.chave like ${`${AREA_BIBLIOTECA}/%`})`;
  await auditedWrite<Record<string, unknown>>(db, session, {
    tipo: TIPO_AUDITORIA,
    table: bibliotecaItens,
    load: async () => ({}),
    async check(tx) {
      // The destination folders held until the commit: whatever changes their rows (a removal of
      // one or of a folder above it, a move, a change of visibility) waits for this placement, or
      // this placement waits for it and the check below sees its outcome. Unlocked, a file placed
      // in a folder being removed failed on the foreign key, or inserted nothing: an internal error.
      await tx.execute(sql`select id from biblioteca_itens where id = any(${arrayOf(pastaIds)}) and is_pasta
        order by id for share`);
      const { rows } = await tx.execute<{
        ordem: number;
        nome: string | null;
        meu: boolean;
        colocado: boolean;
        pasta: boolean;
        nivel: number;
        repetido: boolean;
        em_uso: boolean;
      }>(sql`select e.ordem, e.nome, e.meu,
          exists (select 1 from biblioteca_itens x where x.arquivo_id = e.arquivo_id) as colocado,
          exists (select 1 from biblioteca_itens p where p.id = e.pasta_id and p.is_pasta) as pasta,
          coalesce(${nivelDoItem(l, sql`e.pasta_id`)}, 0) as nivel,
          count(*) over (partition by e.pasta_id, fold(e.nome)) > 1 or count(*) over (partition by e.arquivo_id) > 1 as repetido,
          exists (select 1 from biblioteca_itens x where x.pasta_pai_id = e.pasta_id and fold(x.nome) = fold(e.nome)) as em_uso
        from ${entrada} e order by e.ordem`);
      const erros: Record<string, string> = {};
      for (const r of rows) {
        const i = Number(r.ordem) - 1;
        const campo = (f: string) => `arquivos.${i}.${f}`;
        if (!r.meu) erros[campo('idArquivo')] = translate(idioma, 'biblioteca.validation.arquivoInvalido');
        else if (r.colocado) erros[campo('idArquivo')] = translate(idioma, 'biblioteca.validation.arquivoJaColocado');
        else if (!r.pasta || Number(r.nivel) < 1)
          erros[campo('idPastaPai')] = translate(idioma, 'biblioteca.validation.pastaInvalida');
        else if (Number(r.nivel) < 2) throw semEscrita(session, 'biblioteca.errors.semPermissaoDestino');
        else if (r.repetido)
          erros[campo('nome')] = `${r.nome}: ${translate(idioma, 'biblioteca.validation.nomeRepetido')}`;
        else if (r.em_uso) erros[campo('nome')] = `${r.nome}: ${translate(idioma, 'biblioteca.validation.nomeEmUso')}`;
      }
      if (Object.keys(erros).length) throw badUserInput(idioma, erros);
      return {};
    },
    async write(tx) {
      ({ rows: criados } = await tx.execute<(typeof criados)[number]>(sql`insert into biblioteca_itens
          (nome, is_pasta, pasta_pai_id, arquivo_id, proprietario_id, publico)
        select e.nome, false, e.pasta_id, e.arquivo_id, ${session.usuarioId}, p.publico
        from ${entrada} e join biblioteca_itens p on p.id = e.pasta_id order by e.ordem
        returning id, nome, pasta_pai_id, arquivo_id`));
      await tx.execute(sql`insert into biblioteca_conteudos (arquivo_id)
        select unnest(${arrayOf(arquivoIds)}) on conflict do nothing`);
      await agendarConteudo(tx, arquivoIds, session.usuarioId);
      const [, ...outros] = criados;
      await recordAudit(
        tx,
        outros.map((c) => ({
          tipo: TIPO_AUDITORIA,
          registroId: c.id,
          alteracao: 'CRIACAO',
          valorNovo: { nome: c.nome, isPasta: false, pastaPaiId: c.pasta_pai_id, arquivoId: c.arquivo_id },
          autorId: session.usuarioId,
        })),
      );
      return Number(criados[0]!.id);
    },
    after: () => {
      const c = criados[0]!;
      return { nome: c.nome, isPasta: false, pastaPaiId: c.pasta_pai_id, arquivoId: c.arquivo_id };
    },
    uniqueErrors: nomeEmUso('arquivos'),
  });
  return criados.map((c) => Number(c.id));
}
