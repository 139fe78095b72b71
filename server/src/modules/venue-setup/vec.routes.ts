import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { listQuery, paginated } from '@shared/schemas/pagination';
import { taxConfiguration, taxConfigurationInput, vec, vecInput } from '@shared/schemas/venue-setup';
import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { noContent } from '../configuration/no-content';
import { patchBody } from '../configuration/patch-body';
import { createTaxConfigurationService } from './tax-configuration.service';
import { createVecService, toVec } from './vec.service';

const params = z.object({ id: idParam });
const query = listQuery.extend({ venue: idParam.optional() });

/** Events of a venue (VECs) and their tax configuration. */
export function vecRoutes(app: App, ctx: AppContext): void {
  const vecs = createVecService(ctx);
  const taxConfig = createTaxConfigurationService(ctx);
  const tags = ['venue setup'];
  const security = [{ bearer: [] }];
  const read = { policy: 'venue.setup.read' } as const;
  const manage = { policy: 'venue.manage' } as const;

  app.get(
    '/api/v1/venueEventCategory/',
    { schema: { tags, security, querystring: query, response: { 200: paginated(vec) } }, config: read },
    (request) => vecs.list(sessionOf(request), request.query),
  );
  app.get(
    '/api/v1/venueEventCategory/:id/',
    { schema: { tags, security, params, response: { 200: vec } }, config: read },
    async (request) => toVec(await vecs.readable(sessionOf(request), request.params.id)),
  );
  app.post(
    '/api/v1/venueEventCategory/',
    { schema: { tags, security, body: vecInput, response: { 201: vec } }, config: manage },
    async (request, reply) => reply.status(201).send(await vecs.create(request, request.body)),
  );
  app.patch(
    '/api/v1/venueEventCategory/:id/',
    {
      schema: { tags, security, params, body: patchBody(vecInput.omit({ venue: true })), response: { 200: vec } },
      config: manage,
    },
    (request) => vecs.update(request, request.params.id, request.body),
  );
  app.delete(
    '/api/v1/venueEventCategory/:id/',
    { schema: { tags, security, params, response: noContent }, config: manage },
    async (request, reply) => {
      await vecs.delete(request, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/venueEventCategory/:id/taxConfiguration/',
    { schema: { tags, security, params, response: { 200: taxConfiguration } }, config: read },
    async (request) => taxConfig.get((await vecs.readable(sessionOf(request), request.params.id)).id),
  );
  app.patch(
    '/api/v1/venueEventCategory/:id/taxConfiguration/',
    {
      schema: { tags, security, params, body: taxConfigurationInput, response: { 200: taxConfiguration } },
      config: manage,
    },
    async (request) => {
      const event = await vecs.managed(request, request.params.id);
      return taxConfig.replace(request, event.id, request.body.entries);
    },
  );
}
