import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type {
  Transaction,
  TransactionDefaults,
  TransactionEdit,
  TransactionListQuery,
  TransactionPage,
  transactionDefaultsQuery,
  transactionInput,
} from '@shared/schemas/ledger';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import {
  afterConflict,
  idempotent,
  isClaimConflict,
  replayOf,
  type IdempotencyClaim,
  type Outcome,
} from '../../http/idempotency';
import { pageOf } from '../../http/pagination';
import { sessionOf } from '../../http/session';
import type { TransactionUndoInput } from '@shared/schemas/floor-undo';
import type { RequestUser } from '../../types';
import { assertVenueAccess } from '../venue/venue-access';
import { editedSpec, figuresOf, negatedLines, reversalValues } from './correction';
import { accountDeltas, postingLines, totalsOf } from './effects';
import { createContextCache } from './context-cache';
import { loadContext } from './context.repo';
import { contextQueryOf, resolveEntry, type EntrySpec, type ResolvedEntry } from './entry';
import { isBoundViolation, writeJournal, type JournalEntry } from './journal.repo';
import { createLedgerRepo } from './ledger.repo';
import { writePost, type PostOutcome } from './post.repo';
import { drawIds, readContexts, writeGuarded } from './post-batch';
import { canSee, isParty, viewerOf, visibleTo } from './visibility';
import { entryOfKey, mayUndo } from './undo';
import { toWire, type TransactionRow } from './wire';

type TransactionInput = z.output<typeof transactionInput>;

/** A response already in JSON (sent as it is, see ledger.routes). */
export type Serialized<T> = string & { readonly serializes: T };

export const isSerialized = <T>(body: T | Serialized<T>): body is Serialized<T> => typeof body === 'string';

/** How the JSON of a new entry's response starts before the statement numbered it. */
const UNNUMBERED = '{"id":0';

/**
 * An entry that would take an account's running total past ACCOUNT_BOUND_MINOR (the accounts'
 * check constraint failed the writing statement: nothing of it stays).
 */
const outOfRange = () => new AppError('validation', { fields: { __all__: ['balance_out_of_range'] } });

/** Rethrows a bound violation as its 400, anything else as it is. */
function refuseOutOfRange(err: unknown): never {
  throw isBoundViolation(err) ? outOfRange() : err;
}

/** The fields of an entry an edit may change: an edit that changes none of them posts nothing. */
const EDITED_FIELDS = [
  'consumableId',
  'vecId',
  'category',
  'description',
  'quantity',
  'unitPriceMinor',
  'taxTypeId',
  'taxRateBp',
  'netMinor',
  'taxMinor',
  'grossMinor',
  'feeMinor',
  'partyType',
  'partyId',
  'beneficiaryRiderId',
] as const;

const changesNothing = (edit: TransactionEdit) =>
  Object.entries(edit).every(([key, value]) => value === undefined || key === 'device_id');

/** Tries of a post whose context keeps changing under it before it answers 409. */
const MAX_POST_ATTEMPTS = 4;

const specOf = (input: TransactionInput, claim: IdempotencyClaim): EntrySpec => ({
  venueId: input.venue,
  kind: input.kind,
  partyType: input.party_type,
  partyId: input.party_id,
  consumableId: input.consumable ?? null,
  vecId: input.vec ?? null,
  category: input.category,
  description: input.description,
  quantity: input.quantity,
  unitPrice: input.unit_price,
  taxTypeId: input.tax_type ?? null,
  merchantId: input.merchant ?? null,
  source: input.source,
  currency: input.currency,
  deviceId: input.device_id ?? null,
  occurredAt: input.occurred_at ? new Date(input.occurred_at) : new Date(),
  idempotencyKey: claim.key,
  replacesId: null,
});

/** The wire form of an entry just written, from what was resolved for it. */
export const wireOf = (id: number, entry: ResolvedEntry): Transaction =>
  toWire({
    t: { ...entry.values, id, invoiceId: null, reversalOfId: null, externalRef: null, floorSeq: 0 },
    partyName: entry.names.party,
    beneficiaryName: entry.names.beneficiary,
    merchantName: entry.names.merchant,
    createdByName: entry.names.createdBy,
    reversedBy: null,
    originalKind: null,
  });

