import { z } from 'zod';
import { BATCH_OUTCOMES, FLOOR_WRITE_PATHS, MAX_BATCH_WRITES } from '../floor-constants';
import { deviceHeartbeat, deviceHeartbeatInput } from './devices';
import { attendeeInput, checkinInput, inspectionInput, signinInput } from './floor';
import { transactionUndoInput } from './floor-undo';
import { transactionInput } from './ledger';

/**
 * The single endpoints' bodies, for the API document only: a batch's body is checked write by
 * write on the server (batch.service), so that one write's bad body refuses that write alone.
 */
const documentedBodies = () =>
  [transactionInput, transactionUndoInput, attendeeInput, checkinInput, signinInput, inspectionInput].map((schema) => {
    const { $schema: _schema, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    return json;
  });

/**
 * The outbox's batched push: up to MAX_BATCH_WRITES queued writes of one person in one request,
 * each with its own Idempotency-Key and the body of its single endpoint (`path` under /api/v1/).
 * The server decides each write as that endpoint would, in order, and answers each one's own
 * outcome. A body is checked against its endpoint's schema on its own: a write whose body does
 * not fit is refused (400 with its fields) and the others still go.
 */
export const floorBatchWrite = z.strictObject({
  key: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(200, { error: 'invalid' }),
  path: z.enum(FLOOR_WRITE_PATHS, { error: 'invalid' }),
  body: z
    .record(z.string(), z.unknown(), { error: 'invalid' })
    .meta({ description: "The single endpoint's request body (POST /api/v1/{path})", anyOf: documentedBodies() }),
});
export type FloorBatchWrite = z.infer<typeof floorBatchWrite>;

export const floorBatchInput = z.strictObject({
  writes: z
    .array(floorBatchWrite, { error: 'required' })
    .min(1, { error: 'required' })
    // A key twice in one batch is decided like a resend: the second answers the first's outcome.
    .max(MAX_BATCH_WRITES, { error: 'too_big' }),
  /**
   * The device's heartbeat, folded into the batch (POST /api/v1/device/heartbeat/'s body), with
   * `pending_writes` the writes waiting on the device besides this batch's: the server records
   * those plus the batch's writes it could not decide now, after deciding them.
   */
  device: deviceHeartbeatInput.optional(),
});
export type FloorBatchInput = z.infer<typeof floorBatchInput>;

export const floorBatchResult = z.object({
  key: z.string(),
  outcome: z.enum(BATCH_OUTCOMES),
  /** The status the single endpoint answers (0 for a write not tried). */
  status: z.number().int(),
  /** Its answer: the row created (or stored with the key), the error ({error, message, fields}), or null. */
  body: z.unknown(),
});
export type FloorBatchResult = z.infer<typeof floorBatchResult>;

export const floorBatchResponse = z.object({
  results: z.array(floorBatchResult),
  /** The heartbeat's answer when the batch carried one; null for a revoked device (its writes say so). */
  device: deviceHeartbeat.nullable().optional(),
});
export type FloorBatchResponse = z.infer<typeof floorBatchResponse>;
