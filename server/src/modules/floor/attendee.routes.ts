import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { attendee, attendeeEdit, attendeeInput, attendeeListQuery, attendeeRow } from '@shared/schemas/floor';
import { oneOrMany } from '@shared/schemas/bulk';
import { paginated } from '@shared/schemas/pagination';
import type { AppContext } from '../../context';
import { bulkRoute, rowsOf } from '../../http/bulk';
import { idempotencyOf, requireIdempotency, sendOutcome } from '../../http/idempotency';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { createAttendeeBulk } from './attendee.bulk';
import { badgeChecked, createAttendeeService } from './attendee.service';

const params = z.object({ id: idParam });

/** The welcome desk's attendees (src/shared/schemas/floor.ts). */
export function attendeeRoutes(app: App, ctx: AppContext): void {
  const attendees = createAttendeeService(ctx);
  const createMany = createAttendeeBulk(ctx, badgeChecked);
  const tags = ['floor'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/v1/attendee/',
    {
      schema: {
        tags,
        security,
        summary: "A venue's attendees with their current check-in state",
        querystring: attendeeListQuery,
        response: { 200: paginated(attendeeRow) },
      },
      config: { policy: 'floor.read' },
    },
    (request) => attendees.list(sessionOf(request), request.query),
  );

  app.post(
    '/api/v1/attendee/',
    {
      schema: {
        tags,
        security,
        summary:
          'Add an attendee, or many (an array: all or none, row errors keyed by index). Header ' +
          "Idempotency-Key required: it becomes the client key (row i's: `<key>:<i>`)",
        body: oneOrMany(attendeeInput),
        response: { 201: z.union([z.array(attendee), attendee]) },
      },
      config: { policy: 'attendee.write' },
      ...bulkRoute,
    },
    async (request, reply) => {
      const claim = requireIdempotency(request);
      const { rows, many } = rowsOf(request.body);
      if (!many) return sendOutcome(reply, await attendees.create(request, rows[0]!, claim));
      return sendOutcome(reply, await createMany(request, rows, claim));
    },
  );

  app.patch(
    '/api/v1/attendee/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Edit an attendee: the fields sent change (Idempotency-Key optional)',
        params,
        body: attendeeEdit,
        response: { 200: attendee },
      },
      config: { policy: 'attendee.write' },
    },
    async (request, reply) =>
      sendOutcome(reply, await attendees.edit(request, request.params.id, request.body, idempotencyOf(request))),
  );
}
