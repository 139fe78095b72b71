import { zipSync } from 'fflate';
import type { FastifyRequest } from 'fastify';
import type { CompensationBill, CompensationBillList } from '@shared/schemas/compensation';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import type { RequestUser } from '../../types';
import { ownerFor } from '../owner/owner-access';
import type { DocumentFile } from '../reports/send-file';
import { assertVenueAccess, canActOnVenue } from '../venue/venue-access';
import { createVenueRepo } from '../venue/venue.repo';
import { issueBill } from './compensation-issue';
import { compensationBillPdf, type CompensationBillDocument } from './compensation-pdf';
import { createCompensationRepo, type BillRow } from './compensation.repo';

export type BillFile = DocumentFile;

const documentOf = (bill: BillRow) => bill.data as CompensationBillDocument;

/** A file name part: letters and digits of any script, the rest dashes. */
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

const toWire = (bill: BillRow, venueName: string): CompensationBill => {
  const doc = documentOf(bill);
  return {
    id: bill.id,
    venue: bill.venueId,
    venue_name: venueName,
    official: { id: bill.officialId, name: doc.official.name },
    official_participation: bill.officialParticipationId,
    number: bill.numberText,
    function: doc.function,
    date_from: doc.dateFrom,
    date_to: doc.dateTo,
    days: doc.days,
    day_rate: doc.dayRateMinor,
    travel: doc.travelMinor,
    per_diem: doc.perDiemMinor,
    gross: bill.grossMinor,
    withholding_bp: doc.withholdingBp,
    withholding: bill.withholdingMinor,
    payable: bill.payableMinor,
    currency: bill.currency,
    issue_date: doc.issueDate,
    language: doc.language,
    transaction: bill.transactionId,
  };
};

/** Compensation bills of officials (DOMAIN.md "Compensation bill"): issue, list, download. */
export function createCompensationService(ctx: AppContext) {
  const repo = createCompensationRepo(ctx.db);
  const venues = createVenueRepo(ctx.db);

  /** The bill's PDF: rendered from its snapshot once, then kept. */
  async function pdfOf(bill: BillRow): Promise<Buffer> {
    if (bill.pdf) return Buffer.from(bill.pdf, 'base64');
    const pdf = await compensationBillPdf(documentOf(bill));
    await repo.keepPdf(bill.id, pdf);
    return pdf;
  }

  const fileNameOf = (bill: BillRow) =>
    `compensation-bill-${bill.numberText}-${slug(documentOf(bill).official.name) || bill.officialId}.pdf`;

  /** The participation's bill, issued in one database transaction if it has none. */
  async function issue(request: FastifyRequest, participationId: number): Promise<BillRow> {
    const { bill } = await ctx.db.transaction((tx) => issueBill(tx, request, participationId));
    return bill;
  }

  /** May the user read this bill? The official's own user, the venue's show office, admins. */
  async function mayRead(user: RequestUser, bill: BillRow): Promise<boolean> {
    if (canActOnVenue(user, bill.venueId, { office: true })) return true;
    return ownerFor(ctx.db, user, 'official', bill.officialId).then(
      () => true,
      () => false,
    );
  }

  return {
    /** The participation's bill as a PDF, issued first when there is none (the venue's show office). */
    async generate(request: FastifyRequest, participationId: number): Promise<BillFile> {
      const participation = await repo.participation(participationId);
      if (!participation) throw new AppError('not_found');
      assertVenueAccess(sessionOf(request), participation.venueId, { office: true });
      const bill = await issue(request, participationId);
      return { fileName: fileNameOf(bill), contentType: 'application/pdf', body: await pdfOf(bill) };
    },

    /** Every bill of the venue in one zip; the participations without a bill get theirs first. */
    async zip(request: FastifyRequest, venueId: number): Promise<BillFile> {
      if (!(await venues.findById(venueId))) throw new AppError('not_found');
      assertVenueAccess(sessionOf(request), venueId, { office: true });
      // One transaction per bill: a number is taken only with its bill, and locks are held briefly.
      for (const participationId of await repo.unbilled(venueId)) await issue(request, participationId);
      const files: Record<string, Uint8Array> = {};
      for (const { bill } of await repo.bills({ venueId })) files[fileNameOf(bill)] = await pdfOf(bill);
      // PDFs are compressed already: stored as they are.
      const body = Buffer.from(zipSync(files, { level: 0 }));
      return { fileName: `compensation-bills-venue-${venueId}.zip`, contentType: 'application/zip', body };
    },

    /** An official's bills (the official's own user, an admin). */
    async listOwn(request: FastifyRequest, officialId: number): Promise<CompensationBillList> {
      await ownerFor(ctx.db, sessionOf(request), 'official', officialId);
      const rows = await repo.bills({ officialId });
      return { count: rows.length, results: rows.map((row) => toWire(row.bill, row.venueName)) };
    },

    /** One bill's PDF; anyone but the official, the venue's show office and admins gets 404. */
    async download(request: FastifyRequest, billId: number): Promise<BillFile> {
      const bill = await repo.bill(billId);
      if (!bill || !(await mayRead(sessionOf(request), bill))) throw new AppError('not_found');
      return { fileName: fileNameOf(bill), contentType: 'application/pdf', body: await pdfOf(bill) };
    },
  };
}
