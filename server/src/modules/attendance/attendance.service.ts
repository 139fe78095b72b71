import type { Language } from '@shared/constants';
import type {
  AttendanceConfirmResponse,
  AttendanceListQuery,
  AttendanceRegistration,
  AttendanceRequest,
  AttendanceResponse,
} from '@shared/schemas/attendance';
import { isLanguage } from '@shared/constants';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { pageOf } from '../../http/pagination';
import { renderMail } from '../../mail/templates';
import { newLinkToken, sha256 } from '../../security/random-tokens';
import type { RequestUser } from '../../types';
import { createVenueRepo, type VenueRow } from '../venue/venue.repo';
import { createAttendanceRepo, type AttendanceRow } from './attendance.repo';

/** `YYYY-MM-DD` of today where the show takes place. */
function todayIn(timeZone: string): string {
  const format = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

/** A visit day lies within the show's dates (where known) and is not in the past. */
function isVisitDay(venue: VenueRow, day: string): boolean {
  if (day < todayIn(venue.timeZone)) return false;
  if (venue.startDate && day < venue.startDate) return false;
  if (venue.endDate && day > venue.endDate) return false;
  return true;
}

/** `2026-12-04` as people read it in the app and the e-mails: `4.12.2026`. */
const displayDay = (day: string) => {
  const [y, m, d] = day.split('-');
  return `${Number(d)}.${Number(m)}.${y}`;
};

const statusOf = (row: AttendanceRow) => (row.confirmedAt ? 'confirmed' : 'pending');

const toRegistration = (row: AttendanceRow): AttendanceRegistration => ({
  id: row.id,
  venue: row.venueId,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  phone: row.phone,
  visit_date: row.visitDate,
  people: row.people,
  language: isLanguage(row.language) ? row.language : 'de',
  status: statusOf(row),
  created_at: row.createdAt.toISOString(),
  confirmed_at: row.confirmedAt?.toISOString() ?? null,
});

/** Spectators sign up for a day of a show, confirm by e-mail; the venue's staff read the list. */
export function createAttendanceService(ctx: AppContext) {
  const registrations = createAttendanceRepo(ctx.db);
  const venues = createVenueRepo(ctx.db);

  function mailConfirmation(row: AttendanceRow, venue: VenueRow, token: string): void {
    const link = `${ctx.config.publicUrl}/attendance/${venue.id}?confirm=${encodeURIComponent(token)}`;
    const mail = renderMail('attendance_confirm', row.language, {
      name: row.firstName,
      link,
      params: { show: venue.name, date: displayDay(row.visitDate), people: row.people },
    });
    ctx.mailer.send({ to: row.email, ...mail });
  }

  return {
    /**
     * A new registration (`created`), or the one this address already has for that venue and
     * day: its details stay as they are (no one but the owner of the address may change them);
     * while it is pending, a fresh link goes out and the earlier one stops working.
     */
    async register(
      input: AttendanceRequest,
      language: Language,
    ): Promise<{ created: boolean; registration: AttendanceResponse }> {
      const venue = await venues.findById(input.venue);
      if (!venue) throw new AppError('not_found');
      if (!isVisitDay(venue, input.visit_date)) throw fieldError('visit_date', 'invalid_date');
      const email = input.email.toLowerCase();
      const token = newLinkToken();
      const outcome = await ctx.db.transaction(async (tx) => {
        const created = await registrations.insertNew(
          {
            venueId: venue.id,
            firstName: input.first_name,
            lastName: input.last_name,
            email,
            phone: input.phone || null,
            visitDate: input.visit_date,
            people: input.people,
            language,
            confirmTokenHash: sha256(token),
          },
          tx,
        );
        if (created) return { row: created, created: true, pending: true };
        const existing = await registrations.findVisitor(venue.id, input.visit_date, email, tx);
        if (!existing) throw new AppError('conflict');
        // Confirmed already (perhaps a moment ago): nothing left to send.
        const pending = !existing.confirmedAt && (await registrations.replaceToken(existing.id, sha256(token), tx));
        return { row: existing, created: false, pending };
      });
      if (outcome.pending) mailConfirmation(outcome.row, venue, token);
      const status = outcome.pending ? 'pending' : 'confirmed';
      return { created: outcome.created, registration: { id: outcome.row.id, status } };
    },

    /** The link from the e-mail, once. */
    async confirm(token: string): Promise<AttendanceConfirmResponse> {
      const row = await registrations.findByTokenHash(sha256(token));
      if (!row) throw new AppError('link_invalid');
      if (row.confirmedAt) throw new AppError('link_used');
      const confirmed = await registrations.confirm(row.id);
      if (!confirmed) throw new AppError('link_used');
      return {
        id: confirmed.id,
        status: 'confirmed',
        venue: confirmed.venueId,
        visit_date: confirmed.visitDate,
        people: confirmed.people,
      };
    },

    /** Admins see every venue's list; organizers, show office and welcome desk their own venue's. */
    async list(
      user: RequestUser,
      venueId: number,
      query: AttendanceListQuery,
    ): Promise<{ count: number; results: AttendanceRegistration[] }> {
      const venue = await venues.findById(venueId);
      if (!venue) throw new AppError('not_found');
      if (!user.roles.includes('admin') && user.assignedVenueId !== venue.id) throw new AppError('forbidden');
      const { count, rows } = await registrations.list(venue.id, { date: query.date }, pageOf(query));
      return { count, results: rows.map(toRegistration) };
    },
  };
}
