import { floorBatchInput, floorBatchResponse } from '@shared/schemas/floor-batch';
import { MAX_BATCH_WRITES, SYNC_PROTOCOL_HEADER } from '@shared/floor-constants';
import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import { compressAbove } from '../../plugins/compression';
import type { App } from '../../types';
import { createDevicesService } from '../devices/devices.service';
import { createBatchService } from './batch.service';
import { assertSyncProtocol } from './changes.service';

/** Answers of this size and more are compressed. */
const BATCH_COMPRESS_BYTES = 8 * 1024;

/** The outbox's batched push (batch.service.ts). */
export function batchRoutes(app: App, ctx: AppContext): void {
  const batch = createBatchService(ctx);
  const devices = createDevicesService(ctx, ctx.revokedDevices);
  app.post(
    '/api/v1/floor/writes/',
    {
      schema: {
        tags: ['floor'],
        security: [{ bearer: [] }],
        summary:
          `Up to ${MAX_BATCH_WRITES} queued floor writes of the caller, each with its own Idempotency-Key and ` +
          'the body of its single endpoint, decided in order as that endpoint decides it (role, venue, ' +
          'party, key); answers each write’s outcome in order: created, replayed (the key’s stored ' +
          'answer), refused (its error), retry (it and the later ones stay queued) or skipped; with `device`, ' +
          'the device’s heartbeat too, recorded after the writes and answered as the heartbeat answers. ' +
          `Header ${SYNC_PROTOCOL_HEADER}`,
        body: floorBatchInput,
        response: { 200: floorBatchResponse },
      },
      // The roles of any floor write; each write is checked against its own endpoint's policy.
      config: { policy: 'floor.write' },
      // A tablet flushes each write as it is made: the answer of a few writes (about 1.3 KB for
      // one) goes as it is; a backlog's answer (50 writes, ~45 KB) is compressed.
      compress: compressAbove(BATCH_COMPRESS_BYTES),
    },
    async (request) => {
      assertSyncProtocol(request.headers[SYNC_PROTOCOL_HEADER]);
      const results = await batch.push(request, request.body.writes);
      const report = request.body.device;
      if (!report) return { results };
      // What still waits on the device: what it said besides this batch, and what of the batch stays queued.
      const undecided = results.filter((r) => r.outcome === 'retry' || r.outcome === 'skipped').length;
      // Only a floor device reports (a merchant's batch is not one's).
      const device = await devices.carried(sessionOf(request), {
        ...report,
        pending_writes: report.pending_writes + undecided,
      });
      return device === undefined ? { results } : { results, device };
    },
  );
}
