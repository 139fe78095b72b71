import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { listQuery, paginated } from '@shared/schemas/pagination';
import { preshowVenue } from '@shared/schemas/preshow';
import { hostCheckResponse } from '@shared/schemas/venue';
import { venueDetail, venueInput, venueListQuery } from '@shared/schemas/venue-setup';
import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { patchBody } from '../configuration/patch-body';
import { createVenueAdminService } from './venue-admin.service';
import { createVenueService } from './venue.service';

const venueParams = z.object({ id: idParam });

export function venueRoutes(app: App, ctx: AppContext): void {
  const venues = createVenueService(ctx);
  const admin = createVenueAdminService(ctx);
  const tags = ['venue'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/v1/venue/check_hostname/',
    {
      schema: { tags, summary: 'The whitelabel venue of the Host header', response: { 200: hostCheckResponse } },
      config: { policy: 'public' },
    },
    (request) => venues.checkHostname(request.hostname),
  );

  app.get(
    '/api/v1/venue/public/',
    {
      schema: {
        tags,
        summary: 'Upcoming and running shows (public)',
        querystring: listQuery,
        response: { 200: paginated(preshowVenue) },
      },
      config: { policy: 'public' },
    },
    (request) => venues.listOpen(request.query),
  );

  app.get(
    '/api/v1/venue/',
    {
      schema: {
        tags,
        summary: 'All venues (admins); ?search= matches name, FEI id and city',
        security,
        querystring: venueListQuery,
        response: { 200: paginated(venueDetail) },
      },
      config: { policy: 'venue.list' },
    },
    (request) => venues.list(request.query),
  );

  app.get(
    '/api/v1/venue/:id/',
    {
      schema: {
        tags,
        summary: 'One venue (admins, or its assigned staff)',
        security,
        params: venueParams,
        response: { 200: venueDetail },
      },
      config: { policy: 'venue.read' },
    },
    (request) => venues.get(sessionOf(request), request.params.id),
  );

  app.post(
    '/api/v1/venue/',
    {
      schema: { tags, summary: 'Create a venue', security, body: venueInput, response: { 201: venueDetail } },
      config: { policy: 'venue.create' },
    },
    async (request, reply) => reply.status(201).send(await admin.create(request, request.body)),
  );

  app.patch(
    '/api/v1/venue/:id/',
    {
      schema: {
        tags,
        summary: 'Edit a venue, its invoicing details included (admins, or the venue’s own organizer)',
        security,
        params: venueParams,
        body: patchBody(venueInput),
        response: { 200: venueDetail },
      },
      config: { policy: 'venue.manage' },
    },
    (request) => admin.update(request, request.params.id, request.body),
  );

  app.get(
    '/api/v1/venue/:id/preshow/',
    {
      schema: { tags, summary: 'Public show detail', params: venueParams, response: { 200: preshowVenue } },
      config: { policy: 'public' },
    },
    (request) => venues.preshow(request.params.id),
  );
}
