import type { FastifyReply } from 'fastify';
import { Buffer } from 'node:buffer';
import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { floorChanges, floorChangesQuery, myQrCodes, SYNC_PROTOCOL, SYNC_PROTOCOL_HEADER } from '@shared/schemas/floor';
import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { DEVICE_ANSWER_HEADER, FLOOR_ENTITIES, SNAPSHOT_BEHIND_HEADER } from '@shared/floor-constants';
import type { DeviceHeartbeat } from '@shared/schemas/devices';
import { createDevicesService } from '../devices/devices.service';
import { FLOOR_STREAM_COLUMNS, FLOOR_STREAM_TYPE } from '@shared/floor-stream';
import { assertSyncProtocol, createChangesService } from './changes.service';
import { changesRepo } from './changes.repo';
import { changesLines, closingLines, headerLine, loggedJson, loggedLines, rowLines } from './changes-stream';
import { gzipOf } from './gzip-parts';
import { encodingOf, sendFlushedLines, sendQuick, sendQuickStream } from './quick-compress';
import { createQrService } from './qr.service';

const params = z.object({ id: idParam });

/** Rows up to which a pull is answered at once (sendQuick); a larger one goes line by line. */
const QUICK_ROWS = 2_000;

/** The floor tablets' pull, and the riders' own QR codes. */
export function floorChangesRoutes(app: App, ctx: AppContext): void {
  const changes = createChangesService(ctx);
  const qr = createQrService(ctx);
  const devices = createDevicesService(ctx, ctx.revokedDevices);
  const tags = ['floor'];
  const security = [{ bearer: [] }];

  // The snapshot of the venue written to last is read (and kept, changes.service) before the
  // process is ready, so the first tablet to sign in does not wait for it. On PGlite (the
  // embedded database: one connection, its engine in WebAssembly) the statement also costs
  // several times as much the first time after a start as later (its plan, the tables' pages
  // read into the database's cache).
  if (!ctx.config.databaseUrl) {
    ctx.lifecycle.onWarmUp('floor snapshot', async () => {
      const venue = await changesRepo.latestVenue(ctx.db);
      if (venue !== undefined) await changes.warmSnapshot(venue);
    });
  }

  app.get(
    '/api/v1/venue/:id/floor/changes/',
    {
      schema: {
        tags,
        security,
        summary:
          `Rows of the venue's floor changed since ?cursor= (0: a full snapshot); header ${SYNC_PROTOCOL_HEADER}. ` +
          `With device_id (and app_version, pending_writes) the pull carries the device's heartbeat, ` +
          `answered URI-encoded in the header ${DEVICE_ANSWER_HEADER} (null: the device is revoked)`,
        params,
        querystring: floorChangesQuery,
        response: { 200: floorChanges },
      },
      config: { policy: 'floor.read' },
    },
    async (request, typedReply) => {
      assertSyncProtocol(request.headers[SYNC_PROTOCOL_HEADER]);
      const streamed = request.headers.accept?.includes(FLOOR_STREAM_TYPE) ?? false;
      const gzipLines = streamed && /\bgzip\b/i.test(String(request.headers['accept-encoding'] ?? ''));
      const columns = streamed && (request.headers.accept?.includes(FLOOR_STREAM_COLUMNS) ?? false);
      const encoding = encodingOf(request);
      const user = sessionOf(request);
      const { cursor, device_id: deviceId, app_version: appVersion, pending_writes: pending } = request.query;
      // The heartbeat a pull carries is told beside the changes' read; only a floor device reports.
      const told: Promise<DeviceHeartbeat | null | undefined> =
        deviceId === undefined
          ? Promise.resolve(undefined)
          : devices
              .carried(user, { device_id: deviceId, app_version: appVersion ?? null, pending_writes: pending ?? 0 })
              .catch((err: unknown) => {
                // The pull answers all the same; the device's next heartbeat tells it again.
                request.log.warn({ err }, 'heartbeat of a pull not recorded');
                return undefined;
              });
      const [answer, device] = await Promise.all([
        changes.changes(user, request.params.id, cursor, { gzipLines, columns, compressed: encoding !== null }),
        told,
      ]);
      const reply: FastifyReply = typedReply;
      reply.header(SYNC_PROTOCOL_HEADER, String(SYNC_PROTOCOL)).header('cache-control', 'no-store');
      if (device !== undefined) reply.header(DEVICE_ANSWER_HEADER, encodeURIComponent(JSON.stringify(device)));
      reply.type(streamed ? `${FLOOR_STREAM_TYPE}; charset=utf-8` : 'application/json; charset=utf-8');
      // A kept snapshot, compressed once, sent as it is.
      if (answer.logged === 'snapshot') {
        const { snapshot } = answer;
        if (snapshot.behind) reply.header(SNAPSHOT_BEHIND_HEADER, '1');
        return reply
          .header('vary', 'accept-encoding')
          .header('content-encoding', encoding)
          .send(encoding === 'br' ? snapshot.br : snapshot.gzip);
      }
      // The log's segments, compressed once, sent as they are between the rows compressed now.
      if (answer.logged === 'parts') {
        const { header, parts } = answer;
        const first = Buffer.concat([headerLine(header), ...rowLines(parts.head)]);
        const last = Buffer.concat([...rowLines(parts.tail), ...closingLines(parts.deleted, header.cursor)]);
        return reply
          .header('vary', 'accept-encoding')
          .header('content-encoding', 'gzip')
          .send(gzipOf(first, parts.segments, last));
      }
      // The changes since a recent cursor are small and frequent: built at once from the kept
      // JSON of each row and compressed fast.
      if (answer.logged) {
        const { header, changes: logged } = answer;
        const count = FLOOR_ENTITIES.reduce((n, entity) => n + logged.lists[entity].length, logged.deleted.length);
        if (!streamed) return sendQuick(request, reply, loggedJson(header, logged));
        const lines = loggedLines(header, logged);
        if (count > QUICK_ROWS) return sendQuickStream(request, reply, lines);
        return sendQuick(request, reply, Buffer.concat(lines));
      }
      // A snapshot (50,000 entries on a big show) goes out line by line as the tablet reads it
      // (changes-stream.ts), each line flushed through the compressor so the tablet stores a page
      // while the next is compressed (sendFlushedLines); or serialised once with JSON.stringify
      // and sent as text, not checked against the schema above by the route's zod serializer; a
      // few changes at once.
      const { body, pages } = answer;
      const rows = FLOOR_ENTITIES.reduce((n, entity) => n + body[entity].length, body.deleted.length);
      const small = !body.reset && rows <= QUICK_ROWS;
      if (streamed) {
        return small
          ? sendQuick(request, reply, [...changesLines(body)].join(''))
          : sendFlushedLines(request, reply, changesLines(body, pages));
      }
      return small ? sendQuick(request, reply, JSON.stringify(body)) : reply.send(JSON.stringify(body));
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
