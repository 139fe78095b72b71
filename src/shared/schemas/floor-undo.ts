import { z } from 'zod';
import { MAX_ID } from './common';

/**
 * The stable's undo of its own fresh charge: names the charge by its
 * Idempotency-Key, so a charge still queued on the tablet (no server id yet) can be undone; the
 * outbox sends the undo after the charge. Answered 204; the server posts the charge's reversal.
 */
export const transactionUndoInput = z.strictObject({
  venue: z
    .number({ error: 'required' })
    .int({ error: 'invalid' })
    .positive({ error: 'invalid' })
    .max(MAX_ID, { error: 'invalid' }),
  /** The Idempotency-Key the charge was posted with. */
  key: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(200, { error: 'invalid' }),
  device_id: z.string().trim().max(100).optional(),
});
export type TransactionUndoInput = z.infer<typeof transactionUndoInput>;

/** How long after the server recorded a charge its author may still undo it (server-checked). */
export const UNDO_WINDOW_MS = 10 * 60_000;
