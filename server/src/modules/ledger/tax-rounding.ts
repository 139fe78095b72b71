import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PartyType } from '@shared/ledger';
import { fieldError } from '../../app-error';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { EntryFigures } from './effects';
import { accountDeltas, postingLines, totalsOf } from './effects';
import type { EntryValues } from './entry';
import { isBoundViolation, writeJournal, type JournalEntry } from './journal.repo';

/**
 * The VAT an invoice or credit note states is taken per rate on the rate's total, rounded once
 * (EN 16931 BR-CO-17); the ledger posted each line's VAT rounded on its own when it was charged.
 * So that the accounts say what the document says, the difference of each rate is posted when
 * the document is issued, as an entry of that document (billed by it, never billed again):
 * - net prices: the document's VAT differs, the net not — the party owes the difference (party
 *   −d, the rate's VAT +d, a charge of VAT alone; a credit when d is negative);
 * - gross prices: what the party was charged stays, the split between net and VAT moves
 *   (revenue −d, the rate's VAT +d; the party's account does not move).
 */
export interface TaxRounding {
  venueId: number;
  /** The invoice or credit note the entries belong to. */
  documentId: number;
  partyType: PartyType;
  partyId: number;
  currency: string;
  /** e.g. "VAT rounding, invoice 1-00042", in the document's language. */
  description: string;
  userId: number | null;
  /** Per rate: the document's net and VAT less its entries' as posted (signed, as the party owes them). */
  differences: { rateBp: number; net: number; tax: number }[];
}

/** Who wrote it, for the audit row: the request, or the user a job runs for. */
type Author = FastifyRequest | { userId: number | null };

const auditSource = (author: Author): FastifyRequest =>
  'userId' in author
    ? ({
        user: author.userId === null ? undefined : { id: author.userId, impersonatorId: null },
        ip: null,
        headers: {},
      } as unknown as FastifyRequest)
    : author;

export async function postTaxRounding(tx: Db, author: Author, input: TaxRounding): Promise<void> {
  const differences = input.differences.filter((d) => d.net !== 0 || d.tax !== 0);
  if (!differences.length) return;
  const drawn = rowsOf<{ id: string }>(
    await tx.execute(
      sql`SELECT nextval('transactions_id_seq')::text AS id FROM generate_series(1, ${differences.length}::int)`,
    ),
  );
  const now = new Date();
  const entries: JournalEntry[] = [];
  const totals: ReturnType<typeof totalsOf> = [];
  differences.forEach(({ rateBp, net: netDelta, tax: taxDelta }, i) => {
    // A charge of what the party owes more, a credit (amounts negated) of what it owes less.
    const kind = taxDelta > 0 || (taxDelta === 0 && netDelta > 0) ? 'charge' : 'credit';
    const sign = kind === 'charge' ? 1 : -1;
    const net = sign * netDelta || 0;
    const tax = sign * taxDelta || 0;
    const gross = net + tax;
    const figures: EntryFigures = {
      kind,
      partyType: input.partyType,
      partyId: input.partyId,
      merchantId: null,
      category: 'other',
      source: 'system',
      taxRateBp: rateBp,
      gross,
      net,
      tax,
      fee: 0,
    };
    const values: EntryValues & { externalRef: string; invoiceId: number } = {
      venueId: input.venueId,
      kind,
      partyType: input.partyType,
      partyId: input.partyId,
      beneficiaryRiderId: null,
      merchantId: null,
      consumableId: null,
      vecId: null,
      category: 'other',
      description: input.description,
      quantity: 1,
      unitPriceMinor: gross,
      taxTypeId: null,
      taxRateBp: rateBp,
      pricesIncludeTax: netDelta !== 0,
      netMinor: net,
      taxMinor: tax,
      grossMinor: gross,
      feeMinor: 0,
      currency: input.currency,
      source: 'system',
      createdByUserId: input.userId,
      impersonatorId: null,
      deviceId: null,
      occurredAt: now,
      recordedAt: now,
      idempotencyKey: null,
      replacesId: null,
      externalRef: `vat-rounding:${input.documentId}:${rateBp}`,
      invoiceId: input.documentId,
    };
    // A zero revenue line would only count a posting that moves nothing.
    const lines = postingLines(figures).filter((line) => line.amount !== 0);
    entries.push({ id: Number(drawn[i]!.id), values, lines });
    totals.push(...totalsOf(figures, 1));
  });
  await writeJournal(tx, auditSource(author), {
    venueId: input.venueId,
    entries,
    deltas: accountDeltas(
      entries.flatMap((e) => e.lines),
      totals,
    ),
    audit: {
      action: 'invoice.vat_rounding',
      details: { document: input.documentId, transactions: entries.map((e) => e.id), differences },
    },
  }).catch((err: unknown) => {
    throw isBoundViolation(err) ? fieldError('__all__', 'balance_out_of_range') : err;
  });
}
