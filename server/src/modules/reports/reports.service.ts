import type { FastifyRequest } from 'fastify';
import type { ReportPartyType } from '@shared/schemas/reports';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import { createInviteRepo } from '../invite/invite.repo';
import { statementEntries } from '../owner/statement.repo';
import { assertVenueAccess } from '../venue/venue-access';
import { createVenueRepo } from '../venue/venue.repo';
import { consumablesPdf } from './consumables-pdf';
import { detailsPdf } from './details-pdf';
import { localDay } from './pdf';
import { readerLanguage } from './reader-language';
import { reportReach } from './report-access';
import type { DocumentFile } from './send-file';
import { consumablesOf, detailsOf, summaryOf } from './report-data';
import { createReportsRepo } from './reports.repo';
import { summaryPdf } from './summary-pdf';

const pdf = (fileName: string, body: Buffer): DocumentFile => ({ fileName, contentType: 'application/pdf', body });

/** The report downloads (src/shared/schemas/reports.ts): data gathered here, documents in *-pdf.ts. */
export function createReportsService(ctx: AppContext) {
  const repo = createReportsRepo(ctx.db);
  const venues = createVenueRepo(ctx.db);
  const names = createInviteRepo(ctx.db);

  async function venueOf(id: number) {
    const venue = await venues.findById(id);
    if (!venue) throw new AppError('not_found');
    return venue;
  }

  return {
    /** A party's summary over one venue (with zeros where it has no account yet) or every venue. */
    async summary(request: FastifyRequest, type: ReportPartyType, id: number, venueId: number | undefined) {
      const reach = await reportReach(ctx.db, sessionOf(request), type, id, venueId);
      const venue = reach.venue === undefined ? null : await venueOf(reach.venue);
      const rows = await repo.summary(type, id, reach.venue);
      const present =
        venue && !rows.length ? [{ venueId: venue.id, venueName: venue.name, currency: venue.currency }] : [];
      const data = summaryOf([
        ...rows,
        ...present.map((v) => ({ ...v, chargedMinor: 0, taxMinor: 0, paidMinor: 0, balanceMinor: 0 })),
      ]);
      const body = await summaryPdf(
        {
          party: await names.ownerName(type, id),
          venue: venue?.name ?? null,
          generatedOn: localDay(venue?.timeZone ?? 'UTC'),
          ...data,
        },
        await readerLanguage(ctx.db, request),
      );
      return pdf(`summary-${type}-${id}${venue ? `-venue-${venue.id}` : ''}.pdf`, body);
    },

    /** The entries of a party's account at a venue, in detail. */
    async details(request: FastifyRequest, type: ReportPartyType, id: number, venueId: number) {
      const reach = await reportReach(ctx.db, sessionOf(request), type, id, venueId);
      const venue = await venueOf(reach.venue ?? venueId);
      const entries = await statementEntries(ctx.db, { type, id }, venue, { accountOnly: true });
      const body = await detailsPdf(
        {
          party: await names.ownerName(type, id),
          venue: venue.name,
          currency: venue.currency,
          generatedOn: localDay(venue.timeZone),
          ...detailsOf(entries),
        },
        await readerLanguage(ctx.db, request),
      );
      return pdf(`transactions-${type}-${id}-venue-${venue.id}.pdf`, body);
    },

    /** The venue's price-list items sold per day and item (the venue's show office, admins). */
    async consumables(request: FastifyRequest, venueId: number, from: string | null, to: string | null) {
      const venue = await venueOf(venueId);
      assertVenueAccess(sessionOf(request), venueId, { office: true });
      const rows = await repo.consumablesSold(venue, from, to);
      const body = await consumablesPdf(
        {
          venue: venue.name,
          currency: venue.currency,
          from,
          to,
          generatedOn: localDay(venue.timeZone),
          ...consumablesOf(rows),
        },
        await readerLanguage(ctx.db, request),
      );
      return pdf(`consumables-venue-${venue.id}.pdf`, body);
    },
  };
}
