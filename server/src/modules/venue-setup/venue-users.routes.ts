import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { listQuery, paginated } from '@shared/schemas/pagination';
import { venueUser, venueUserInput } from '@shared/schemas/venue-setup';
import type { AppContext } from '../../context';
import type { App } from '../../types';
import { noContent } from '../configuration/no-content';
import { createVenueUsersService } from './venue-users.service';

const params = z.object({ id: idParam });
const userParams = z.object({ id: idParam, userId: idParam });
const candidateQuery = z.object({
  q: z.string({ error: 'required' }).trim().min(3, { error: 'too_short' }).max(254, { error: 'too_long' }),
});

/** Organizers and floor staff of a venue (admins, and the venue's own organizer). */
export function venueUserRoutes(app: App, ctx: AppContext): void {
  const staff = createVenueUsersService(ctx);
  const tags = ['venue setup'];
  const security = [{ bearer: [] }];
  const config = { policy: 'venue.users' } as const;

  app.get(
    '/api/v1/venue/:id/users/',
    { schema: { tags, security, params, querystring: listQuery, response: { 200: paginated(venueUser) } }, config },
    (request) => staff.list(request, request.params.id, request.query),
  );
  app.get(
    '/api/v1/venue/:id/users/candidates/',
    {
      schema: {
        tags,
        security,
        summary: 'Accounts that may join the venue’s staff, by exact username or e-mail',
        params,
        querystring: candidateQuery,
        response: { 200: paginated(venueUser) },
      },
      config,
    },
    (request) => staff.candidates(request, request.params.id, request.query.q),
  );
  app.post(
    '/api/v1/venue/:id/users/',
    {
      schema: {
        tags,
        security,
        summary: 'Assign a user to the venue with staff roles',
        params,
        body: venueUserInput,
        response: { 200: venueUser },
      },
      config,
    },
    (request) => staff.assign(request, request.params.id, request.body),
  );
  app.delete(
    '/api/v1/venue/:id/users/:userId/',
    { schema: { tags, security, params: userParams, response: noContent }, config },
    async (request, reply) => {
      await staff.unassign(request, request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );
}
