import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { RequestUser } from '../../types';
import { partyAtVenue } from '../participation/party-at-venue';
import { loadContext, type EntryContext } from './context.repo';
import { accountDeltas, postingLines, totalsOf, type AccountDelta } from './effects';
import { contextQueryOf, resolveEntry, type EntrySpec } from './entry';
import { isBoundViolation, writeJournal, type AuditRow, type JournalEntry } from './journal.repo';
import { riderName } from './names';
import type { TaxOverride } from '@shared/ledger';

/**
 * The same charge to many riders at once (an event's entry fee for every starter entered from
 * it), through the ledger's own steps but in a fixed number of statements: the entry's context
 * is read once for the first rider (venue, event, tax configuration and rate — the same for all,
 * the event being named), what differs per rider (name, employment, tax override, profile user,
 * taking part at the venue) in one query for all, then resolveEntry per rider in memory (an
 * employed rider's payer is looked up as for one post), the ids in one statement and every entry
 * with its postings, running totals and one audit row in one writeJournal. Each entry carries its
 * reference (transactions.external_ref, unique), as postOnce's would.
 *
 * `specs` must differ only in the rider (partyType rider, partyId); returns the transaction id
 * of each spec, in order.
 */
export async function postManyToRiders(
  tx: Db,
  request: FastifyRequest,
  user: RequestUser,
  specs: readonly EntrySpec[],
  externalRefs: readonly string[],
  audit: AuditRow,
): Promise<number[]> {
  if (!specs.length) return [];
  const first = specs[0]!;
  if (specs.some((s) => s.partyType !== 'rider')) throw new Error('postManyToRiders: every spec is a rider party');
  const { context: base } = await loadContext(tx, contextQueryOf(user, first, null));
  const riderIds = [...new Set(specs.map((s) => s.partyId))];
  const riders = new Map(
    rowsOf<{
      id: number;
      name: string | null;
      at_venue: boolean;
      user_id: number | null;
      employment_status: string;
      tax_override: TaxOverride;
    }>(
      await tx.execute(sql`SELECT r.id, ${riderName(sql`r.id`)} AS name,
          ${partyAtVenue('rider', sql`${first.venueId}::int`, sql`r.id`)} AS at_venue, r.user_id,
          r.employment_status, r.tax_override
        FROM riders r WHERE r.id IN (SELECT unnest(${`{${riderIds.join(',')}}`}::int[]))`),
    ).map((r) => [Number(r.id), r]),
  );
  const entries: JournalEntry[] = [];
  const totals: AccountDelta[] = [];
  const [drawn] = rowsOf<{ ids: string }>(
    await tx.execute(sql`SELECT string_agg(nextval('transactions_id_seq')::text, ',') AS ids
      FROM generate_series(1, ${specs.length}::int)`),
  );
  const ids = drawn!.ids.split(',').map(Number);
  for (const [i, spec] of specs.entries()) {
    const r = riders.get(spec.partyId);
    const context: EntryContext = {
      ...base,
      partyName: r?.name ?? null,
      partyAtVenue: r?.at_venue === true,
      partyUserId: r?.user_id ?? null,
      rider: r
        ? { id: spec.partyId, name: r.name ?? '', employmentStatus: r.employment_status, taxOverride: r.tax_override }
        : null,
    };
    const entry = await resolveEntry(tx, user, spec, context);
    const lines = postingLines(entry.figures);
    entries.push({ id: ids[i]!, values: { ...entry.values, externalRef: externalRefs[i]! }, lines });
    totals.push(...totalsOf(entry.figures, 1));
  }
  await writeJournal(tx, request, {
    venueId: first.venueId,
    entries,
    deltas: accountDeltas(
      entries.flatMap((e) => e.lines),
      totals,
    ),
    audit: { action: audit.action, details: { ...audit.details, transactions: ids.length } },
  }).catch((err: unknown) => {
    throw isBoundViolation(err) ? new AppError('validation', { fields: { __all__: ['balance_out_of_range'] } }) : err;
  });
  return ids;
}
