import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { listQuery, paginated } from '@shared/schemas/pagination';
import {
  officialParticipation,
  officialParticipationInput,
  participationVenue,
  whereOfficialInput,
  whereRiderInput,
} from '@shared/schemas/participation';
import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { noContent } from '../configuration/no-content';
import { patchBody } from '../configuration/patch-body';
import { createOfficialParticipationService } from './official-participation.service';
import { whereOfficialParticipated, whereRiderParticipated } from './where-participated';

const params = z.object({ id: idParam });
const query = listQuery.extend({ venue: idParam.optional() });
const venues = z.object({ results: z.array(participationVenue) });

export function officialParticipationRoutes(app: App, ctx: AppContext): void {
  const officials = createOfficialParticipationService(ctx);
  const tags = ['participation'];
  const security = [{ bearer: [] }];
  const manage = { policy: 'participation.manage' } as const;

  app.get(
    '/api/v1/officialParticipation/',
    {
      schema: { tags, security, querystring: query, response: { 200: paginated(officialParticipation) } },
      config: { policy: 'participation.read' },
    },
    (request) => officials.list(sessionOf(request), request.query),
  );
  app.post(
    '/api/v1/officialParticipation/',
    {
      schema: { tags, security, body: officialParticipationInput, response: { 201: officialParticipation } },
      config: manage,
    },
    async (request, reply) => reply.status(201).send(await officials.create(request, request.body)),
  );
  app.patch(
    '/api/v1/officialParticipation/:id/',
    {
      schema: {
        tags,
        security,
        params,
        body: patchBody(officialParticipationInput.omit({ venue: true, official: true })),
        response: { 200: officialParticipation },
      },
      config: manage,
    },
    (request) => officials.update(request, request.params.id, request.body),
  );
  app.delete(
    '/api/v1/officialParticipation/:id/',
    { schema: { tags, security, params, response: noContent }, config: manage },
    async (request, reply) => {
      await officials.delete(request, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/venue/whereRiderParticipated/',
    { schema: { tags, security, body: whereRiderInput, response: { 200: venues } }, config: manage },
    (request) => whereRiderParticipated(ctx.db, sessionOf(request), request.body.rider),
  );
  app.post(
    '/api/v1/venue/whereOfficialParticipated/',
    { schema: { tags, security, body: whereOfficialInput, response: { 200: venues } }, config: manage },
    (request) => whereOfficialParticipated(ctx.db, sessionOf(request), request.body.official),
  );
}
