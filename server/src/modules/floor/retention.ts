import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { App } from '../../types';

/**
 * Maintenance of the offline floor's bookkeeping. Idempotency keys are kept for months
 * (IDEMPOTENCY_RETENTION_DAYS, at least 90): a tablet may come back after a long time offline and
 * its replay must still answer the first response. Floor tombstones are kept for 30 days; a
 * client whose cursor is older than the purged ones gets a full snapshot (purged_seq).
 */

export const TOMBSTONE_RETENTION_DAYS = 30;
const EVERY_MS = 6 * 3600_000;
const FIRST_AFTER_MS = 60_000;

export interface PurgeResult {
  keys: number;
  tombstones: number;
}

export async function purgeFloorRecords(db: Db, keyRetentionDays: number): Promise<PurgeResult> {
  return db.transaction(async (tx) => {
    const keys = rowsOf<{ n: number }>(
      await tx.execute(sql`WITH gone AS (DELETE FROM idempotency_keys
        WHERE created_at < now() - make_interval(days => ${keyRetentionDays}) RETURNING 1)
        SELECT count(*)::int AS n FROM gone`),
    );
    const tombstones = rowsOf<{ n: number }>(
      await tx.execute(sql`WITH gone AS (DELETE FROM floor_tombstones
          WHERE deleted_at < now() - make_interval(days => ${TOMBSTONE_RETENTION_DAYS}) RETURNING venue_id, seq),
        purged AS (UPDATE floor_cursors c SET purged_seq = GREATEST(c.purged_seq, g.seq)
          FROM (SELECT venue_id, max(seq) AS seq FROM gone GROUP BY venue_id) g
          WHERE c.venue_id = g.venue_id)
        SELECT count(*)::int AS n FROM gone`),
    );
    return { keys: keys[0]?.n ?? 0, tombstones: tombstones[0]?.n ?? 0 };
  });
}

/** Runs the purge a minute after the server is ready, then every six hours, until it closes. */
export function schedulePurge(app: App, ctx: AppContext): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = purgeFloorRecords(ctx.db, ctx.config.idempotencyRetentionDays).then(
      (purged) => app.log.info(purged, 'floor records purged'),
      (err: unknown) => app.log.error({ err }, 'floor purge failed'),
    );
    timer = setTimeout(run, EVERY_MS).unref();
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(run, FIRST_AFTER_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    await running;
  });
}
