import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { listQuery, paginated } from '@shared/schemas/pagination';
import { personAtVenue } from '@shared/schemas/participation';
import { evclFees, evclFeesQuery } from '@shared/schemas/people';
import { preshowVenue } from '@shared/schemas/preshow';
import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { createMerchantService } from './merchant.service';

const venueQuery = z.object({ venue: idParam.optional() });
const ridersQuery = listQuery.extend({ venue: idParam.optional(), search: z.string().trim().max(100).optional() });

/** The merchant's fees and whom it charges; sales themselves are ledger entries (kind sale). */
export function merchantRoutes(app: App, ctx: AppContext): void {
  const merchants = createMerchantService(ctx);
  const tags = ['merchant'];
  const security = [{ bearer: [] }];
  const config = { policy: 'merchant.fees' } as const;

  app.get(
    '/api/v1/merchant/:id/evclFees/',
    {
      schema: {
        tags,
        security,
        summary: 'The fee plan and the fee charged on every sale, with totals per currency',
        params: z.object({ id: idParam }),
        querystring: evclFeesQuery,
        response: { 200: evclFees },
      },
      config,
    },
    (request) => merchants.fees(sessionOf(request), request.params.id, request.query),
  );
  app.get(
    '/api/v1/merchant/venues/',
    {
      schema: {
        tags,
        security,
        summary: 'The shows the merchant is registered at and that are not over: where it sells',
        response: { 200: paginated(preshowVenue) },
      },
      config,
    },
    (request) => merchants.venues(sessionOf(request)),
  );
  app.get(
    '/api/v1/merchant/riders/',
    {
      schema: {
        tags,
        security,
        summary: 'Riders at the venue, by name or head number',
        querystring: ridersQuery,
        response: { 200: paginated(personAtVenue) },
      },
      config,
    },
    (request) => merchants.riders(sessionOf(request), request.query),
  );
  app.get(
    '/api/v1/merchant/qr/:code/',
    {
      schema: {
        tags,
        security,
        summary: "The rider of a rider's or groom's QR code, at the venue",
        params: z.object({ code: z.string().max(200) }),
        querystring: venueQuery,
        response: { 200: personAtVenue },
      },
      config,
    },
    (request) => merchants.byQr(sessionOf(request), request.params.code, request.query.venue),
  );
}
