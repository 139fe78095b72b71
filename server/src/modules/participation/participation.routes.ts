import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { listQuery, paginated } from '@shared/schemas/pagination';
import { oneOrMany } from '@shared/schemas/bulk';
import {
  headNumber,
  headNumberInput,
  headNumbersDeleteInput,
  headNumbersInput,
  vecParticipation,
  vecParticipationInput,
  venueParticipation,
  venueParticipationEdit,
  venueParticipationInput,
} from '@shared/schemas/participation';
import type { AppContext } from '../../context';
import { bulkRoute, rowsOf } from '../../http/bulk';
import { idempotencyOf, sendOutcome } from '../../http/idempotency';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { noContent } from '../configuration/no-content';
import { createHeadNumberService } from './head-numbers.service';
import { merchantParticipationRoutes } from './merchant-participation.routes';
import { officialParticipationRoutes } from './official-participation.routes';
import { createVecParticipationService } from './vec-participation.service';
import { createVenueParticipationService } from './venue-participation.service';

const params = z.object({ id: idParam });
const listParams = listQuery.extend({
  venue: idParam.optional(),
  search: z.string().trim().max(100).optional(),
  /** One rider's participation (the organizer's rider page). */
  rider: idParam.optional(),
});
const vecListParams = listQuery.extend({ venue: idParam.optional(), vec: idParam.optional() });

/** Participations: riders at venues, their horses' head numbers, event entries, officials. */
export function participationRoutes(app: App, ctx: AppContext): void {
  const participations = createVenueParticipationService(ctx);
  const headNumbers = createHeadNumberService(ctx);
  const entries = createVecParticipationService(ctx);
  const tags = ['participation'];
  const security = [{ bearer: [] }];
  const read = { policy: 'participation.read' } as const;
  const manage = { policy: 'participation.manage' } as const;
  const list = paginated(venueParticipation);

  app.get(
    '/api/v1/venueParticipation/',
    {
      schema: {
        tags,
        security,
        summary: 'Riders at a venue; ?search= matches rider name, FEI id, horse name or head number; ?rider= one rider',
        querystring: listParams,
        response: { 200: list },
      },
      config: read,
    },
    (request) => participations.list(sessionOf(request), request.query),
  );
  app.get(
    '/api/v1/venueParticipation/:id/',
    { schema: { tags, security, params, response: { 200: venueParticipation } }, config: read },
    (request) => participations.get(sessionOf(request), request.params.id),
  );
  app.post(
    '/api/v1/venueParticipation/',
    {
      schema: { tags, security, body: venueParticipationInput, response: { 201: venueParticipation } },
      config: manage,
    },
    async (request, reply) => reply.status(201).send(await participations.create(request, request.body)),
  );
  app.patch(
    '/api/v1/venueParticipation/:id/',
    {
      schema: { tags, security, params, body: venueParticipationEdit, response: { 200: venueParticipation } },
      config: manage,
    },
    (request) => participations.update(request, request.params.id, request.body),
  );
  app.delete(
    '/api/v1/venueParticipation/:id/',
    { schema: { tags, security, params, response: noContent }, config: manage },
    async (request, reply) => {
      await participations.delete(request, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/venue/:id/assignHeadNumbers/',
    {
      schema: {
        tags,
        security,
        summary: 'Give head numbers: the explicit ones, or the next free ones of the range to horses without',
        params,
        body: headNumbersInput,
        response: { 200: list },
      },
      config: manage,
    },
    (request) => headNumbers.assign(request, request.params.id, request.body),
  );
  app.post(
    '/api/v1/headNumber/',
    {
      schema: {
        tags,
        security,
        summary:
          "Set a horse's head number, or many (an array, e.g. a pasted list: all or none, row errors keyed by " +
          'index; Idempotency-Key optional)',
        body: oneOrMany(headNumberInput),
        response: { 201: z.union([z.array(headNumber), headNumber]) },
      },
      config: manage,
      ...bulkRoute,
    },
    async (request, reply) => {
      const { rows, many } = rowsOf(request.body);
      return sendOutcome(reply, await headNumbers.set(request, rows, many, idempotencyOf(request)));
    },
  );
  app.post(
    '/api/v1/venue/:id/deleteHeadNumbers/',
    { schema: { tags, security, params, body: headNumbersDeleteInput, response: { 200: list } }, config: manage },
    (request) => headNumbers.clear(request, request.params.id, request.body),
  );

  app.get(
    '/api/v1/vecParticipation/',
    {
      schema: { tags, security, querystring: vecListParams, response: { 200: paginated(vecParticipation) } },
      config: read,
    },
    (request) => entries.list(sessionOf(request), request.query),
  );
  app.post(
    '/api/v1/vecParticipation/',
    { schema: { tags, security, body: vecParticipationInput, response: { 201: vecParticipation } }, config: manage },
    async (request, reply) => reply.status(201).send(await entries.create(request, request.body)),
  );
  app.delete(
    '/api/v1/vecParticipation/:id/',
    { schema: { tags, security, params, response: noContent }, config: manage },
    async (request, reply) => {
      await entries.delete(request, request.params.id);
      return reply.status(204).send(null);
    },
  );

  officialParticipationRoutes(app, ctx);
  merchantParticipationRoutes(app, ctx);
}
