import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import {
  transaction,
  transactionDefaults,
  transactionDefaultsQuery,
  transactionEditChecked,
  transactionInputChecked,
  transactionListQuery,
  transactionPage,
} from '@shared/schemas/ledger';
import type { AppContext } from '../../context';
import { idempotencyOf, requireIdempotency, sendOutcome } from '../../http/idempotency';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { createLedgerService, isSerialized } from './ledger.service';
import { undoRoute } from './undo.routes';

const params = z.object({ id: idParam });

/** The clearing ledger's transactions (src/shared/schemas/ledger.ts). */
export function ledgerRoutes(app: App, ctx: AppContext): void {
  const ledger = createLedgerService(ctx);
  const tags = ['ledger'];
  const security = [{ bearer: [] }];

  app.post(
    '/api/v1/transaction/',
    {
      schema: {
        tags,
        security,
        summary: 'Post an entry (header Idempotency-Key required: a replay answers the first response)',
        body: transactionInputChecked,
        response: { 201: transaction },
      },
      config: { policy: 'transaction.write' },
    },
    async (request, reply) => {
      const outcome = await ledger.create(request, request.body, requireIdempotency(request));
      // A new entry's response comes as the JSON stored with its key: sent as it is.
      if (isSerialized(outcome.body)) reply.type('application/json; charset=utf-8');
      return sendOutcome(reply, outcome);
    },
  );

  app.get(
    '/api/v1/transaction/',
    {
      schema: {
        tags,
        security,
        summary: 'Entries the caller may read, filtered, with totals over all pages',
        querystring: transactionListQuery,
        response: { 200: transactionPage },
      },
      config: { policy: 'transaction.read' },
    },
    (request) => ledger.list(sessionOf(request), request.query),
  );

  app.get(
    '/api/v1/transaction/defaults/',
    {
      schema: {
        tags,
        security,
        summary: "What a new entry of the party gets unless it names it: the rider's only event, the tax override",
        querystring: transactionDefaultsQuery,
        response: { 200: transactionDefaults },
      },
      config: { policy: 'transaction.correct' },
    },
    (request) => ledger.defaults(sessionOf(request), request.query),
  );

  app.get(
    '/api/v1/transaction/:id/',
    {
      schema: { tags, security, summary: 'One entry', params, response: { 200: transaction } },
      config: { policy: 'transaction.read' },
    },
    (request) => ledger.get(sessionOf(request), request.params.id),
  );

  app.patch(
    '/api/v1/transaction/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Edit an uninvoiced entry: posts its reversal and a new entry (Idempotency-Key optional)',
        params,
        body: transactionEditChecked,
        response: { 200: transaction },
      },
      config: { policy: 'transaction.correct' },
    },
    async (request, reply) =>
      sendOutcome(reply, await ledger.edit(request, request.params.id, request.body, idempotencyOf(request))),
  );

  app.delete(
    '/api/v1/transaction/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an uninvoiced entry: posts its reversal (Idempotency-Key optional)',
        params,
        response: { 204: z.null().describe('No content') },
      },
      config: { policy: 'transaction.correct' },
    },
    async (request, reply) =>
      sendOutcome(reply, await ledger.remove(request, request.params.id, idempotencyOf(request))),
  );

  undoRoute(app, ledger);
}
