import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, isLanguage } from '@shared/constants';
import type { InvoiceKind, InvoiceLine, InvoiceParty, VatSummaryRow } from '@shared/schemas/invoices';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { invoices } from '../../db/schema';
import { readMedia } from '../media/media-store';
import type { InvoiceDocument } from './documents/model';
import { renderInBackground } from './documents/render-pool';
import type { PartyType } from '@shared/ledger';
import { buyerOf, issuerOf } from './invoice.repo';
import { sellerParty, sellerSnapshot, type SellerSnapshot } from './issue';

type InvoiceRow = typeof invoices.$inferSelect;

/** The venue's logo for the document, when it is a stored PNG or JPEG. */
async function logoOf(db: Db, url: string | null): Promise<InvoiceDocument['seller']['logo']> {
  const id = /\/media\/venue-logo\/(\d+)-/.exec(url ?? '')?.[1];
  if (!id) return null;
  const file = await readMedia(db, Number(id));
  if (!file || !/^image\/(png|jpeg)$/.test(file.contentType)) return null;
  return { contentType: file.contentType, data: file.bytes };
}

/**
 * The prize money credited to the invoice's party at its venue up to the invoice's creation
 * (ledger entries are append-only, so the same invoice always shows the same list): credits of
 * category prize_money, and the charges that took back part of one, each not reversed by then.
 */
async function prizeMoneyOf(db: Db, row: InvoiceRow): Promise<NonNullable<InvoiceDocument['prizeMoney']>> {
  if (row.kind !== 'invoice') return [];
  const rows = rowsOf<{ description: string; amount: string | number }>(
    await db.execute(sql`SELECT t.description,
        CASE WHEN t.kind = 'credit' THEN t.gross_minor ELSE -t.gross_minor END AS amount
      FROM transactions t
      WHERE t.venue_id = ${row.venueId} AND t.party_type = ${row.partyType} AND t.party_id = ${row.partyId}
        AND t.category = 'prize_money' AND t.kind IN ('credit', 'charge') AND t.recorded_at <= ${row.createdAt}
        AND NOT EXISTS (SELECT 1 FROM transactions r WHERE r.reversal_of_id = t.id AND r.recorded_at <= ${row.createdAt})
      ORDER BY t.id`),
  );
  return rows.map((r) => ({ description: r.description, amountMinor: Number(r.amount) }));
}

/** The document of a stored invoice or credit note: its snapshot, as the renderers take it. */
export async function documentOf(
  db: Db,
  row: InvoiceRow,
  logos = new Map<string, InvoiceDocument['seller']['logo']>(),
): Promise<InvoiceDocument> {
  const seller = row.seller as SellerSnapshot & { note?: string | null };
  let creditNoteOf: InvoiceDocument['creditNoteOf'] = null;
  if (row.creditNoteOfId !== null) {
    const [original] = await db
      .select({ number: invoices.numberText, issueDate: invoices.issueDate })
      .from(invoices)
      .where(eq(invoices.id, row.creditNoteOfId));
    creditNoteOf = original ?? null;
  }
  const logoKey = seller.logo_url ?? '';
  if (!logos.has(logoKey)) logos.set(logoKey, await logoOf(db, seller.logo_url));
  return {
    kind: row.kind as InvoiceKind,
    number: row.numberText,
    creditNoteOf,
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    currency: row.currency,
    venue: { name: seller.venue_name, feiId: seller.fei_id, startDate: seller.start_date, endDate: seller.end_date },
    seller: {
      ...sellerParty(seller),
      bankName: seller.bank_name,
      // Invoices issued before the venue had a contact have none in their snapshot.
      taxNumber: seller.tax_number ?? null,
      legalRegistrationId: seller.legal_registration_id ?? null,
      contactName: seller.contact_name ?? null,
      phone: seller.phone ?? null,
      contactEmail: seller.contact_email ?? null,
      logo: logos.get(logoKey) ?? null,
    },
    buyer: { ...(row.buyer as InvoiceParty), partyType: row.partyType, partyId: row.partyId },
    lines: row.lines as InvoiceLine[],
    vatSummary: row.vatSummary as VatSummaryRow[],
    netMinor: row.netMinor,
    taxMinor: row.taxMinor,
    grossMinor: row.grossMinor,
    paymentReference: row.paymentReference,
    note: seller.note ?? null,
    prizeMoney: await prizeMoneyOf(db, row),
  };
}

