import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { InvoiceLine } from '@shared/schemas/invoices';
import { AppError, fieldError } from '../../app-error';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { invoices } from '../../db/schema';
import type { RequestUser } from '../../types';
import { reverseInvoiced } from '../ledger/credit';
import { nextNumber } from './invoice.repo';
import type { PartyType } from '@shared/ledger';
import { postTaxRounding } from '../ledger/tax-rounding';
import { invoiceLabels } from './documents/invoice-labels';
import { datesOf, priceDocument, roundingOf, totalsOf } from './issue';
import { invoiceNumberText, invoiceReference } from './payment-reference';

/** The entries of an invoice already reversed (by a credit note: only credit notes reverse invoiced entries). */
export async function creditedEntries(db: Db, invoiceId: number): Promise<Set<number>> {
  const rows = rowsOf<{ id: string | number }>(
    await db.execute(sql`SELECT t.id FROM transactions t
      WHERE t.invoice_id = ${invoiceId} AND EXISTS (SELECT 1 FROM transactions r WHERE r.reversal_of_id = t.id)`),
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** The entries' amounts as the ledger posted them (before any document's rounding). */
async function postedOf(tx: Db, ids: readonly number[]) {
  return rowsOf<{ tax_rate_bp: number; net: string; tax: string }>(
    await tx.execute(sql`SELECT tax_rate_bp, net_minor::text AS net, tax_minor::text AS tax FROM transactions
      WHERE id IN (SELECT unnest(${`{${ids.join(',')}}`}::bigint[]))`),
  ).map((r) => ({ tax_rate_bp: Number(r.tax_rate_bp), net: Number(r.net), tax: Number(r.tax) }));
}

/**
 * A credit note for the whole invoice or chosen lines: its own number from the
 * venue's sequence, the invoice it corrects, the chosen entries reversed in the ledger (and only
 * those). The invoice itself is never edited; once every line is credited it counts as cancelled.
 */
export async function issueCreditNote(
  tx: Db,
  request: FastifyRequest,
  user: RequestUser,
  invoiceId: number,
  input: { lines?: number[]; reason?: string },
): Promise<number> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  if (!invoice) throw new AppError('not_found');
  if (invoice.kind !== 'invoice') throw fieldError('__all__', 'kind_not_allowed');
  const lines = invoice.lines as InvoiceLine[];
  const credited = await creditedEntries(tx, invoiceId);
  const onInvoice = new Set(lines.map((l) => l.transaction));
  const chosen = input.lines?.length
    ? [...new Set(input.lines)]
    : lines.map((l) => l.transaction).filter((id) => !credited.has(id));
  if (input.lines?.some((id) => !onInvoice.has(id))) throw fieldError('lines', 'not_on_invoice');
  if (chosen.some((id) => credited.has(id)) || !chosen.length) throw fieldError('lines', 'already_credited');

  const { lines: creditLines, vatSummary } = priceDocument(
    lines.filter((l) => chosen.includes(l.transaction)).map((l) => ({ ...l, credited: false })),
  );
  const totals = totalsOf(vatSummary);
  const number = await nextNumber(tx, invoice.venueId, 'invoice');
  const [{ timeZone } = { timeZone: 'Europe/Berlin' }] = rowsOf<{ timeZone: string }>(
    await tx.execute(sql`SELECT time_zone AS "timeZone" FROM venues WHERE id = ${invoice.venueId}`),
  );
  const { issueDate, dueDate } = await datesOf(tx, timeZone, 0);
  const [note] = await tx
    .insert(invoices)
    .values({
      venueId: invoice.venueId,
      kind: 'credit_note',
      number,
      numberText: invoiceNumberText(invoice.venueId, number),
      creditNoteOfId: invoice.id,
      partyType: invoice.partyType,
      partyId: invoice.partyId,
      language: invoice.language,
      buyer: invoice.buyer,
      seller: { ...(invoice.seller as object), note: input.reason?.trim() || null },
      lines: creditLines,
      vatSummary,
      currency: invoice.currency,
      netMinor: totals.net,
      taxMinor: totals.tax,
      grossMinor: totals.gross,
      issueDate,
      dueDate,
      paymentReference: invoiceReference(invoice.venueId, number),
      createdByUserId: user.id,
    })
    .returning({ id: invoices.id });
  const creditNoteId = note!.id;
  await reverseInvoiced(tx, request, user, {
    venueId: invoice.venueId,
    invoiceId: invoice.id,
    creditNoteId,
    transactionIds: chosen,
  });
  // The credit note's VAT is taken per rate on what it credits (BR-CO-17), like an invoice's: the
  // reversals gave back the lines' VAT as posted, the rest of each rate is booked with the note.
  const numberText = invoiceNumberText(invoice.venueId, number);
  await postTaxRounding(tx, request, {
    venueId: invoice.venueId,
    documentId: creditNoteId,
    partyType: invoice.partyType as PartyType,
    partyId: invoice.partyId,
    currency: invoice.currency,
    description: invoiceLabels(invoice.language).vatRounding(numberText),
    userId: user.id,
    // The note gives back its own amounts; the reversals gave back the entries as posted.
    differences: roundingOf(vatSummary, await postedOf(tx, chosen)).map((d) => ({
      rateBp: d.rateBp,
      net: -d.net,
      tax: -d.tax,
    })),
  });
  if (chosen.length + credited.size >= lines.length) {
    await tx.update(invoices).set({ status: 'cancelled' }).where(eq(invoices.id, invoice.id));
  }
  return creditNoteId;
}
