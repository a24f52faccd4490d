import { readFileSync } from 'node:fs';
import { policies } from '../../../domain/policies';
import { TIPOS_ADMINISTRADOS } from '../../../domain/access';
import { mudarLinguaSchema, onboardingSchema } from '../../../domain/schemas/usuario';
import { recordAudit } from '../../audit';
import { notFound, portalError } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { operation, type Feature } from '../../graphql/operation';
import * as q from './queries';

/** What other features may use (they import a feature's index only). */
export { findUsuarioByEmail } from './queries';

const usuarioView = (u: {
  id: number;
  nome: string;
  email: string;
  tipo: string;
  idioma: string;
  active: boolean;
}) => ({
  id: u.id,
  nome: u.nome,
  email: u.email,
  tipo: { id: u.tipo },
  idioma: { id: u.idioma },
  active: u.active,
});

export const usuariosFeature: Feature = {
  typeDefs: readFileSync(new URL('./usuarios.graphql', import.meta.url), 'utf8'),
  Query: {
    usuarioLogado: operation({
      policy: policies.portal.use,
      async resolve(_args: unknown, { db, session }) {
        const usuario = await q.findUsuarioById(db, session.usuarioId);
        if (!usuario) throw notFound(session.idioma);
        const [marcas, funcionalidades, produtos, dealers, onboardingsVistos] = await Promise.all([
          q.marcasOf(db, usuario.id),
          q.functionKeysOf(db, usuario.id),
          q.produtosOf(db, usuario.id),
          q.dealersOf(db, usuario.id),
          q.onboardingsOf(db, usuario.id),
        ]);
        return {
          ...usuarioView(usuario),
          avatarLink: usuario.avatarLink,
          marcas,
          funcionalidades,
          tiposUsuarios: TIPOS_ADMINISTRADOS[usuario.tipo],
          produtos: produtos.map((p) => ({ ...p, URI: p.uri })),
          dealers,
          onboardingsVistos,
        };
      },
    }),
    currentUserOnboardingIsSeen: operation({
      policy: policies.portal.use,
      async resolve(args: unknown, ctx) {
        const { id } = parseInput(onboardingSchema, args, ctx.idioma);
        return q.isOnboardingSeen(ctx.db, ctx.session.usuarioId, id);
      },
    }),
  },
  Mutation: {
    setCurrentUserOnboardingSeen: operation({
      policy: policies.portal.use,
      async resolve(args: unknown, ctx) {
        const { id } = parseInput(onboardingSchema, args, ctx.idioma);
        await q.markOnboardingSeen(ctx.db, ctx.session.usuarioId, id);
        return true;
      },
    }),
    mudarLinguaUsuario: operation({
      policy: policies.portal.use,
      async resolve(args: unknown, ctx) {
        const { id, idioma } = parseInput(mudarLinguaSchema, args, ctx.idioma);
        const { db, session } = ctx;
        // The spec's `id` argument stays, but names only the caller: another user's language is
        // part of their record, changed through the user form (salvarUsuario).
        if (id !== session.usuarioId) throw portalError(session.idioma, 'FORBIDDEN', 'errors.ownUserOnly');
        return db.transaction(async (tx) => {
          const before = await q.findUsuarioById(tx, id);
          if (!before) throw notFound(session.idioma);
          const after = await q.setIdioma(tx, id, idioma);
          if (before.idioma !== idioma) {
            await recordAudit(tx, {
              tipo: 'USUARIO',
              registroId: id,
              alteracao: 'ALTERACAO',
              valorAnterior: { idioma: before.idioma },
              valorNovo: { idioma },
              autorId: session.usuarioId,
            });
          }
          return usuarioView(after);
        });
      },
    }),
  },
};
