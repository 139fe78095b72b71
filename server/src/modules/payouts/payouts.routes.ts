import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { createPayoutInput, payoutBatch, payoutBatchList, payoutDue } from '@shared/schemas/payouts';
import type { AppContext } from '../../context';
import { requireIdempotency, sendOutcome } from '../../http/idempotency';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { sendFile } from '../invoices/invoice.routes';
import { createPayoutService } from './payouts.service';

const params = z.object({ id: idParam });

/** Payouts by SEPA credit transfer (src/shared/schemas/payouts.ts lists the endpoints). */
export function payoutRoutes(app: App, ctx: AppContext): void {
  const service = createPayoutService(ctx);
  const tags = ['payouts'];
  const security = [{ bearer: [] }];
  const config = { policy: 'payout.manage' as const };

  app.get(
    '/api/v1/venue/:id/payouts/due/',
    {
      schema: {
        tags,
        security,
        summary: 'What the venue owes, per payee, with the bank account it would be paid to (or why not)',
        params,
        response: { 200: payoutDue },
      },
      config,
    },
    (request) => service.due(sessionOf(request), request.params.id),
  );

  app.post(
    '/api/v1/venue/:id/payouts/',
    {
      schema: {
        tags,
        security,
        summary:
          'Generate a SEPA batch (pain.001.001.09) and post each payout to the ledger once (header Idempotency-Key)',
        params,
        body: createPayoutInput,
        response: { 201: payoutBatch },
      },
      config,
    },
    async (request, reply) =>
      sendOutcome(reply, await service.create(request, request.params.id, request.body, requireIdempotency(request))),
  );

  app.get(
    '/api/v1/venue/:id/payouts/',
    {
      schema: { tags, security, summary: "The venue's payout batches", params, response: { 200: payoutBatchList } },
      config,
    },
    (request) => service.list(sessionOf(request), request.params.id),
  );

  app.get(
    '/api/v1/payoutBatch/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'One payout batch with its transfers',
        params,
        response: { 200: payoutBatch },
      },
      config,
    },
    (request) => service.get(sessionOf(request), request.params.id),
  );

  app.get(
    '/api/v1/payoutBatch/:id/pain001/',
    {
      schema: {
        tags,
        security,
        summary: 'The SEPA file of the batch as generated (the same bytes every time)',
        params,
      },
      config,
    },
    async (request, reply) =>
      sendFile(reply, await service.file(sessionOf(request), request.params.id), 'application/xml; charset=utf-8'),
  );

  app.post(
    '/api/v1/payoutBatch/:id/sent/',
    {
      schema: {
        tags,
        security,
        summary: 'Mark the batch as handed to the bank',
        params,
        response: { 200: payoutBatch },
      },
      config,
    },
    (request) => service.markSent(request, request.params.id),
  );

  app.post(
    '/api/v1/payoutBatch/:id/cancel/',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel a batch not sent yet: the reversals of its payouts are posted once',
        params,
        response: { 200: payoutBatch },
      },
      config,
    },
    (request) => service.cancel(request, request.params.id),
  );
}
