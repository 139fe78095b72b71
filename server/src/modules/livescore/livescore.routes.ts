import websocket from '@fastify/websocket';
import { MANIFEST_LOOK } from '@shared/app-manifest';
import mercurius, { type IResolvers, type MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import type { LiveVenue } from '@shared/schemas/livescore';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import { createBearerResolver } from '../../plugins/auth';
import type { App, RequestUser } from '../../types';
import type { LiveEvent } from './live-bus';
import { graphql } from './graphql-runtime';
import { createLiveSockets, type LiveSocket } from './live-socket';
import { LIVESCORE_SCHEMA } from './livescore.graphql';
import { createLivescoreService, type LivescoreService } from './livescore.service';
import { queryCostRule } from './query-cost';

// mercurius is CommonJS: under Node's ESM loader only its default export is there.
const { ErrorWithProps } = mercurius;
const { NoSchemaIntrospectionCustomRule } = graphql;

export const GRAPHQL_PATH = '/api/graphql';
/** Nesting of the deepest query the pages ask (live → latestResults → result → field) plus room. */
const QUERY_DEPTH = 6;
/** A query's text above this is refused before it is parsed. */
const MAX_QUERY_CHARS = 8_000;

interface LiveContext extends MercuriusContext {
  viewer: RequestUser | null;
}

/** A service failure as a GraphQL error: the wire code in extensions.code. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw new ErrorWithProps(err.message, { code: err.code }, err.status);
    throw err;
  }
}

function resolvers(service: LivescoreService): IResolvers {
  type Args<T> = (root: unknown, args: T, context: LiveContext) => unknown;
  const query: Record<string, Args<Record<string, number>>> = {
    venues: (_root, _args, { viewer }) => guarded(() => service.venues(viewer)),
    venue: (_root, { id }) => guarded(() => service.venue(id!)),
    competitions: (_root, { venueId }) => guarded(() => service.competitions(venueId!)),
    startList: (_root, { competitionId }, { viewer }) => guarded(() => service.startList(competitionId!, viewer)),
    ranking: (_root, { competitionId }, { viewer }) => guarded(() => service.ranking(competitionId!, viewer)),
    live: (_root, { venueId }, { viewer }) => guarded(() => service.live(venueId!, viewer)),
  };
  // Subscription.liveUpdates is served by live-socket.ts (its default resolver reads the update).
  return {
    Query: query,
  } as IResolvers;
}

/**
 * Live scores over GraphQL at /api/graphql: queries by POST (or GET) with an
 * optional bearer token (mercurius); the subscription `liveUpdates` over the same path's
 * websocket (graphql-transport-ws, live-socket.ts), the token in connection_init's
 * `authorization`. Public by policy: what each viewer may see is decided in the service (start
 * lists public, results once published, the venue's office sees them before).
 *
 * A saved result reaches the subscribers as one payload per change, computed once (one read of the
 * competition) and handed to every subscriber of the venue.
 */
/** The public live page's own web app manifest: installed, it opens that venue's live page. */
export function liveManifest(venue: LiveVenue) {
  const page = `/live/${venue.id}`;
  return {
    id: page,
    name: `${venue.name} — Live`,
    short_name: venue.name.length <= 12 ? venue.name : 'Live',
    description: `Live scores: ${venue.name}`,
    start_url: page,
    scope: page,
    ...MANIFEST_LOOK,
  };
}

export function livescoreRoutes(app: App, ctx: AppContext): void {
  const service = createLivescoreService(ctx.db);

  app.get(
    '/api/v1/venue/:id/live.webmanifest',
    {
      schema: {
        tags: ['live scores'],
        summary: "The public live page's web app manifest (installs the venue's live page)",
        params: z.object({ id: idParam }),
      },
      config: { policy: 'public' },
    },
    async (request, reply) => {
      const venue = await service.venue(request.params.id);
      return reply
        .header('content-type', 'application/manifest+json; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(JSON.stringify(liveManifest(venue)));
    },
  );
  const bearer = createBearerResolver(ctx);
  const production = ctx.config.env === 'production';
  const rules = production ? [queryCostRule, NoSchemaIntrospectionCustomRule] : [queryCostRule];

  void app.register(async (scope) => {
    const sockets = createLiveSockets({
      schema: () => scope.graphql.schema,
      rules,
      viewerOf: bearer,
      knownVenue: (venueId) => service.venue(venueId),
      isOffice: service.office,
      log: scope.log,
      maxPerAddress: ctx.config.liveSocketsPerAddress,
    });
    ctx.metrics.gauge('paddock_live_sockets', 'Live-score websockets open', [], () => [{ value: sockets.open() }]);
    ctx.metrics.gauge('paddock_live_subscriptions', 'Live-score subscriptions held', [], () => [
      { value: sockets.held() },
    ]);
    // mercurius declares GET /api/graphql for queries; its websocket is ours (before
    // @fastify/websocket's own onRoute hook sees the route).
    scope.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      if (route.url === GRAPHQL_PATH && methods.includes('GET'))
        route.wsHandler = (socket, request) => sockets.handle(socket as unknown as LiveSocket, request.ip);
    });
    await scope.register(websocket, {
      options: { maxPayload: 64 * 1024 },
      // Closing, every client is told to reconnect (1012), then the websocket server closes.
      preClose(this: { websocketServer: { close(cb: () => void): void } }, done: () => void) {
        sockets.close();
        this.websocketServer.close(() => done());
      },
    });
    await scope.register(mercurius, {
      schema: LIVESCORE_SCHEMA,
      resolvers: resolvers(service),
      path: GRAPHQL_PATH,
      graphiql: false,
      jit: 1,
      queryDepth: QUERY_DEPTH,
      allowBatchedQueries: false,
      // No ambient credentials (bearer tokens only, never cookies): nothing for a forged request to
      // ride on; and the websocket upgrade carries no content type.
      csrfPrevention: false,
      validationRules: rules,
      context: (request) => ({ viewer: request.user }),
      // Public on purpose (the live page needs no sign-in); hidden from the OpenAPI document.
      additionalRouteOptions: { config: { policy: 'public' }, schema: { hide: true } },
    });

    scope.graphql.addHook('preParsing', async (_schema, source) => {
      if (source.length > MAX_QUERY_CHARS)
        throw new ErrorWithProps('The query is too long.', { code: 'validation' }, 400);
    });

    // One change at a time per venue, in the order saved: a result's rank is computed after the
    // one saved before it.
    const queues = new Map<number, Promise<void>>();
    const forward = async (event: LiveEvent) => {
      const update = await service.update(event);
      if (update) await sockets.broadcast(update);
    };
    const stop = ctx.live.subscribe((event) => {
      const previous = queues.get(event.venueId) ?? Promise.resolve();
      const next = previous
        .then(() => forward(event))
        .catch((err: unknown) => scope.log.error({ err, event }, 'live update failed'))
        .finally(() => {
          if (queues.get(event.venueId) === next) queues.delete(event.venueId);
        });
      queues.set(event.venueId, next);
    });
    scope.addHook('preClose', async () => {
      stop();
      await Promise.all(queues.values());
    });
  });
}
