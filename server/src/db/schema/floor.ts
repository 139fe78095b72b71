import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ATTENDEE_KINDS, CHECKIN_ACTIONS, INSPECTION_STATUSES } from '@shared/schemas/floor';
import { createdAt, floorSeqColumn, timestamptz, updatedAt } from './columns';
import { participationHorses, venueParticipations } from './participations';
import { riders } from './profiles';
import { users } from './users';
import { venues } from './venues';

/*
 * Offline floor operations (ARCHITECTURE "Offline floor operations").
 *
 * Every table the floor tablets keep (venue_participations, participation_horses, consumables,
 * transactions, attendees, attendee_checkins, rider_signins, vet_inspections) has a `floor_seq`
 * that a trigger (migration 0003) sets from the venue's counter in `floor_cursors`, bumped inside
 * the writing transaction (once per transaction: its rows share the number). The counter row is
 * locked until commit, so writes of one venue commit in the order of their numbers: a reader
 * that saw counter value N has seen every row ≤ N.
 * Deletions leave a tombstone with its own number. Grooms, riders and horses are not per venue:
 * their triggers touch the venue rows that show them, which bumps those.
 */

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const venueRef = () =>
  integer('venue_id')
    .notNull()
    .references(() => venues.id, { onDelete: 'cascade' });

export const floorCursors = pgTable('floor_cursors', {
  venueId: integer('venue_id')
    .primaryKey()
    .references(() => venues.id, { onDelete: 'cascade' }),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  /** Tombstones up to here were purged: a client cursor below it must reset. */
  purgedSeq: bigint('purged_seq', { mode: 'number' }).notNull().default(0),
  // last_xid (xid8, added in migration 0003): the transaction that took `seq`, so that all its
  // rows share one number; only the trigger functions read or write it.
});

export const floorTombstones = pgTable(
  'floor_tombstones',
  {
    venueId: venueRef(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** The table the row was deleted from. */
    entity: text('entity').notNull(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    deletedAt: timestamptz('deleted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.seq, t.entity, t.entityId] })],
);

/** A groom of a rider (DOMAIN.md): charged at the stable through the rider's account. */
export const grooms = pgTable(
  'grooms',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    riderId: integer('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    phone: text('phone'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('grooms_rider_idx').on(t.riderId)],
);

/** Someone the welcome desk admits: accredited team member, guest, spectator, press… */
export const attendees = pgTable(
  'attendees',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    venueId: venueRef(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    phone: text('phone'),
    /** ATTENDEE_KINDS */
    kind: text('kind').notNull().default('guest'),
    /** The team role of an accredited team member: groom, trainer, horse_owner, family, … */
    role: text('role'),
    /** Whose team (free text, e.g. the rider's name) or organisation. */
    organisation: text('organisation'),
    badge: text('badge'),
    /** The user this accreditation belongs to, once the invitee has joined. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The client-made UUID it was created with (offline: matches the pending row). */
    clientKey: text('client_key'),
    floorSeq: floorSeqColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('attendees_venue_seq_idx').on(t.venueId, t.floorSeq),
    uniqueIndex('attendees_venue_client_key').on(t.venueId, t.clientKey),
    uniqueIndex('attendees_venue_badge_key')
      .on(t.venueId, t.badge)
      .where(sql`${t.badge} IS NOT NULL`),
    check('attendees_kind_check', sql`${t.kind} IN (${quoted(ATTENDEE_KINDS)})`),
  ],
);

/** Event columns shared by check-ins, sign-ins and inspections: who, when, from which device. */
const eventColumns = () => ({
  /** Device clock. */
  occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
  /** Server clock. */
  recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
  recordedByUserId: integer('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  deviceId: text('device_id'),
  clientKey: text('client_key'),
  floorSeq: floorSeqColumn(),
});

/** Check-in and check-out of an attendee: events; the current state is the latest. */
export const attendeeCheckins = pgTable(
  'attendee_checkins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    venueId: venueRef(),
    attendeeId: integer('attendee_id')
      .notNull()
      .references(() => attendees.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    ...eventColumns(),
  },
  (t) => [
    index('attendee_checkins_venue_seq_idx').on(t.venueId, t.floorSeq),
    index('attendee_checkins_attendee_idx').on(t.attendeeId, t.occurredAt),
    check('attendee_checkins_action_check', sql`${t.action} IN (${quoted(CHECKIN_ACTIONS)})`),
  ],
);

/** A rider signing in (or out) on arrival: events; the current state is the latest. */
export const riderSignins = pgTable(
  'rider_signins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    venueId: venueRef(),
    venueParticipationId: integer('venue_participation_id')
      .notNull()
      .references(() => venueParticipations.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    ...eventColumns(),
  },
  (t) => [
    index('rider_signins_venue_seq_idx').on(t.venueId, t.floorSeq),
    index('rider_signins_participation_idx').on(t.venueParticipationId, t.occurredAt),
    check('rider_signins_action_check', sql`${t.action} IN (${quoted(CHECKIN_ACTIONS)})`),
  ],
);

/** A vet inspection of a horse at the venue: events; the horse's status is the latest. */
export const vetInspections = pgTable(
  'vet_inspections',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    venueId: venueRef(),
    participationHorseId: integer('participation_horse_id')
      .notNull()
      .references(() => participationHorses.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    notes: text('notes').notNull().default(''),
    /** The inspecting veterinarian, as written on the form. */
    inspector: text('inspector').notNull().default(''),
    ...eventColumns(),
  },
  (t) => [
    index('vet_inspections_venue_seq_idx').on(t.venueId, t.floorSeq),
    index('vet_inspections_horse_idx').on(t.participationHorseId, t.occurredAt),
    check('vet_inspections_status_check', sql`${t.status} IN (${quoted(INSPECTION_STATUSES)})`),
  ],
);
