import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { listQuery, paginated } from '@shared/schemas/pagination';
import { consumable, consumableInput } from '@shared/schemas/venue-setup';
import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { noContent } from '../configuration/no-content';
import { patchBody } from '../configuration/patch-body';
import { createConsumableService } from './consumable.service';

const params = z.object({ id: idParam });
const query = listQuery.extend({ venue: idParam.optional(), active: z.stringbool({ error: 'invalid' }).optional() });

export function consumableRoutes(app: App, ctx: AppContext): void {
  const consumables = createConsumableService(ctx);
  const tags = ['venue setup'];
  const security = [{ bearer: [] }];
  const manage = { policy: 'venue.manage' } as const;

  app.get(
    '/api/v1/consumable/',
    {
      schema: { tags, security, querystring: query, response: { 200: paginated(consumable) } },
      config: { policy: 'venue.setup.read' },
    },
    (request) => consumables.list(sessionOf(request), request.query),
  );
  app.post(
    '/api/v1/consumable/',
    { schema: { tags, security, body: consumableInput, response: { 201: consumable } }, config: manage },
    async (request, reply) => reply.status(201).send(await consumables.create(request, request.body)),
  );
  app.patch(
    '/api/v1/consumable/:id/',
    {
      schema: {
        tags,
        security,
        params,
        body: patchBody(consumableInput.omit({ venue: true })),
        response: { 200: consumable },
      },
      config: manage,
    },
    (request) => consumables.update(request, request.params.id, request.body),
  );
  app.delete(
    '/api/v1/consumable/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Delete; an article already sold is deactivated instead (200 with the article)',
        params,
        response: { 200: consumable, ...noContent },
      },
      config: manage,
    },
    async (request, reply) => {
      const deactivated = await consumables.delete(request, request.params.id);
      return deactivated ? reply.status(200).send(deactivated) : reply.status(204).send(null);
    },
  );
}
