import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { PARTY_TYPES } from '../ledger';
import { TEAM_ROLES } from './floor';
import { currencyField, emailField, isoDateField, MAX_ID, requiredOrInvalid, requiredString } from './common';
import { listQuery } from './pagination';

/**
 * The sections several audiences share: profile, bank accounts, documents, team
 * members. One feature, many routes; the owner comes from the route: `{kind}` is one of
 * OWNER_TYPES, `{id}` the id of that profile (riders.id, employers.id, …). Who may touch an
 * owner: the owner's user, an admin, and for a rider also the employer of a confirmed, not
 * ended employment (server/src/modules/owner/owner-access.ts). Anyone else: 404.
 *
 *   GET    /api/v1/{kind}/{id}/                      → profile (the kind's profile shape below)
 *   PATCH  /api/v1/{kind}/{id}/                      profileInput[kind] → profile
 *   GET    /api/v1/{kind}/{id}/bankAccounts/         → { count, results: bankAccount[] }
 *   POST   /api/v1/{kind}/{id}/bankAccounts/         bankAccountInput → 201 bankAccount
 *   GET/PATCH/DELETE /api/v1/bankAccount/{id}/       (PATCH bankAccountInput; DELETE 204)
 *   GET    /api/v1/{kind}/{id}/documents/            → { count, results: document[] }
 *   POST   /api/v1/{kind}/{id}/documents/            multipart: field `file` + fields type, title,
 *                                                    valid_until, team_member (optional) → 201 document
 *   GET    /api/v1/document/{id}/download/           → the file (attachment; owner, owner's employer, admin)
 *   DELETE /api/v1/document/{id}/                    → 204
 *   GET    /api/v1/{kind}/{id}/teamMembers/          → { count, results: teamMember[] }
 *   POST   /api/v1/{kind}/{id}/teamMembers/          teamMemberInput → 201 teamMember; e-mails the
 *                                                    one-time link /team-membership-invite/?token=…
 *   GET/PATCH/DELETE /api/v1/teamMember/{id}/        (PATCH teamMemberInput; DELETE 204)
 *   POST   /api/v1/teamMember/{id}/resendInvite/     → teamMember (a new link; the old one stops working)
 *   GET    /api/v1/teamMember/mine/                  → { count, results: myTeamMembership[] } (where I joined)
 *   POST   /api/v1/invite/check/ {token}             → inviteInfo (public: who invites, to what)
 *   POST   /api/v1/invite/accept/ {token}            → inviteAccepted (signed in: joins; a team member
 *                                                    is accredited for the venue as an attendee)
 *   POST   /api/v1/attendee/{id}/invite/ {email?}    → 201 { sent: true } (venue staff: attendee invite,
 *                                                    link /attendee-invite/?token=…)
 *   GET    /api/v1/{kind}/{id}/reports/              → { results: report[] } (what exists to download)
 *   GET    /api/v1/{kind}/{id}/reports/{venueId}/{format}/  → the file (format csv | pdf)
 *   GET    /api/v1/{kind}/{id}/shows/                → { results: ownerShow[] } (venues with entries or
 *                                                    participations, balance there)
 *   GET    /api/v1/{kind}/{id}/balance/              → { results: ownerShow[] } (the owner's balance per venue)
 *   Transactions of an owner at a venue: GET /api/v1/transaction/?party_type=&party_id=&venue= (ledger; its
 *   visibility rule must let the owner, an admin and a rider's active employer read them).
 */

