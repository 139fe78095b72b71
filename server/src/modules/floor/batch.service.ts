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
 * writes instead of 100 of each, and one query that finds every key of a batch of several
 * already done (a batch resent after its answer was lost is answered from the stored responses
 * without touching anything else). A charge is one writing statement (post.repo; its context read is
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

  const resultOf = (key: string, outcome: Outcome<unknown>): FloorBatchResult => {
    const answer = typeof outcome.body === 'string' ? (JSON.parse(outcome.body) as unknown) : outcome.body;
    // A refusal stored with the key answers as it did the first time.
    if (outcome.status >= 400)
      return { key, outcome: isRetryable(outcome.status) ? 'retry' : 'refused', status: outcome.status, body: answer };
    return { key, outcome: outcome.replayed ? 'replayed' : 'created', status: outcome.status, body: answer ?? null };
  };

  const refusal = (key: string, error: AppError): FloorBatchResult => ({
    key,
    outcome: isRetryable(error.status) ? 'retry' : 'refused',
    status: error.status,
    body: errorBody(error),
  });

  /** A write checked as its endpoint checks it before its effect, ready to run. */
  interface Ready {
    write: FloorBatchWrite;
    body: never;
    claim: IdempotencyClaim;
  }

  /**
   * What the single endpoint checks before its service runs (role, body, revoked device) and a
   * stored answer to the key; a write still to run is `ready`. Never throws for the write's own
   * refusal.
   */
  async function prepare(
    request: FastifyRequest,
    write: FloorBatchWrite,
    stored: StoredKey | undefined,
  ): Promise<FloorBatchResult | Ready> {
    const user = sessionOf(request);
    const kind = KINDS[write.path];
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
      if (stored) return resultOf(write.key, replayOf(claim, stored));
      return { write, body: body as never, claim };
    } catch (err) {
      return failed(request, write, err);
    }
  }

  function failed(request: FastifyRequest, write: FloorBatchWrite, err: unknown): FloorBatchResult {
    if (err instanceof AppError) return refusal(write.key, err);
    request.log.error({ err, key: write.key, path: write.path }, 'batched floor write failed');
    return refusal(write.key, new AppError('internal'));
  }

  /** One ready write through its endpoint's service. */
  async function run(request: FastifyRequest, ready: Ready): Promise<FloorBatchResult> {
    try {
      return resultOf(ready.write.key, await KINDS[ready.write.path].run(request, ready.body, ready.claim));
    } catch (err) {
      return failed(request, ready.write, err);
    }
  }

  /**
   * Consecutive new charges of one venue, posted set-based (ledger createMany); when the set
   * cannot be written as one, each goes alone as its endpoint posts it.
   */
  async function runCharges(request: FastifyRequest, charges: Ready[]): Promise<FloorBatchResult[]> {
    if (charges.length > 1) {
      try {
        const outcomes = await ledger.createMany(
          request,
          charges.map(({ body, claim }) => ({ input: body, claim })),
        );
        if (outcomes)
          return outcomes.map((outcome, i) =>
            outcome instanceof AppError
              ? refusal(charges[i]!.write.key, outcome)
              : resultOf(charges[i]!.write.key, outcome),
          );
      } catch (err) {
        request.log.warn({ err }, 'batched charges posted one by one');
      }
    }
    const results: FloorBatchResult[] = [];
    for (const charge of charges) {
      const result = await run(request, charge);
      results.push(result);
      if (result.outcome === 'retry') break;
    }
    return results;
  }

  const venueOf = (ready: Ready) => (ready.body as { venue: number }).venue;

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

  /** The writes in order; a write to retry stops the batch (the later ones are skipped). */
  async function pushNow(request: FastifyRequest, writes: FloorBatchWrite[]): Promise<FloorBatchResult[]> {
    const user = sessionOf(request);
    // A write alone finds its key's stored answer on its own way (as its endpoint does): the
    // look-up of every key at once pays off for several.
    const stored =
      writes.length > 1
        ? await storedOf(
            user.id,
            writes.map((w) => w.key),
          )
        : new Map<string, StoredKey>();
    const prepared: (FloorBatchResult | Ready)[] = [];
    for (const write of writes) prepared.push(await prepare(request, write, stored.get(write.key)));
    const results: FloorBatchResult[] = [];
    for (let i = 0; i < prepared.length;) {
      const item = prepared[i]!;
      if ('outcome' in item) {
        results.push(item);
        i += 1;
      } else if (item.write.path === 'transaction/') {
        // The run of new charges of this venue that starts here.
        let end = i + 1;
        while (end < prepared.length) {
          const next = prepared[end]!;
          if ('outcome' in next || next.write.path !== 'transaction/' || venueOf(next) !== venueOf(item)) break;
          end += 1;
        }
        results.push(...(await runCharges(request, prepared.slice(i, end) as Ready[])));
        i = end;
      } else {
        results.push(await run(request, item));
        i += 1;
      }
      if (results.at(-1)?.outcome === 'retry') break;
    }
    // After a write to retry, the later ones are not decided now.
    for (const write of writes.slice(results.length)) {
      results.push({ key: write.key, outcome: 'skipped', status: 0, body: null });
    }
    return results;
  }

  return {
    push(request: FastifyRequest, writes: FloorBatchWrite[]): Promise<FloorBatchResult[]> {
      return inTurn(sessionOf(request).id, () => pushNow(request, writes));
    },
  };
}
