import type { FastifyRequest } from 'fastify';
import { inArray, and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ERROR_MESSAGES, FIELD_ERROR_CODES, issuesToFieldErrors, type ApiErrorBody } from '@shared/errors';
import { can, type Policy } from '@shared/permissions';
import type { FloorWritePath } from '@shared/floor-constants';
import type { FloorBatchResult, FloorBatchWrite } from '@shared/schemas/floor-batch';
import { attendeeInput, checkinInput, inspectionInput, signinInput } from '@shared/schemas/floor';
import { transactionUndoInput } from '@shared/schemas/floor-undo';
import { transactionInputChecked } from '@shared/schemas/ledger';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import { idempotencyKeys } from '../../db/schema';
import { replayOf, requestHash, type IdempotencyClaim, type Outcome, type StoredKey } from '../../http/idempotency';
import { sessionOf } from '../../http/session';
import { assertDeviceActive } from '../devices/device-guard';
import { createLedgerService } from '../ledger/ledger.service';
import { createAttendeeService } from './attendee.service';
import { createEventsService } from './events.service';

/**
 * The outbox's batched push: each write is decided exactly as its single endpoint decides it —
 * the same policy (role), the same body schema, the revoked-device guard, the same service with
 * its venue and party checks, and the same idempotency key and request hash (a write first sent
 * alone by an older client and then in a batch lands once) — in order, one after the other.
 *
 * What a batch saves: one HTTP request, one session check and one device check for up to 100
 * writes instead of 100 of each, and one query that finds every key of the batch already done
 * (a batch resent after its answer was lost is answered from the stored responses without
 * touching anything else). A charge is one writing statement (post.repo; its context read is
 * remembered across the batch for the same rider and item), so a batch of charges costs about one
 * statement per write in one request.
 *
 * A write that is refused (4xx) does not stop the others: the writes of one device are
 * independent unless one names another by its key (a check-in of an attendee created offline,
 * the undo of a charge), and those refer to the earlier one, which the refusal does not change.
 * A write the server cannot decide now (5xx, a timeout, a rate limit) stops the batch there:
 * it and every later write stay queued on the device and go again in the same order.
 */

interface WriteKind {
  policy: Policy;
  schema: z.ZodType;
  run(request: FastifyRequest, body: never, claim: IdempotencyClaim): Promise<Outcome<unknown>>;
}

const isFieldCode = (message: string): boolean => (FIELD_ERROR_CODES as readonly string[]).includes(message);

const errorBody = (error: AppError): ApiErrorBody => ({
  error: error.code,
  message: ERROR_MESSAGES[error.code],
  ...(error.fields !== undefined && { fields: error.fields }),
  ...(error.params !== undefined && { params: error.params }),
});

/** Statuses after which a write is tried again later rather than refused for good (as the outbox treats them). */
const isRetryable = (status: number) => status >= 500 || status === 408 || status === 429;

