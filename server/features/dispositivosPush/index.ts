import { readFileSync } from 'node:fs';
import { USER_AGENT_MAX_LENGTH } from '../../../domain/limits';
import { policies } from '../../../domain/policies';
import { pushSubscriptionIdSchema, pushSubscriptionSchema } from '../../../domain/schemas/pushSubscription';
import { badUserInputKeys, notFound, portalError } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { operation, type Feature } from '../../graphql/operation';
import { isPushEndpoint } from '../../push/endpoint';
import * as q from './queries';

/**
 * The signed-in user's Web Push devices (issue #27, spec section 7 `gerarPushSubscription`): the
 * app subscribes a browser after the user asked for it in My account, and lists and removes the
 * user's own. Every statement is scoped to the caller's rows. A device is the user's own browser
 * state, like their read flags or sessions, not a record anyone administers: no audit, no version.
 */

export const dispositivosPushFeature: Feature = {
  typeDefs: readFileSync(new URL('./dispositivosPush.graphql', import.meta.url), 'utf8'),
  Query: {
    meusDispositivosPush: operation({
      policy: policies.dispositivosPush.list,
      resolve: (_args: unknown, { db, session }) => q.list(db, session.usuarioId),
    }),
  },
  Mutation: {
    gerarPushSubscription: operation({
      policy: policies.dispositivosPush.create,
      async resolve(args: { input?: unknown }, { db, config, session, idioma, request }) {
        const input = parseInput(pushSubscriptionSchema, args.input ?? {}, idioma);
        // The server will POST to this address (server/push/endpoint.ts).
        if (!isPushEndpoint(input.endpoint, config.push.serviceHosts)) {
          throw badUserInputKeys(idioma, { endpoint: 'validation.invalidValue' });
        }
        const userAgent = request.headers['user-agent']?.slice(0, USER_AGENT_MAX_LENGTH) ?? null;
        const saved = await q.upsert(db, session.usuarioId, input, userAgent);
        if (!saved) throw portalError(idioma, 'CONFLICT', 'errors.staleRecord');
        return saved;
      },
    }),
    removerDispositivoPush: operation({
      policy: policies.dispositivosPush.delete,
      async resolve(args: unknown, { db, session, idioma }) {
        const { id } = parseInput(pushSubscriptionIdSchema, args, idioma);
        if (!(await q.remove(db, session.usuarioId, id))) throw notFound(idioma);
        return true;
      },
    }),
  },
};
