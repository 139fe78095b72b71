import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { consumablesReportInput, detailsQuery, REPORT_PARTY_TYPES, summaryQuery } from '@shared/schemas/reports';
import type { AppContext } from '../../context';
import type { App } from '../../types';
import { createReportsService } from './reports.service';
import { sendFile } from './send-file';

const params = z.object({ id: idParam });

/** Report PDFs (src/shared/schemas/reports.ts lists the endpoints). */
export function reportRoutes(app: App, ctx: AppContext): void {
  const reports = createReportsService(ctx);
  const tags = ['reports'];
  const security = [{ bearer: [] }];
  const read = { policy: 'owner.read' } as const;

  for (const type of REPORT_PARTY_TYPES) {
    app.get(
      `/api/v1/${type}/:id/generateSummaryPDF/`,
      {
        schema: { tags, security, params, querystring: summaryQuery, summary: `The ${type}'s summary per venue (PDF)` },
        config: read,
      },
      async (request, reply) =>
        sendFile(reply, await reports.summary(request, type, request.params.id, request.query.venue)),
    );
    app.get(
      `/api/v1/${type}/:id/venueTransactionDetailsPDF/`,
      {
        schema: {
          tags,
          security,
          params,
          querystring: detailsQuery,
          summary: `The ${type}'s entries at a venue (PDF)`,
        },
        config: read,
      },
      async (request, reply) =>
        sendFile(reply, await reports.details(request, type, request.params.id, request.query.venue)),
    );
  }
  app.post(
    '/api/v1/venue/:id/exportConsumablesPDF/',
    {
      schema: {
        tags,
        security,
        params,
        body: consumablesReportInput,
        summary: 'Consumables sold per day and item (PDF)',
      },
      config: { policy: 'report.venue' },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await reports.consumables(
          request,
          request.params.id,
          request.body.date_from ?? null,
          request.body.date_to ?? null,
        ),
      ),
  );
}
