import { z } from 'zod';
import { transactionUndoInput } from '@shared/schemas/floor-undo';
import { requireIdempotency, sendOutcome } from '../../http/idempotency';
import type { App } from '../../types';
import type { createLedgerService } from './ledger.service';

/** The stable's undo of its own fresh charge (the rule: undo.ts). */
export function undoRoute(app: App, ledger: ReturnType<typeof createLedgerService>): void {
  app.post(
    '/api/v1/transaction/undo/',
    {
      schema: {
        tags: ['ledger'],
        security: [{ bearer: [] }],
        summary:
          'Undo your own charge within minutes of its posting: posts its reversal (Idempotency-Key required; the charge named by its key)',
        body: transactionUndoInput,
        response: { 204: z.null().describe('No content') },
      },
      config: { policy: 'transaction.write' },
    },
    async (request, reply) => sendOutcome(reply, await ledger.undo(request, request.body, requireIdempotency(request))),
  );
}