/** The ledger's use cases (DOMAIN.md "Money"): each writes in one database transaction. */
export function createLedgerService(ctx: AppContext) {
  const repo = createLedgerRepo(ctx.db);
  const contexts = createContextCache();

  /** Reverses an entry and, for an edit, posts its replacement (returned). */
  async function correct(
    tx: Db,
    request: FastifyRequest,
    id: number,
    edit: TransactionEdit | null,
    key: string | null,
    /** Instead of the show office's access: may this user correct the (locked) entry? (undo.ts) */
    allowed?: (row: TransactionRow) => boolean,
    deviceId: string | null = null,
  ): Promise<Transaction | null> {
    const user = sessionOf(request);
    const found = await repo.lockForCorrection(id, tx);
    if (!found) throw new AppError('not_found');
    if (!allowed) assertVenueAccess(user, found.row.venueId, { office: true });
    else if (!allowed(found.row)) throw new AppError('forbidden');
    if (found.row.invoiceId !== null) throw fieldError('__all__', 'locked');
    // Card payments, payouts, bank transfers and compensation bills are corrected by their own
    // documents (refund, batch cancellation, credit note), which post the reversal once.
    if (found.row.externalRef !== null) throw fieldError('__all__', 'managed_entry');
    if (found.row.kind === 'reversal' || found.reversedBy !== null) throw fieldError('__all__', 'already_reversed');
    const [reversalId, nextId] = found.ids;
    const reversal: JournalEntry = {
      id: reversalId,
      values: reversalValues(found.row, user, edit?.device_id ?? deviceId, key),
      lines: negatedLines(found.lines),
    };
    const spec = edit ? editedSpec(found.row, edit, key) : null;
    const context = spec ? (await loadContext(tx, contextQueryOf(user, spec, null))).context : null;
    const next = spec && context ? await resolveEntry(tx, user, spec, context) : null;
    // an edit that changes nothing (`{}`, or the values the entry has) posts nothing.
    if (edit && next && (changesNothing(edit) || EDITED_FIELDS.every((f) => next.values[f] === found.row[f]))) {
      const unchanged = await repo.find(id, tx);
      if (!unchanged) throw new AppError('not_found');
      return toWire(unchanged);
    }
    const nextLines = next ? postingLines(next.figures) : [];
    const totals = [...totalsOf(figuresOf(found.row), -1), ...(next ? totalsOf(next.figures, 1) : [])];
    const venue = found.row.venueId;
    const details = { id, reversal: reversalId, venue, device: reversal.values.deviceId };
    const write = writeJournal(tx, request, {
      venueId: venue,
      entries: next ? [reversal, { id: nextId, values: next.values, lines: nextLines }] : [reversal],
      deltas: accountDeltas([...reversal.lines, ...nextLines], totals),
      audit: next
        ? { action: 'transaction.correct', details: { ...details, replacement: nextId, gross: next.values.grossMinor } }
        : { action: 'transaction.delete', details },
    });
    await write.catch(refuseOutOfRange);
    return next ? wireOf(nextId, next) : null;
  }

  return {
    /**
     * A new entry, written in one statement with its idempotency key and audit row (so it holds
     * the accounts' row locks only while it runs), which also checks the context the entry was
     * resolved against (post.repo). The context is read first, with a stored response to the
     * key, unless one is remembered for the same references; a concurrent request with the same
     * key (or a replay of a remembered one) makes the statement fail on the key, and this one
     * replays what the other stored.
     */
    async create(
      request: FastifyRequest,
      input: TransactionInput,
      claim: IdempotencyClaim,
    ): Promise<Outcome<Transaction | Serialized<Transaction>>> {
      const user = sessionOf(request);
      const spec = specOf(input, claim);
      const query = contextQueryOf(user, spec, claim);
      let known = contexts.get(query);
      // Read with the key in this request: its refusals are final (a stored response answers first).
      let read = false;
      for (let attempt = 0; attempt < MAX_POST_ATTEMPTS; attempt++) {
        if (!known) {
          const loaded = await loadContext(ctx.db, query);
          if (loaded.stored) return replayOf(claim, loaded.stored);
          known = contexts.set(query, loaded.context, loaded.hash);
          read = true;
        }
        let entry: ResolvedEntry;
        try {
          entry = await resolveEntry(ctx.db, user, spec, known.context);
        } catch (err) {
          if (read) throw err;
          known = undefined; // remembered or changed since: refuse only on a fresh read
          continue;
        }
        // The response as JSON once: stored with the key (the statement sets its id) and sent.
        const json = JSON.stringify(wireOf(0, entry));
        if (!json.startsWith(UNNUMBERED)) throw new Error('a response starts with its id');
        const lines = postingLines(entry.figures);
        const { venueId: venue, kind, grossMinor: gross, deviceId: device } = entry.values;
        let outcome: PostOutcome;
        try {
          outcome = await writePost(ctx.db, request, {
            query,
            guard: known.hash,
            values: entry.values,
            lines,
            deltas: accountDeltas(lines, totalsOf(entry.figures, 1)),
            claim,
            response: { status: 201, json },
            audit: { action: 'transaction.create', details: { id: 0, venue, kind, gross, device } },
          });
        } catch (err) {
          if (isClaimConflict(err)) return afterConflict(ctx.db, claim);
          refuseOutOfRange(err);
        }
        if (outcome.ok) {
          const body = `{"id":${outcome.id}${json.slice(UNNUMBERED.length)}`;
          return { status: 201, body: body as Serialized<Transaction>, replayed: false };
        }
        known = contexts.set(query, outcome.fresh, outcome.hash);
        read = false;
      }
      throw new AppError('conflict');
    },

    /**
     * New entries of one venue posted together (the floor's batched push), in a fixed number of
     * round trips (post-batch.ts): each is checked and priced as `create` does, against contexts
     * read once for the writes that share one, and all are written by one guarded statement.
     * Answers each input's outcome, or its refusal, in order; null when the set could not be
     * written as one (a context changed, a key was claimed meanwhile, a running total would pass
     * its bound): the caller then posts them one by one, which decides each on its own.
     */
    async createMany(
      request: FastifyRequest,
      items: readonly { input: TransactionInput; claim: IdempotencyClaim }[],
    ): Promise<(Outcome<Transaction> | AppError)[] | null> {
      const user = sessionOf(request);
      const specs = items.map(({ input, claim }) => specOf(input, claim));
      const venue = specs[0]?.venueId;
      if (venue === undefined || specs.some((spec) => spec.venueId !== venue)) throw new Error('createMany: one venue');
      // One context per references and quarter of an hour: every time zone's offset is a whole
      // number of quarters, so the venue-local day (which picks rates and employments) is the same.
      const groups = new Map<string, number>();
      const queries: ReturnType<typeof contextQueryOf>[] = [];
      const groupOf = specs.map((spec) => {
        const query = contextQueryOf(user, spec, null);
        const { claim: _claim, occurredAt, ...references } = query;
        const id = `${JSON.stringify(references)}|${Math.floor(occurredAt.getTime() / 900_000)}`;
        let group = groups.get(id);
        if (group === undefined) {
          group = queries.length;
          groups.set(id, group);
          queries.push(query);
        }
        return group;
      });
      const read = await readContexts(ctx.db, queries);
      const resolved: (ResolvedEntry | AppError)[] = [];
      for (const [i, spec] of specs.entries()) {
        try {
          resolved.push(await resolveEntry(ctx.db, user, spec, read[groupOf[i]!]!.context));
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          resolved.push(err);
        }
      }
      const posted = resolved.flatMap((entry, i) => (entry instanceof AppError ? [] : [{ entry, i }]));
      if (!posted.length) return resolved as AppError[];
      const ids = await drawIds(ctx.db, posted.length);
      const bodies = posted.map(({ entry }, n) => wireOf(ids[n]!, entry));
      const entries = posted.map(({ entry }, n) => ({
        id: ids[n]!,
        values: entry.values,
        lines: postingLines(entry.figures),
      }));
      const used = [...new Set(posted.map(({ i }) => groupOf[i]!))];
      let written: boolean;
      try {
        written = await writeGuarded(ctx.db, request, {
          venueId: venue,
          guards: used.map((group) => ({ query: queries[group]!, hash: read[group]!.hash })),
          entries,
          deltas: accountDeltas(
            entries.flatMap((e) => e.lines),
            posted.flatMap(({ entry }) => totalsOf(entry.figures, 1)),
          ),
          keys: posted.map(({ i }, n) => ({ ...items[i]!.claim, status: 201, response: bodies[n] })),
          audits: posted.map(({ entry }, n) => {
            const { kind, grossMinor: gross, deviceId: device } = entry.values;
            return { action: 'transaction.create', details: { id: ids[n]!, venue, kind, gross, device } };
          }),
        });
      } catch (err) {
        if (isClaimConflict(err) || isBoundViolation(err)) return null;
        throw err;
      }
      if (!written) return null;
      const outcomes: (Outcome<Transaction> | AppError)[] = resolved.map((entry) =>
        entry instanceof AppError ? entry : { status: 0, body: null as never, replayed: false },
      );
      posted.forEach(({ i }, n) => (outcomes[i] = { status: 201, body: bodies[n]!, replayed: false }));
      return outcomes;
    },

    /**
     * The event and tax override a new entry of the party gets when it names none: read with
     * the very context query a post reads (contextSql), so the form's preview applies the
     * server's rule (the preview showed 0 % VAT where the post saved 22 %).
     */
    async defaults(user: RequestUser, query: z.output<typeof transactionDefaultsQuery>): Promise<TransactionDefaults> {
      assertVenueAccess(user, query.venue, { office: true });
      if (query.party_type !== 'rider') return { vec: null, tax_override: 'NO_OVERRIDE' };
      const spec: EntrySpec = {
        venueId: query.venue,
        kind: 'charge',
        partyType: 'rider',
        partyId: query.party_id,
        consumableId: null,
        vecId: null,
        quantity: 1,
        taxTypeId: null,
        merchantId: null,
        source: 'office',
        deviceId: null,
        occurredAt: new Date(),
        idempotencyKey: null,
        replacesId: null,
      };
      const { context } = await loadContext(ctx.db, contextQueryOf(user, spec, null));
      if (!context.venue) throw new AppError('not_found');
      if (context.partyName === null) throw fieldError('party_id', 'does_not_exist');
      if (!context.partyAtVenue) throw fieldError('party_id', 'not_at_venue');
      return { vec: context.tax.vecId, tax_override: context.rider?.taxOverride ?? 'NO_OVERRIDE' };
    },

    async list(user: RequestUser, query: TransactionListQuery): Promise<TransactionPage> {
      const viewer = await viewerOf(ctx.db, user);
      if (!viewer.all && !isParty(viewer)) {
        if (viewer.staffVenue === null) throw new AppError('forbidden');
        if (query.venue !== undefined && query.venue !== viewer.staffVenue) throw new AppError('forbidden');
      }
      const { count, totals, rows } = await repo.list(
        {
          venue: query.venue,
          partyType: query.party_type,
          partyId: query.party_id,
          rider: query.rider,
          merchant: query.merchant,
          kind: query.kind,
          source: query.source,
          dateFrom: query.date_from,
          dateTo: query.date_to,
          search: query.search,
          hideReversed: query.hide_reversed === 'true',
        },
        visibleTo(viewer),
        pageOf(query),
      );
      return { count, results: rows.map(toWire), totals };
    },

    /** A foreign venue's entry is 403 for staff; someone else's entry is 404 for a party. */
    async get(user: RequestUser, id: number): Promise<Transaction> {
      const row = await repo.find(id);
      if (!row) throw new AppError('not_found');
      const viewer = await viewerOf(ctx.db, user);
      if (!canSee(viewer, row.t)) throw new AppError(viewer.staffVenue !== null ? 'forbidden' : 'not_found');
      return toWire(row);
    },

    /** An edit: a reversal of the entry plus a new entry that replaces it. */
    async edit(
      request: FastifyRequest,
      id: number,
      edit: TransactionEdit,
      claim: IdempotencyClaim | null,
    ): Promise<Outcome<Transaction>> {
      return idempotent(ctx.db, claim, async (tx) => {
        const next = await correct(tx, request, id, edit, claim?.key ?? null);
        if (!next) throw new Error('edit without a new entry');
        return { status: 200, body: next };
      });
    },

    /** A delete: a reversal of the entry. */
    async remove(request: FastifyRequest, id: number, claim: IdempotencyClaim | null): Promise<Outcome<null>> {
      return idempotent(ctx.db, claim, async (tx) => {
        await correct(tx, request, id, null, claim?.key ?? null);
        return { status: 204, body: null };
      });
    },

    /** The author's undo of a fresh charge named by its key: its reversal (rule in undo.ts). */
    async undo(request: FastifyRequest, input: TransactionUndoInput, claim: IdempotencyClaim): Promise<Outcome<null>> {
      const user = sessionOf(request);
      return idempotent(ctx.db, claim, async (tx) => {
        const id = await entryOfKey(tx, input.venue, input.key, user);
        await correct(tx, request, id, null, claim.key, (row) => mayUndo(user, row), input.device_id ?? null);
        return { status: 204, body: null };
      });
    },
  };
}