export const OWNER_TYPES = PARTY_TYPES;
export type OwnerType = (typeof OWNER_TYPES)[number];
export const DOCUMENT_OWNER_TYPES = [...OWNER_TYPES, 'teammember'] as const;
export const DOCUMENT_TYPES = ['licence', 'passport', 'vaccination', 'insurance', 'id', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const INVITE_PURPOSES = ['team_member', 'attendee'] as const;
export type InvitePurpose = (typeof INVITE_PURPOSES)[number];
export const TEAM_MEMBER_STATUSES = ['invited', 'joined'] as const;

/** Uploads (documents): at most 10 MB; the content must be one of these (sniffed, not the name). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
/** The upload dialog's filename filter (spec §5) for documents. */
export const DOCUMENT_FILE_FILTER = '*.pdf; *.png; *.jpg; *.jpeg; *.webp';
/** Invitation links stay valid this many days. */
export const INVITE_VALID_DAYS = 14;

const optionalText = (max: number) => z.string({ error: 'invalid' }).trim().max(max, { error: 'too_long' }).nullish();
const isoDate = isoDateField;

/** ISO 13616, mod-97 checked; the value is normalised to the electronic format (no spaces). */
/** An IBAN as stored and compared: electronic format (no spaces, upper case). */
export const electronicIban = (value: string): string =>
  electronicFormatIBAN(value) ?? value.replace(/\s+/g, '').toUpperCase();

export const ibanField = z
  .string({ error: requiredOrInvalid })
  .trim()
  .min(1, { error: 'required' })
  .max(42, { error: 'too_long' })
  .transform(electronicIban)
  .refine((value) => isValidIBAN(value), { error: 'invalid_iban' });

/** BIC / SWIFT (8 or 11 characters); empty is none. */
export const bicField = z
  .string({ error: 'invalid' })
  .trim()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .refine((value) => value === '' || isValidBIC(value), { error: 'invalid_bic' })
  .transform((value) => value || null)
  .nullish();

/** A person's FEI id: digits only (e.g. 10012345). */
export const feiPersonIdField = z
  .string({ error: 'invalid' })
  .trim()
  .regex(/^\d{4,9}$/, { error: 'invalid_fei_id' });
/** A horse's FEI passport id: three digits, two letters, two digits (e.g. 105IG70). */
export const feiHorseIdField = z
  .string({ error: 'invalid' })
  .trim()
  .toUpperCase()
  .regex(/^\d{3}[A-Z]{2}\d{2}$/, { error: 'invalid_fei_id' });

/**
 * SVPS variants: beside the owner's own accounts (`own`), a `federation` account is the
 * national federation's (SVPS, the Swiss equestrian federation; FSSE in French and Italian): its
 * IBAN, the federation as holder, and the owner's member number there, which a payout names in
 * its remittance so the federation credits the owner's member account. Only an admin creates,
 * changes or removes one; the owner sees it (read-only) among their accounts.
 */
export const BANK_ACCOUNT_KINDS = ['own', 'federation'] as const;
export type BankAccountKind = (typeof BANK_ACCOUNT_KINDS)[number];
export const FEDERATIONS = ['SVPS'] as const;
export type Federation = (typeof FEDERATIONS)[number];
/** The federation's own name, the holder of its account (prefilled on the form). */
export const FEDERATION_HOLDERS: Record<Federation, string> = {
  SVPS: 'Schweizerischer Verband für Pferdesport SVPS',
};
/** A member number: letters and digits only, at most 20 (stored upper case). */
export const MAX_MEMBER_NUMBER = 20;
export const memberNumberField = z
  .string({ error: requiredOrInvalid })
  .trim()
  .min(1, { error: 'required' })
  .toUpperCase()
  .regex(new RegExp(`^[A-Z0-9]{1,${MAX_MEMBER_NUMBER}}$`), { error: 'invalid_member_number' });

export const bankAccount = z.object({
  id: z.number().int(),
  owner_type: z.enum(OWNER_TYPES),
  owner_id: z.number().int(),
  holder_name: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  bank_name: z.string().nullable(),
  currency: z.string(),
  is_default: z.boolean(),
  kind: z.enum(BANK_ACCOUNT_KINDS),
  federation: z.enum(FEDERATIONS).nullable(),
  member_number: z.string().nullable(),
});
export type BankAccount = z.infer<typeof bankAccount>;
/**
 * A federation account needs `federation` and `member_number` (the service checks the pair on
 * create and on every patch, as the row will be; an `own` account keeps neither).
 */
export const bankAccountInput = z.object({
  holder_name: requiredString(140),
  iban: ibanField,
  bic: bicField,
  bank_name: optionalText(140),
  currency: currencyField.default('EUR'),
  is_default: z.boolean({ error: 'invalid' }).default(false),
  kind: z.enum(BANK_ACCOUNT_KINDS, { error: 'invalid' }).default('own'),
  federation: z.enum(FEDERATIONS, { error: 'invalid' }).nullish(),
  member_number: memberNumberField.nullish(),
});
export type BankAccountInput = z.input<typeof bankAccountInput>;
/** The admin's SVPS form: the same account with the federation and member number required. */
export const federationAccountInput = bankAccountInput.extend({
  kind: z.literal('federation', { error: 'invalid' }),
  federation: z.enum(FEDERATIONS, { error: requiredOrInvalid }),
  member_number: memberNumberField,
});

export const ownerDocument = z.object({
  id: z.number().int(),
  owner_type: z.enum(DOCUMENT_OWNER_TYPES),
  owner_id: z.number().int(),
  type: z.enum(DOCUMENT_TYPES),
  title: z.string(),
  valid_until: z.string().nullable(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  created_at: z.string(),
  /** The team member it belongs to (owner_type `teammember`), with their name. */
  team_member: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type OwnerDocument = z.infer<typeof ownerDocument>;
/** The multipart fields besides `file`. */
export const documentFields = z.object({
  type: z.enum(DOCUMENT_TYPES, { error: requiredOrInvalid }),
  title: optionalText(140),
  valid_until: isoDate.nullish().or(z.literal('').transform(() => null)),
  team_member: z.coerce
    .number({ error: 'invalid' })
    .int()
    .positive({ error: 'invalid' })
    .max(MAX_ID, { error: 'invalid' })
    .nullish(),
});
export const documentListQuery = listQuery.extend({
  /** `true`: the documents of the owner's team members instead of the owner's own. */
  team: z.enum(['true', 'false']).optional(),
});

export const teamMember = z.object({
  id: z.number().int(),
  owner_type: z.enum(OWNER_TYPES),
  owner_id: z.number().int(),
  venue: z.number().int().nullable(),
  venue_name: z.string().nullable(),
  role: z.enum(TEAM_ROLES),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: z.enum(TEAM_MEMBER_STATUSES),
  joined_at: z.string().nullable(),
  /** The attendee record at the venue once joined (the welcome desk's). */
  attendee: z.number().int().nullable(),
});
export type TeamMember = z.infer<typeof teamMember>;
export const teamMemberInput = z.object({
  venue: z.number({ error: requiredOrInvalid }).int().positive({ error: 'invalid' }).max(MAX_ID, { error: 'invalid' }),
  role: z.enum(TEAM_ROLES, { error: requiredOrInvalid }),
  first_name: requiredString(100),
  last_name: z.string({ error: 'invalid' }).trim().max(100, { error: 'too_long' }).default(''),
  email: emailField,
  phone: optionalText(40),
});
export type TeamMemberInput = z.input<typeof teamMemberInput>;

export const myTeamMembership = teamMember.extend({ owner_name: z.string() });

export const inviteToken = z.object({ token: requiredString(256) });
export const inviteInfo = z.object({
  purpose: z.enum(INVITE_PURPOSES),
  email: z.string(),
  venue: z.number().int().nullable(),
  venue_name: z.string().nullable(),
  /** Who invites: the owner's name (team) or the venue (attendee). */
  invited_by: z.string(),
  role: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  used: z.boolean(),
  expired: z.boolean(),
});
export type InviteInfo = z.infer<typeof inviteInfo>;
export const inviteAccepted = z.object({
  purpose: z.enum(INVITE_PURPOSES),
  venue: z.number().int().nullable(),
  attendee: z.number().int().nullable(),
  team_member: z.number().int().nullable(),
});
export const attendeeInviteInput = z.object({ email: emailField.optional() });

export const REPORT_FORMATS = ['csv', 'pdf'] as const;
export const report = z.object({
  venue: z.number().int(),
  venue_name: z.string(),
  /** Transactions statement of the owner at the venue. */
  formats: z.array(z.enum(REPORT_FORMATS)),
  count: z.number().int(),
});
export type Report = z.infer<typeof report>;

export const ownerShow = z.object({
  venue: z.number().int(),
  venue_name: z.string(),
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  currency: z.string(),
  /** The rider's venue participation there, or an official's (first) official participation; else null. */
  participation: z.number().int().nullable(),
  balance_minor: z.number().int(),
});
export type OwnerShow = z.infer<typeof ownerShow>;
