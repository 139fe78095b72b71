import type { AppContext } from '../../context';
import type { App } from '../../types';
import { attendeeRoutes } from './attendee.routes';
import { batchRoutes } from './batch.routes';
import { eventsRoutes } from './events.routes';
import { floorChangesRoutes } from './floor-changes.routes';
import { schedulePurge } from './retention';

/**
 * Offline floor operations (src/shared/schemas/floor.ts): the tablets' pull, the
 * welcome desk, sign-in and vet-check writes, the riders' QR codes, and the purge that keeps
 * idempotency keys and tombstones only as long as they are needed.
 */
export function floorRoutes(app: App, ctx: AppContext): void {
  floorChangesRoutes(app, ctx);
  attendeeRoutes(app, ctx);
  eventsRoutes(app, ctx);
  batchRoutes(app, ctx);
  schedulePurge(app, ctx);
}