export function createBatchService(ctx: AppContext) {
  const ledger = createLedgerService(ctx);
  const attendees = createAttendeeService(ctx);
  const events = createEventsService(ctx);

  const KINDS: Record<FloorWritePath, WriteKind> = {
    'transaction/': {
      policy: 'transaction.write',
      schema: transactionInputChecked,
      run: (request, body, claim) => ledger.create(request, body, claim),
    },
    'transaction/undo/': {
      policy: 'transaction.write',
      schema: transactionUndoInput,
      run: (request, body, claim) => ledger.undo(request, body, claim),
    },
    'attendee/': {
      policy: 'attendee.write',
      schema: attendeeInput,
      run: (request, body, claim) => attendees.create(request, body, claim),
    },
    'attendeeCheckin/': {
      policy: 'attendee.write',
      schema: checkinInput,
      run: (request, body, claim) => events.checkin(request, body, claim),
    },
    'riderSignin/': {
      policy: 'signin.write',
      schema: signinInput,
      run: (request, body, claim) => events.signin(request, body, claim),
    },
    'vetInspection/': {
      policy: 'inspection.write',
      schema: inspectionInput,
      run: (request, body, claim) => events.inspect(request, body, claim),
    },
  };

  /** The stored responses of the batch's keys that are done already, in one query. */
  async function storedOf(userId: number, keys: string[]): Promise<Map<string, StoredKey>> {
    const rows = await ctx.db
      .select({
        key: idempotencyKeys.key,
        requestHash: idempotencyKeys.requestHash,
        status: idempotencyKeys.statusCode,
        body: idempotencyKeys.response,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), inArray(idempotencyKeys.key, keys)));
    // status 0: claimed by a request still running (it commits its answer with its effect).
    return new Map(rows.filter((row) => row.status > 0).map((row) => [row.key, row]));
  }

  /** One write, as its single endpoint decides it; never throws for the write's own refusal. */
  async function decide(
    request: FastifyRequest,
    write: FloorBatchWrite,
    stored: StoredKey | undefined,
  ): Promise<FloorBatchResult> {
    const user = sessionOf(request);
    const kind = KINDS[write.path];
    const refused = (error: AppError): FloorBatchResult => ({
      key: write.key,
      outcome: isRetryable(error.status) ? 'retry' : 'refused',
      status: error.status,
      body: errorBody(error),
    });
    try {
      if (!can(user.roles, kind.policy)) throw new AppError('forbidden');
      const parsed = kind.schema.safeParse(write.body);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => ({
          path: issue.path,
          message: isFieldCode(issue.message) ? issue.message : 'invalid',
        }));
        throw new AppError('validation', { fields: issuesToFieldErrors(issues) });
      }
      const body = parsed.data as { device_id?: unknown };
      const claim: IdempotencyClaim = {
        userId: user.id,
        key: write.key,
        requestHash: requestHash('POST', `/api/v1/${write.path}`, body),
      };
      const device = typeof body.device_id === 'string' && body.device_id.trim() ? body.device_id.trim() : null;
      await assertDeviceActive(ctx.revokedDevices, device);
      const outcome = stored ? replayOf(claim, stored) : await kind.run(request, body as never, claim);
      const answer = typeof outcome.body === 'string' ? (JSON.parse(outcome.body) as unknown) : outcome.body;
      if (outcome.status >= 400) {
        // A refusal stored with the key answers as it did the first time.
        return {
          key: write.key,
          outcome: isRetryable(outcome.status) ? 'retry' : 'refused',
          status: outcome.status,
          body: answer,
        };
      }
      return {
        key: write.key,
        outcome: outcome.replayed ? 'replayed' : 'created',
        status: outcome.status,
        body: answer ?? null,
      };
    } catch (err) {
      if (err instanceof AppError) return refused(err);
      request.log.error({ err, key: write.key, path: write.path }, 'batched floor write failed');
      return refused(new AppError('internal'));
    }
  }

  /**
   * A person's batches, one at a time in this process: a device that resends a batch whose answer
   * was slow (its request timed out) must not have the resend overtake the original, or a later
   * write (the undo of a charge, the check-in of a new attendee) would be decided before the one
   * it names.
   */
  const running = new Map<number, Promise<unknown>>();
  function inTurn<T>(userId: number, task: () => Promise<T>): Promise<T> {
    const previous = running.get(userId) ?? Promise.resolve();
    const turn = previous.then(task, task);
    const settled = turn.then(
      () => undefined,
      () => undefined,
    );
    running.set(userId, settled);
    void settled.then(() => {
      if (running.get(userId) === settled) running.delete(userId);
    });
    return turn;
  }

  return {
    push(request: FastifyRequest, writes: FloorBatchWrite[]): Promise<FloorBatchResult[]> {
      return inTurn(sessionOf(request).id, () => pushNow(request, writes));
    },
  };

  async function pushNow(request: FastifyRequest, writes: FloorBatchWrite[]): Promise<FloorBatchResult[]> {
    {
      const user = sessionOf(request);
      const stored = await storedOf(
        user.id,
        writes.map((w) => w.key),
      );
      const results: FloorBatchResult[] = [];
      let stopped = false;
      for (const write of writes) {
        if (stopped) {
          results.push({ key: write.key, outcome: 'skipped', status: 0, body: null });
          continue;
        }
        const result = await decide(request, write, stored.get(write.key));
        results.push(result);
        if (result.outcome === 'retry') stopped = true;
      }
      return results;
    }
  }
}
