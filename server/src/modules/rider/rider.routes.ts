import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import {
  copyHorseOwnerDataInput,
  groom,
  groomAction,
  groomInput,
  horseAction,
  horseMetaInput,
  riderHorse,
  riderVenueParticipation,
} from '@shared/schemas/people';
import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { ownerFor } from '../owner/owner-access';
import { createGroomService } from './groom.service';
import { createRiderHorseService } from './rider-horses.service';
import { riderLookupRoutes } from './rider-lookup.routes';
import { riderVenueParticipations } from './venue-participations';

const params = z.object({ id: idParam });
const horseParams = z.object({ id: idParam, horseId: idParam });
const horseList = z.object({ results: z.array(riderHorse) });
const groomList = z.object({ results: z.array(groom) });

/** The rider's horses, grooms and shows; owner access checked by ownerFor. */
export function riderRoutes(app: App, ctx: AppContext): void {
  const horses = createRiderHorseService(ctx);
  const grooms = createGroomService(ctx);
  const tags = ['rider'];
  const security = [{ bearer: [] }];
  const read = { policy: 'owner.read' } as const;
  const write = { policy: 'owner.write' } as const;

  app.get(
    '/api/v1/rider/:id/horses/',
    { schema: { tags, security, params, response: { 200: horseList } }, config: read },
    (request) => horses.list(sessionOf(request), request.params.id),
  );
  app.post(
    '/api/v1/rider/:id/horses/',
    {
      schema: {
        tags,
        security,
        summary: 'Assign or unassign a horse ({id, action}), or create and assign one ({action: add, horse})',
        params,
        body: horseAction,
        response: { 200: horseList },
      },
      config: write,
    },
    (request) => horses.act(request, request.params.id, request.body),
  );
  app.get(
    '/api/v1/rider/:id/horses/:horseId/',
    { schema: { tags, security, params: horseParams, response: { 200: riderHorse } }, config: read },
    (request) => horses.get(sessionOf(request), request.params.id, request.params.horseId),
  );
  app.patch(
    '/api/v1/rider/horseMeta/',
    { schema: { tags, security, body: horseMetaInput, response: { 200: riderHorse } }, config: write },
    (request) => horses.updateMeta(request, request.body),
  );
  app.post(
    '/api/v1/rider/copyHorseOwnerData/',
    { schema: { tags, security, body: copyHorseOwnerDataInput, response: { 200: riderHorse } }, config: write },
    (request) => horses.copyOwnerData(request, request.body),
  );

  app.get(
    '/api/v1/rider/:id/grooms/',
    { schema: { tags, security, params, response: { 200: groomList } }, config: read },
    (request) => grooms.list(sessionOf(request), request.params.id),
  );
  app.post(
    '/api/v1/rider/:id/grooms/',
    { schema: { tags, security, params, body: groomAction, response: { 200: groomList } }, config: write },
    (request) => grooms.act(request, request.params.id, request.body),
  );
  app.get(
    '/api/v1/groom/:id/',
    { schema: { tags, security, params, response: { 200: groom } }, config: read },
    (request) => grooms.get(sessionOf(request), request.params.id),
  );
  app.patch(
    '/api/v1/groom/:id/',
    { schema: { tags, security, params, body: groomInput, response: { 200: groom } }, config: write },
    (request) => grooms.update(request, request.params.id, request.body),
  );

  app.get(
    '/api/v1/rider/:id/venueParticipations/',
    {
      schema: {
        tags,
        security,
        summary: "The rider's shows: payer, horses, events, external costs and balance",
        params,
        response: { 200: z.object({ results: z.array(riderVenueParticipation) }) },
      },
      config: read,
    },
    async (request) => {
      const rider = await ownerFor(ctx.db, sessionOf(request), 'rider', request.params.id);
      return { results: await riderVenueParticipations(ctx.db, rider.id) };
    },
  );

  riderLookupRoutes(app, ctx);
}
