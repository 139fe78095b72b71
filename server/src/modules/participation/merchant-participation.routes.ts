import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { merchantAtVenue, merchantAtVenueInput, merchantsAtVenue } from '@shared/schemas/participation';
import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { noContent } from '../configuration/no-content';
import { createMerchantParticipationService } from './merchant-participation.service';

const venueParams = z.object({ id: idParam });
const memberParams = venueParams.extend({ merchantId: idParam });

/** The show office's list of the merchants registered at its show. */
export function merchantParticipationRoutes(app: App, ctx: AppContext): void {
  const registry = createMerchantParticipationService(ctx);
  const tags = ['participation'];
  const security = [{ bearer: [] }];
  const manage = { policy: 'participation.manage' } as const;

  app.get(
    '/api/v1/venue/:id/merchants/',
    {
      schema: {
        tags,
        security,
        summary: 'The merchants registered at the show',
        params: venueParams,
        response: { 200: merchantsAtVenue },
      },
      config: { policy: 'participation.read' },
    },
    (request) => registry.list(sessionOf(request), request.params.id),
  );
  app.post(
    '/api/v1/venue/:id/merchants/',
    {
      schema: {
        tags,
        security,
        summary: 'Registers a merchant at the show',
        params: venueParams,
        body: merchantAtVenueInput,
        response: { 201: merchantAtVenue },
      },
      config: manage,
    },
    async (request, reply) =>
      reply.status(201).send(await registry.add(request, request.params.id, request.body.merchant)),
  );
  app.delete(
    '/api/v1/venue/:id/merchants/:merchantId/',
    {
      schema: {
        tags,
        security,
        summary: 'Removes a merchant from the show (409 while its balance there is open)',
        params: memberParams,
        response: noContent,
      },
      config: manage,
    },
    async (request, reply) => {
      await registry.remove(request, request.params.id, request.params.merchantId);
      return reply.status(204).send(null);
    },
  );
}
