import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { DOCUMENT_OWNER_TYPES, DOCUMENT_TYPES, INVITE_PURPOSES, OWNER_TYPES } from '@shared/schemas/owner';
import { TEAM_ROLES } from '@shared/schemas/floor';
import { createdAt, timestamptz, updatedAt } from './columns';
import { attendees } from './floor';
import { horses } from './participations';
import { riders } from './profiles';
import { mediaFiles } from './show';
import { users } from './users';
import { venues } from './venues';

/*
 * People and self-service (DOMAIN.md "People and roles"). The sections several
 * audiences share (bank accounts, documents, team members) belong to an owner: its type
 * (OWNER_TYPES: rider, employer, official, simpleuser, merchant) and the id of its profile.
 */

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const ownerColumns = () => ({
  ownerType: text('owner_type').notNull(),
  ownerId: integer('owner_id').notNull(),
});

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ...ownerColumns(),
    holderName: text('holder_name').notNull(),
    /** Stored without spaces, upper case; mod-97 checked (ISO 13616). */
    iban: text('iban').notNull(),
    bic: text('bic'),
    bankName: text('bank_name'),
    currency: text('currency').notNull().default('EUR'),
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * BANK_ACCOUNT_KINDS: the owner's own account, or (SVPS variant) the national
     * federation's account that credits the owner's member account: `member_number` is then the
     * reference the federation books it by.
     */
    kind: text('kind').notNull().default('own'),
    federation: text('federation'),
    memberNumber: text('member_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bank_accounts_owner_idx').on(t.ownerType, t.ownerId),
    uniqueIndex('bank_accounts_one_default')
      .on(t.ownerType, t.ownerId)
      .where(sql`${t.isDefault}`),
    check('bank_accounts_owner_type_check', sql`${t.ownerType} IN (${quoted(OWNER_TYPES)})`),
    check(
      'bank_accounts_kind_check',
      sql`${t.kind} = 'own' OR (${t.kind} = 'federation' AND ${t.federation} IS NOT NULL AND ${t.memberNumber} IS NOT NULL)`,
    ),
  ],
);

/** A document of an owner or of a team member (owner type `teammember`); the file in media_files. */
export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ...ownerColumns(),
    type: text('type').notNull(),
    title: text('title').notNull().default(''),
    validUntil: date('valid_until', { mode: 'string' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => mediaFiles.id),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('documents_owner_idx').on(t.ownerType, t.ownerId),
    check('documents_owner_type_check', sql`${t.ownerType} IN (${quoted(DOCUMENT_OWNER_TYPES)})`),
    check('documents_type_check', sql`${t.type} IN (${quoted(DOCUMENT_TYPES)})`),
  ],
);

/** A horse assigned to a rider, with the horse owner's data and free meta. */
export const riderHorses = pgTable(
  'rider_horses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    riderId: integer('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    horseId: integer('horse_id')
      .notNull()
      .references(() => horses.id, { onDelete: 'cascade' }),
    ownerName: text('owner_name').notNull().default(''),
    ownerAddress: text('owner_address').notNull().default(''),
    ownerVatId: text('owner_vat_id').notNull().default(''),
    ownerEmail: text('owner_email').notNull().default(''),
    meta: jsonb('meta')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rider_horses_rider_horse_key').on(t.riderId, t.horseId),
    index('rider_horses_horse_idx').on(t.horseId),
  ],
);

/** Someone an owner brings to a show; accredited for the venue once they joined. */
export const teamMembers = pgTable(
  'team_members',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ...ownerColumns(),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'set null' }),
    role: text('role').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull(),
    phone: text('phone'),
    /** invited → joined */
    status: text('status').notNull().default('invited'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The welcome desk's record, made when the member joins. */
    attendeeId: integer('attendee_id').references(() => attendees.id, { onDelete: 'set null' }),
    joinedAt: timestamptz('joined_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('team_members_owner_idx').on(t.ownerType, t.ownerId),
    index('team_members_user_idx').on(t.userId),
    check('team_members_owner_type_check', sql`${t.ownerType} IN (${quoted(OWNER_TYPES)})`),
    check('team_members_role_check', sql`${t.role} IN (${quoted(TEAM_ROLES)})`),
    check('team_members_status_check', sql`${t.status} IN ('invited', 'joined')`),
  ],
);

/** One-time invitation links (team membership, attendee). Only the SHA-256 of the token is kept. */
export const invites = pgTable(
  'invites',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'cascade' }),
    teamMemberId: integer('team_member_id').references(() => teamMembers.id, { onDelete: 'cascade' }),
    attendeeId: integer('attendee_id').references(() => attendees.id, { onDelete: 'cascade' }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    usedByUserId: integer('used_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('invites_team_member_idx').on(t.teamMemberId),
    index('invites_attendee_idx').on(t.attendeeId),
    check('invites_purpose_check', sql`${t.purpose} IN (${quoted(INVITE_PURPOSES)})`),
  ],
);
