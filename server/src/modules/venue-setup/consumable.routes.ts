import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { listQuery, paginated } from '@shared/schemas/pagination';
import { copyConsumablesInput, copyConsumablesResult, oneOrMany } from '@shared/schemas/bulk';
import { consumable, consumableInput } from '@shared/schemas/venue-setup';
import type { AppContext } from '../../context';
import { bulkRoute, rowsOf } from '../../http/bulk';
import { idempotencyOf, sendOutcome } from '../../http/idempotency';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { noContent } from '../configuration/no-content';
import { patchBody } from '../configuration/patch-body';
import { createConsumableBulk } from './consumable.bulk';
import { createConsumableCopy } from './consumable.copy';
import { createConsumableService } from './consumable.service';

const params = z.object({ id: idParam });
const query = listQuery.extend({ venue: idParam.optional(), active: z.stringbool({ error: 'invalid' }).optional() });

export function consumableRoutes(app: App, ctx: AppContext): void {
  const consumables = createConsumableService(ctx);
  const createMany = createConsumableBulk(ctx);
  const copy = createConsumableCopy(ctx);
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
    {
      schema: {
        tags,
        security,
        summary: 'Add an article, or many (an array: all or none, row errors keyed by index; Idempotency-Key optional)',
        body: oneOrMany(consumableInput),
        response: { 201: z.union([z.array(consumable), consumable]) },
      },
      config: manage,
      ...bulkRoute,
    },
    async (request, reply) => {
      const { rows, many } = rowsOf(request.body);
      if (!many) return reply.status(201).send(await consumables.create(request, rows[0]!));
      return sendOutcome(reply, await createMany(request, rows, idempotencyOf(request)));
    },
  );
  app.post(
    '/api/v1/consumable/copy/',
    {
      schema: {
        tags,
        security,
        summary: "Copy one venue's active articles to another that lacks them (same currency; one transaction)",
        body: copyConsumablesInput,
        response: { 200: copyConsumablesResult },
      },
      config: manage,
    },
    (request) => copy(request, request.body),
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