/**
 * An invoice never rendered keeps blanks its snapshot had when it was issued (before its number
 * was checked for them, or with a seller or buyer that lacked data): no one has seen a document of
 * it yet, so the blanks — and only the blanks — are filled from the venue and the party as they
 * are now. A value the snapshot holds is never changed.
 */
async function fillBlanks(db: Db, row: InvoiceRow): Promise<InvoiceRow> {
  const seller = row.seller as Record<string, unknown>;
  const buyer = row.buyer as Record<string, unknown>;
  const blank = (value: unknown) => value === null || value === undefined || value === '';
  // The usual case, an invoice checked before it took its number: nothing to look up.
  if (!REQUIRED_SELLER.some((key) => blank(seller[key])) && !REQUIRED_BUYER.some((key) => blank(buyer[key]))) {
    return row;
  }
  const issuer = await issuerOf(db, row.venueId);
  const party = await buyerOf(db, { type: row.partyType as PartyType, id: row.partyId });
  const fresh: Record<string, unknown> = issuer ? sellerSnapshot(issuer) : {};
  let changed = false;
  const fill = (into: Record<string, unknown>, from: Record<string, unknown> | undefined, keys: string[]) => {
    for (const key of keys) {
      if (blank(into[key]) && from && !blank(from[key])) {
        into[key] = from[key];
        changed = true;
      }
    }
  };
  const nextSeller = { ...seller };
  const nextBuyer = { ...buyer };
  fill(nextSeller, fresh, [...SELLER_FIELDS]);
  fill(nextBuyer, party as Record<string, unknown> | undefined, [...BUYER_FIELDS]);
  if (!changed) return row;
  const [updated] = await db
    .update(invoices)
    .set({ seller: nextSeller, buyer: nextBuyer })
    .where(and(eq(invoices.id, row.id), isNull(invoices.pdf)))
    .returning();
  return updated ?? row;
}

const SELLER_FIELDS = [
  'address',
  'postal_code',
  'city',
  'country',
  'vat_id',
  'email',
  'tax_number',
  'legal_registration_id',
  'contact_name',
  'phone',
  'contact_email',
  'iban',
  'bic',
  'bank_name',
] as const;
const BUYER_FIELDS = ['address', 'postal_code', 'city', 'country', 'vat_id', 'email'] as const;
/** The fields whose blank keeps a document from being made (BR-9, BR-11: the countries). */
const REQUIRED_SELLER = ['country'] as const;
const REQUIRED_BUYER = ['country'] as const;

/** Attempts before an invoice counts as failed for good (each run and each download tries again until then). */
export const RENDER_ATTEMPTS = 5;

/**
 * Renders the Factur-X PDF and the XRechnung of invoices that have none yet and stores them
 * (once: a document rendered twice is the same document, and only the first is kept). An
 * invoice whose documents cannot be made keeps the reason and the count of attempts, shown to
 * the office as failed, and is tried again by the next run, download or retry.
 */
export async function renderInvoices(
  db: Db,
  ids: readonly number[],
): Promise<{ id: number; number: string; party: string; error?: string }[]> {
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(invoices)
    .where(and(inArray(invoices.id, [...ids]), isNull(invoices.pdf)));
  const logos = new Map<string, InvoiceDocument['seller']['logo']>();
  const rendered: { id: number; number: string; party: string; error?: string }[] = [];
  await Promise.all(
    rows.map(async (original) => {
      const party = (original.buyer as InvoiceParty).name;
      try {
        const row = await fillBlanks(db, original);
        const files = await renderInBackground(await documentOf(db, row, logos));
        const [stored] = await db
          .update(invoices)
          .set({ pdf: Buffer.from(files.pdf).toString('base64'), xrechnung: files.xrechnung, renderError: null })
          .where(and(eq(invoices.id, row.id), isNull(invoices.pdf)))
          .returning({ id: invoices.id });
        if (stored) rendered.push({ id: row.id, number: row.numberText, party });
      } catch (err) {
        const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
        await db
          .update(invoices)
          .set({ renderError: error, renderAttempts: sql`${invoices.renderAttempts} + 1` })
          .where(and(eq(invoices.id, original.id), isNull(invoices.pdf)));
        rendered.push({ id: original.id, number: original.numberText, party, error });
      }
    }),
  );
  return rendered;
}

/** Invoices of a venue still without their documents (a crash between issuing and rendering). */
export async function unrenderedOf(db: Db, venueId: number): Promise<number[]> {
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.venueId, venueId), sql`${invoices.pdf} IS NULL`));
  return rows.map((r) => r.id);
}
