import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { listQuery, paginated } from '@shared/schemas/pagination';
import { competition, competitionInput } from '@shared/schemas/venue-setup';
import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { noContent } from '../configuration/no-content';
import { patchBody } from '../configuration/patch-body';
import { createCompetitionService } from './competition.service';

const params = z.object({ id: idParam });
const query = listQuery.extend({ venue: idParam.optional(), vec: idParam.optional() });

export function competitionRoutes(app: App, ctx: AppContext): void {
  const competitions = createCompetitionService(ctx);
  const tags = ['venue setup'];
  const security = [{ bearer: [] }];
  const read = { policy: 'venue.setup.read' } as const;
  const manage = { policy: 'venue.manage' } as const;

  app.get(
    '/api/v1/competition/',
    { schema: { tags, security, querystring: query, response: { 200: paginated(competition) } }, config: read },
    (request) => competitions.list(sessionOf(request), request.query),
  );
  app.get(
    '/api/v1/competition/:id/',
    { schema: { tags, security, params, response: { 200: competition } }, config: read },
    (request) => competitions.get(sessionOf(request), request.params.id),
  );
  app.post(
    '/api/v1/competition/',
    { schema: { tags, security, body: competitionInput, response: { 201: competition } }, config: manage },
    async (request, reply) => reply.status(201).send(await competitions.create(request, request.body)),
  );
  app.patch(
    '/api/v1/competition/:id/',
    {
      schema: { tags, security, params, body: patchBody(competitionInput), response: { 200: competition } },
      config: manage,
    },
    (request) => competitions.update(request, request.params.id, request.body),
  );
  app.delete(
    '/api/v1/competition/:id/',
    { schema: { tags, security, params, response: noContent }, config: manage },
    async (request, reply) => {
      await competitions.delete(request, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
