import type { FastifyRequest } from 'fastify';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { bulkRowKey } from '@shared/schemas/bulk';
import type { Attendee, attendeeInput } from '@shared/schemas/floor';
import type { AppContext } from '../../context';
import { attendees, venues } from '../../db/schema';
import { markDuplicates, RowErrors, sameText } from '../../http/bulk';
import { idempotent, type IdempotencyClaim, type Outcome } from '../../http/idempotency';
import { sessionOf } from '../../http/session';
import { assertVenueAccess } from '../venue/venue-access';
import { createAttendeeRepo, type NewAttendee } from './attendee.repo';
import { toAttendee } from './floor-wire';

type AttendeeRowInput = z.output<typeof attendeeInput>;

const orNull = (value: string | null | undefined) => (value ? value : null);

/** One person at one venue: the full name and the e-mail (or none), any case or spacing. */
const personKey = (venue: number, p: { first_name: string; last_name: string; email?: string | null }) =>
  [venue, sameText(p.first_name), sameText(p.last_name), sameText(p.email)].join('\u0000');
const badgeKey = (venue: number, badge: string | null | undefined) =>
  badge?.trim() ? `${venue}\u0000${sameText(badge)}` : null;

/**
 * A pasted guest list (POST /api/v1/attendee/ with an array): the caller must be staff of every
 * row's venue (else 403, nothing written). The rows are checked against each other and the
 * venue's attendees (the same person or badge twice is `duplicate`), then all created in one
 * transaction under the request's Idempotency-Key; row i's client key is `<key>:<i>`, so a
 * retried paste answers the same rows and never doubles them.
 */
export function createAttendeeBulk(ctx: AppContext, badgeChecked: <T>(write: Promise<T>) => Promise<T>) {
  const repo = createAttendeeRepo(ctx.db);

  return async function createMany(
    request: FastifyRequest,
    rows: AttendeeRowInput[],
    claim: IdempotencyClaim,
  ): Promise<Outcome<Attendee[]>> {
    const user = sessionOf(request);
    const venueIds = [...new Set(rows.map((row) => row.venue))];
    for (const venue of venueIds) assertVenueAccess(user, venue);
    return badgeChecked(
      idempotent(ctx.db, claim, async (tx) => {
        const errors = new RowErrors();
        const known = new Set(
          (await tx.select({ id: venues.id }).from(venues).where(inArray(venues.id, venueIds))).map((v) => v.id),
        );
        rows.forEach((row, i) => {
          if (!known.has(row.venue)) errors.add(i, 'venue', 'does_not_exist');
        });
        markDuplicates(rows, (row) => personKey(row.venue, row), errors, 'first_name');
        markDuplicates(rows, (row) => badgeKey(row.venue, row.badge), errors, 'badge');
        const existing = await tx
          .select({
            venue: attendees.venueId,
            first_name: attendees.firstName,
            last_name: attendees.lastName,
            email: attendees.email,
            badge: attendees.badge,
          })
          .from(attendees)
          .where(inArray(attendees.venueId, [...known]));
        const people = new Set(existing.map((a) => personKey(a.venue, a)));
        const badges = new Set(existing.flatMap((a) => badgeKey(a.venue, a.badge) ?? []));
        rows.forEach((row, i) => {
          if (people.has(personKey(row.venue, row))) errors.add(i, 'first_name', 'duplicate');
          const badge = badgeKey(row.venue, row.badge);
          if (badge && badges.has(badge)) errors.add(i, 'badge', 'duplicate');
        });
        errors.throwIfAny();

        const created = [];
        for (const [i, row] of rows.entries()) {
          const values: NewAttendee = {
            venueId: row.venue,
            firstName: row.first_name,
            lastName: row.last_name,
            email: orNull(row.email),
            phone: orNull(row.phone),
            kind: row.kind,
            role: row.role ?? null,
            organisation: orNull(row.organisation),
            badge: orNull(row.badge),
            createdByUserId: user.id,
            clientKey: bulkRowKey(claim.key, i),
          };
          created.push(await repo.insert(values, tx));
        }
        await ctx.audit.record(
          request,
          { action: 'attendee.bulkCreate', details: { count: created.length, venues: venueIds } },
          tx,
        );
        return { status: 201, body: created.map(toAttendee) };
      }),
    );
  };
}
