import { z } from 'zod';
import { compensationBillList, compensationZipQuery } from '@shared/schemas/compensation';
import { idParam } from '@shared/schemas/common';
import type { AppContext } from '../../context';
import type { App } from '../../types';
import { sendFile } from '../reports/send-file';
import { createCompensationService } from './compensation.service';

const params = z.object({ id: idParam });

/** Compensation bills (src/shared/schemas/compensation.ts lists the endpoints). */
export function compensationRoutes(app: App, ctx: AppContext): void {
  const bills = createCompensationService(ctx);
  const tags = ['compensation'];
  const security = [{ bearer: [] }];
  const manage = { policy: 'compensation.manage' } as const;

  app.get(
    '/api/v1/officialParticipation/:id/generateCompensationBill/',
    {
      schema: { tags, security, params, summary: "The participation's compensation bill (PDF), issued if missing" },
      config: manage,
    },
    async (request, reply) => sendFile(reply, await bills.generate(request, request.params.id)),
  );
  app.get(
    '/api/v1/official/downloadCompensationBills/',
    {
      schema: {
        tags,
        security,
        querystring: compensationZipQuery,
        summary: 'Every compensation bill of the venue in a zip, the missing ones issued first',
      },
      config: manage,
    },
    async (request, reply) => sendFile(reply, await bills.zip(request, request.query.venue)),
  );
  app.get(
    '/api/v1/official/:id/compensationBills/',
    {
      schema: { tags, security, params, response: { 200: compensationBillList } },
      config: { policy: 'owner.read' },
    },
    (request) => bills.listOwn(request, request.params.id),
  );
  app.get(
    '/api/v1/compensationBill/:id/pdf/',
    { schema: { tags, security, params, summary: "One compensation bill's PDF" }, config: { policy: 'invoice.read' } },
    async (request, reply) => sendFile(reply, await bills.download(request, request.params.id)),
  );
}
