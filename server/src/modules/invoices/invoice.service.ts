import type { FastifyRequest } from 'fastify';
import { and, asc, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { zipSync } from 'fflate';
import type { PartyType } from '@shared/ledger';
import type {
  CreditNoteInput,
  EmailInvoicesInput,
  Invoice,
  InvoiceKind,
  InvoiceLine,
  InvoiceListQuery,
  InvoicePage,
  InvoiceParty,
  InvoiceStatus,
  InvoiceSummary,
  MailDelivery,
  VatSummaryRow,
} from '@shared/schemas/invoices';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { employers, invoices, officials, riders, simpleUsers, venueParticipations } from '../../db/schema';
import { idempotent, type IdempotencyClaim, type Outcome } from '../../http/idempotency';
import { pageOf } from '../../http/pagination';
import { sessionOf } from '../../http/session';
import type { RequestUser } from '../../types';
import { ownerFor } from '../owner/owner-access';
import { assertKnownVenueAccess, assertVenueAccess, canActOnVenue } from '../venue/venue-access';
import { creditedEntries, issueCreditNote } from './credit-note';
import { assertComplete, sellerGaps } from './invoice-check';
import { countUninvoiced, issuerOf } from './invoice.repo';
import { emailable, type InvoiceEmailParams } from './invoice-runs';
import { issueInvoice, sellerParty, type SellerSnapshot } from './issue';
import { renderInvoices } from './render';

type InvoiceRow = Omit<typeof invoices.$inferSelect, 'xrechnung'> & { xrechnung?: string | null };

const PROFILE_OWNERS = { rider: riders, employer: employers, official: officials, simpleuser: simpleUsers } as const;

const summaryOf = (row: InvoiceRow, originals: Map<number, string>): InvoiceSummary => ({
  id: row.id,
  venue: row.venueId,
  kind: row.kind as InvoiceKind,
  number: row.numberText,
  credit_note_of:
    row.creditNoteOfId === null ? null : { id: row.creditNoteOfId, number: originals.get(row.creditNoteOfId) ?? '' },
  party: { type: row.partyType as PartyType, id: row.partyId, name: (row.buyer as InvoiceParty).name },
  language: row.language,
  currency: row.currency,
  net: row.netMinor,
  tax: row.taxMinor,
  gross: row.grossMinor,
  issue_date: row.issueDate,
  due_date: row.dueDate,
  payment_reference: row.paymentReference,
  status: row.status as InvoiceStatus,
  emailed_at: row.emailedAt?.toISOString() ?? null,
  has_pdf: row.pdf !== null,
  render_error: row.pdf === null ? row.renderError : null,
  mail_delivery: (row.mailDelivery as MailDelivery | null) ?? null,
});

/** Every column but the stored documents (lists do not need megabytes of PDF). */
const { pdf: _pdf, xrechnung: _xrechnung, ...listColumns } = getTableColumns(invoices);
const summaryColumns = {
  ...listColumns,
  pdf: sql<string | null>`CASE WHEN ${invoices.pdf} IS NULL THEN NULL ELSE '' END`,
};

export function createInvoiceService(ctx: AppContext) {
  const { db } = ctx;

  /** Numbers of the invoices that credit notes in `rows` correct. */
  async function originalsOf(rows: InvoiceRow[], conn: Db = db): Promise<Map<number, string>> {
    const ids = [...new Set(rows.map((r) => r.creditNoteOfId).filter((id): id is number => id !== null))];
    if (!ids.length) return new Map();
    const found = await conn
      .select({ id: invoices.id, number: invoices.numberText })
      .from(invoices)
      .where(inArray(invoices.id, ids));
    return new Map(found.map((r) => [r.id, r.number]));
  }

  async function summaries(rows: InvoiceRow[], conn: Db = db): Promise<InvoiceSummary[]> {
    const originals = await originalsOf(rows, conn);
    return rows.map((r) => summaryOf(r, originals));
  }

  /** May the user read this invoice? Its venue's show office, admins, and the party itself. */
  async function mayRead(user: RequestUser, row: InvoiceRow): Promise<boolean> {
    if (canActOnVenue(user, row.venueId, { office: true })) return true;
    const table = PROFILE_OWNERS[row.partyType as keyof typeof PROFILE_OWNERS];
    if (!table || !user.roles.includes(row.partyType as never)) return false;
    const [owner] = await db.select({ userId: table.userId }).from(table).where(eq(table.id, row.partyId));
    return owner?.userId === user.id;
  }

  async function readable(user: RequestUser, id: number): Promise<InvoiceRow> {
    const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
    if (!row || !(await mayRead(user, row))) throw new AppError('not_found');
    return row;
  }

  /** One invoice with its lines; `conn` is the transaction it was just written in, if any. */
  async function detail(row: InvoiceRow, conn: Db = db): Promise<Invoice> {
    const [summary] = await summaries([row], conn);
    const credited = row.kind === 'invoice' ? await creditedEntries(conn, row.id) : new Set<number>();
    const notes = await conn
      .select({ id: invoices.id, number: invoices.numberText })
      .from(invoices)
      .where(eq(invoices.creditNoteOfId, row.id))
      .orderBy(asc(invoices.number));
    const seller = row.seller as SellerSnapshot;
    return {
      ...summary!,
      buyer: row.buyer as InvoiceParty,
      seller: sellerParty(seller),
      lines: (row.lines as InvoiceLine[]).map((l) => ({ ...l, credited: credited.has(l.transaction) })),
      vat_summary: row.vatSummary as VatSummaryRow[],
      credit_notes: notes,
    };
  }

  async function withDocuments(row: InvoiceRow): Promise<InvoiceRow> {
    if (row.pdf !== null) return row;
    await renderInvoices(db, [row.id]);
    const [fresh] = await db.select().from(invoices).where(eq(invoices.id, row.id));
    return fresh!;
  }

  return {
    /** Starts the invoice run of the venue; 400 when nothing is left to invoice. */
    async generateAll(user: RequestUser, venueId: number) {
      await assertKnownVenueAccess(db, user, venueId, { office: true });
      if ((await countUninvoiced(db, venueId)) === 0) throw new AppError('nothing_to_invoice');
      // A seller's gap stops every invoice of the run: refused before it starts.
      const issuer = await issuerOf(db, venueId);
      if (issuer) assertComplete(sellerGaps(issuer), issuer.name);
      return ctx.jobs.start({ kind: 'invoices', venueId, userId: user.id });
    },

    /** Invoices the payer of one rider's participation now (the same rule as the run). */
    async generateOne(user: RequestUser, venueId: number, participationId: number): Promise<Invoice> {
      await assertKnownVenueAccess(db, user, venueId, { office: true });
      const [participation] = await db
        .select({ payerType: venueParticipations.payerType, payerId: venueParticipations.payerId })
        .from(venueParticipations)
        .where(and(eq(venueParticipations.id, participationId), eq(venueParticipations.venueId, venueId)));
      if (!participation) throw new AppError('not_found');
      const party = { type: participation.payerType as PartyType, id: participation.payerId };
      const id = await db.transaction((tx) =>
        issueInvoice(tx, venueId, party, { cutoff: null, runId: null, userId: user.id }),
      );
      if (id === null) throw new AppError('nothing_to_invoice');
      await renderInvoices(db, [id]);
      return detail((await db.select().from(invoices).where(eq(invoices.id, id)))[0]!);
    },

    async list(user: RequestUser, venueId: number, query: InvoiceListQuery): Promise<InvoicePage> {
      await assertKnownVenueAccess(db, user, venueId, { office: true });
      const where: (SQL | undefined)[] = [
        eq(invoices.venueId, venueId),
        query.kind ? eq(invoices.kind, query.kind) : undefined,
        query.status ? eq(invoices.status, query.status) : undefined,
        query.party_type ? eq(invoices.partyType, query.party_type) : undefined,
        query.party_id ? eq(invoices.partyId, query.party_id) : undefined,
        query.search
          ? or(
              ilike(invoices.numberText, `%${query.search}%`),
              sql`${invoices.buyer}->>'name' ILIKE ${`%${query.search}%`}`,
            )
          : undefined,
      ];
      const filter = and(...where);
      const { limit, offset } = pageOf(query);
      const [rows, [totals], uninvoiced] = await Promise.all([
        db
          .select(summaryColumns)
          .from(invoices)
          .where(filter)
          .orderBy(desc(invoices.number))
          .limit(limit)
          .offset(offset),
        db
          .select({
            count: sql<number>`count(*)::int`,
            net: sql<string>`coalesce(sum(CASE WHEN ${invoices.kind} = 'credit_note' THEN -${invoices.netMinor} ELSE ${invoices.netMinor} END), 0)`,
            tax: sql<string>`coalesce(sum(CASE WHEN ${invoices.kind} = 'credit_note' THEN -${invoices.taxMinor} ELSE ${invoices.taxMinor} END), 0)`,
            gross: sql<string>`coalesce(sum(CASE WHEN ${invoices.kind} = 'credit_note' THEN -${invoices.grossMinor} ELSE ${invoices.grossMinor} END), 0)`,
          })
          .from(invoices)
          .where(filter),
        countUninvoiced(db, venueId),
      ]);
      return {
        count: totals?.count ?? 0,
        results: await summaries(rows),
        totals: { net: Number(totals?.net ?? 0), tax: Number(totals?.tax ?? 0), gross: Number(totals?.gross ?? 0) },
        uninvoiced,
      };
    },

    async get(user: RequestUser, id: number): Promise<Invoice> {
      return detail(await readable(user, id));
    },

    async pdf(user: RequestUser, id: number) {
      const row = await withDocuments(await readable(user, id));
      return { fileName: `${row.numberText}.pdf`, body: Buffer.from(row.pdf ?? '', 'base64') };
    },

    async xrechnung(user: RequestUser, id: number) {
      const row = await withDocuments(await readable(user, id));
      return { fileName: `${row.numberText}-xrechnung.xml`, body: row.xrechnung ?? '' };
    },

    /** Every invoice and credit note of the venue as one zip of PDFs. */
    async download(user: RequestUser, venueId: number) {
      await assertKnownVenueAccess(db, user, venueId, { office: true });
      const missing = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.venueId, venueId), sql`${invoices.pdf} IS NULL`));
      await renderInvoices(
        db,
        missing.map((m) => m.id),
      );
      const rows = await db
        .select({ number: invoices.numberText, pdf: invoices.pdf })
        .from(invoices)
        .where(eq(invoices.venueId, venueId))
        .orderBy(asc(invoices.number));
      const files: Record<string, Uint8Array> = {};
      for (const r of rows) files[`${r.number}.pdf`] = Buffer.from(r.pdf ?? '', 'base64');
      // PDFs are compressed already: stored as they are.
      return { fileName: `invoices-${venueId}.zip`, body: Buffer.from(zipSync(files, { level: 0 })) };
    },

    async emailAll(user: RequestUser, venueId: number, input: EmailInvoicesInput) {
      await assertKnownVenueAccess(db, user, venueId, { office: true });
      const params: InvoiceEmailParams = { resend: input.resend, invoices: input.invoices };
      if ((await emailable(ctx, venueId, params)) === 0)
        throw new AppError('validation', { fields: { __all__: ['nothing_to_send'] } });
      return ctx.jobs.start({
        kind: 'invoice_emails',
        venueId,
        userId: user.id,
        params: params as unknown as Record<string, unknown>,
      });
    },

    async creditNote(
      request: FastifyRequest,
      id: number,
      input: CreditNoteInput,
      claim: IdempotencyClaim | null,
    ): Promise<Outcome<Invoice>> {
      const user = sessionOf(request);
      const [row] = await db.select({ venueId: invoices.venueId }).from(invoices).where(eq(invoices.id, id));
      if (!row) throw new AppError('not_found');
      assertVenueAccess(user, row.venueId, { office: true });
      const outcome = await idempotent(db, claim, async (tx) => {
        const noteId = await issueCreditNote(tx, request, user, id, input);
        const [note] = await tx.select().from(invoices).where(eq(invoices.id, noteId));
        return { status: 201, body: await detail(note!, tx) };
      });
      if (!outcome.replayed) await renderInvoices(db, [outcome.body.id]);
      return outcome;
    },

    /** A party's own invoices and credit notes (owner access: self, admin, the rider's employer). */
    async ofParty(request: FastifyRequest, type: PartyType, partyId: number) {
      const owner = await ownerFor(db, sessionOf(request), type, partyId);
      const rows = await db
        .select(summaryColumns)
        .from(invoices)
        .where(and(eq(invoices.partyType, owner.type), eq(invoices.partyId, owner.id)))
        .orderBy(desc(invoices.issueDate), desc(invoices.id))
        .limit(500);
      return { results: await summaries(rows) };
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
