import { Readable } from 'node:stream';
import { constants } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { floorChanges, floorChangesQuery, myQrCodes, SYNC_PROTOCOL, SYNC_PROTOCOL_HEADER } from '@shared/schemas/floor';
import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { FLOOR_STREAM_TYPE } from '@shared/floor-stream';
import { assertSyncProtocol, createChangesService } from './changes.service';
import { createQrService } from './qr.service';

const params = z.object({ id: idParam });

/**
 * The pull's answer, 20 MB of JSON on a big show: brotli at quality 2 makes it smaller than at
 * the app's default 4 (680 KB against 860 KB for 50,000 entries) in a third of the time
 * (about 55 ms against 170 ms), which the tablet's first pull waits for.
 */
const PULL_COMPRESSION = {
  threshold: 1024,
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  customTypes: /^application\/(json|x-ndjson|problem\+json)\b/,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } },
  zlibOptions: { level: 6 },
};

/** The floor tablets' pull, and the riders' own QR codes. */
export function floorChangesRoutes(app: App, ctx: AppContext): void {
  const changes = createChangesService(ctx);
  const qr = createQrService(ctx);
  const tags = ['floor'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/v1/venue/:id/floor/changes/',
    {
      schema: {
        tags,
        security,
        summary: `Rows of the venue's floor changed since ?cursor= (0: a full snapshot); header ${SYNC_PROTOCOL_HEADER}`,
        params,
        querystring: floorChangesQuery,
        response: { 200: floorChanges },
      },
      config: { policy: 'floor.read' },
      compress: PULL_COMPRESSION,
    },
    async (request, typedReply) => {
      assertSyncProtocol(request.headers[SYNC_PROTOCOL_HEADER]);
      const reply: FastifyReply = typedReply;
      // A tablet that reads the answer as it arrives gets it line by line, each line sent as
      // soon as it is read (changes.service.ts `stream`).
      if (request.headers.accept?.includes(FLOOR_STREAM_TYPE)) {
        const lines = new Readable({ read() {} });
        const { done } = await changes.stream(sessionOf(request), request.params.id, request.query.cursor, (line) =>
          lines.push(`${JSON.stringify(line)}\n`),
        );
        done.then(
          () => lines.push(null),
          // Cut short without its end line: the tablet keeps its cursor and pulls again.
          (error: unknown) => {
            request.log.error({ err: error }, 'floor pull failed while streaming');
            lines.destroy(error instanceof Error ? error : new Error(String(error)));
          },
        );
        return reply
          .header(SYNC_PROTOCOL_HEADER, String(SYNC_PROTOCOL))
          .header('cache-control', 'no-store')
          .type(`${FLOOR_STREAM_TYPE}; charset=utf-8`)
          .send(lines);
      }
      const body = await changes.changes(sessionOf(request), request.params.id, request.query.cursor);
      // Large (50,000 entries on a big show): serialised once with JSON.stringify and sent as
      // text, not checked against the schema above by the route's zod serializer.
      return reply
        .header(SYNC_PROTOCOL_HEADER, String(SYNC_PROTOCOL))
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(body));
    },
  );

  app.get(
    '/api/v1/rider/qr/',
    {
      schema: {
        tags,
        security,
        summary: "The signed-in rider's QR code and their grooms' codes",
        response: { 200: myQrCodes },
      },
      config: { policy: 'rider.qr' },
    },
    (request) => qr.myCodes(sessionOf(request)),
  );
}
