import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { OWNER_TYPES, ownerShow, report, REPORT_FORMATS } from '@shared/schemas/owner';
import type { AppContext } from '../../context';
import type { App } from '../../types';
import { createOwnerLedgerService } from './owner-ledger.service';

const params = z.object({ id: idParam });
const fileParams = params.extend({ venueId: idParam, format: z.enum(REPORT_FORMATS) });

/** /api/v1/{kind}/{id}/reports/, …/reports/{venueId}/{format}/, …/shows/, …/balance/. */
export function ownerLedgerRoutes(app: App, ctx: AppContext): void {
  const ledger = createOwnerLedgerService(ctx);
  const tags = ['owner'];
  const security = [{ bearer: [] }];
  const shows = z.object({ results: z.array(ownerShow) });

  for (const kind of OWNER_TYPES) {
    app.get(
      `/api/v1/${kind}/:id/reports/`,
      {
        schema: { tags, security, params, response: { 200: z.object({ results: z.array(report) }) } },
        config: { policy: 'owner.read' },
      },
      (request) => ledger.reports(request, kind, request.params.id),
    );
    app.get(
      `/api/v1/${kind}/:id/reports/:venueId/:format/`,
      {
        schema: { tags, security, summary: 'The transaction statement at a venue (csv or pdf)', params: fileParams },
        config: { policy: 'owner.read' },
      },
      async (request, reply) => {
        const { id, venueId, format } = request.params;
        const file = await ledger.report(request, kind, id, venueId, format);
        return reply
          .type(file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(file.body);
      },
    );
    app.get(
      `/api/v1/${kind}/:id/shows/`,
      { schema: { tags, security, params, response: { 200: shows } }, config: { policy: 'owner.read' } },
      (request) => ledger.shows(request, kind, request.params.id),
    );
    app.get(
      `/api/v1/${kind}/:id/balance/`,
      { schema: { tags, security, params, response: { 200: shows } }, config: { policy: 'owner.read' } },
      (request) => ledger.balance(request, kind, request.params.id),
    );
  }
}
