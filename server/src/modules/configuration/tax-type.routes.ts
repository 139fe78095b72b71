import { z } from 'zod';
import { taxType, taxTypeInput } from '@shared/schemas/configuration';
import { idParam } from '@shared/schemas/common';
import { listQuery, paginated } from '@shared/schemas/pagination';
import type { AppContext } from '../../context';
import type { App } from '../../types';
import { noContent } from './no-content';
import { patchBody } from './patch-body';
import { createTaxTypeService } from './tax-type.service';

const params = z.object({ id: idParam });

export function taxTypeRoutes(app: App, ctx: AppContext): void {
  const taxTypes = createTaxTypeService(ctx);
  const tags = ['configuration'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/v1/taxType/',
    {
      schema: { tags, security, querystring: listQuery, response: { 200: paginated(taxType) } },
      config: { policy: 'config.read' },
    },
    (request) => taxTypes.list(request.query),
  );
  app.post(
    '/api/v1/taxType/',
    {
      schema: { tags, security, body: taxTypeInput, response: { 201: taxType } },
      config: { policy: 'config.manage' },
    },
    async (request, reply) => reply.status(201).send(await taxTypes.create(request, request.body)),
  );
  app.patch(
    '/api/v1/taxType/:id/',
    {
      schema: { tags, security, params, body: patchBody(taxTypeInput), response: { 200: taxType } },
      config: { policy: 'config.manage' },
    },
    (request) => taxTypes.update(request, request.params.id, request.body),
  );
  app.delete(
    '/api/v1/taxType/:id/',
    { schema: { tags, security, params, response: noContent }, config: { policy: 'config.manage' } },
    async (request, reply) => {
      await taxTypes.delete(request, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
