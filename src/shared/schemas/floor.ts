import { ATTENDEE_KINDS, CHECKIN_ACTIONS, FLOOR_ENTITIES, INSPECTION_STATUSES, TEAM_ROLES } from '../floor-constants';
import { z } from 'zod';
import { PARTY_TYPES, TRANSACTION_KINDS, TRANSACTION_SOURCES } from '../ledger';
import { atLeastOneField, isoDateTimeField, MAX_ID, requiredOrInvalid, requiredString } from './common';
import { appVersionField, deviceKeyField, pendingWritesField } from './devices';
import { listQuery } from './pagination';

/**
 * Offline floor operations (ARCHITECTURE "Offline floor operations").
 *
 *   GET  /api/v1/venue/{id}/floor/changes/?cursor=N   → floorChanges (cursor 0 or absent: snapshot)
 *        header X-Paddock-Sync: SYNC_PROTOCOL; an older client gets 426 sync_outdated
 *   GET  /api/v1/attendee/?venue=&search=&kind=&page=  → { count, results: attendeeRow[] }
 *   POST /api/v1/attendee/             attendeeInput, Idempotency-Key (required) → 201 attendee
 *   PATCH /api/v1/attendee/{id}/       attendeeEdit → attendee
 *   POST /api/v1/attendeeCheckin/      checkinInput, Idempotency-Key (required) → 201 checkin
 *   GET  /api/v1/attendeeCheckin/?attendee=            → { count, results: checkin[] } (newest first)
 *   POST /api/v1/riderSignin/          signinInput, Idempotency-Key (required) → 201 signin
 *   GET  /api/v1/riderSignin/?participation=           → { count, results: signin[] } (newest first)
 *   POST /api/v1/vetInspection/        inspectionInput, Idempotency-Key (required) → 201 inspection
 *   GET  /api/v1/vetInspection/?venue=&horse=          → { count, results: inspection[] } (newest first)
 *   GET  /api/v1/rider/qr/             → { results: qrCode[] } the signed-in rider's and grooms' codes
 *
 * Stable charges are ordinary POST /api/v1/transaction/ (source 'stable'); a groom's charge goes
 * to the groom's rider (DOMAIN.md "Groom"), with the groom's name in the description.
 * Every write carries the device id and the device clock (occurred_at); the server adds its own.
 * An event may name an attendee created offline by its client key (attendee_key) when the
 * attendee's id is not known yet: the outbox replays the creation first.
 */

export {
  ATTENDEE_KINDS,
  CHECKIN_ACTIONS,
  FLOOR_ENTITIES,
  INSPECTION_STATUSES,
  SYNC_PROTOCOL,
  SYNC_PROTOCOL_HEADER,
  SYNC_PROTOCOL_MIN,
  TEAM_ROLES,
  type AttendeeKind,
  type CheckinAction,
  type FloorEntity,
  type InspectionStatus,
} from '../floor-constants';

const id = z.number().int();
const idInput = z
  .number({ error: requiredOrInvalid })
  .int({ error: 'invalid' })
  .positive({ error: 'invalid' })
  .max(MAX_ID, { error: 'invalid' });
const optionalText = (max: number) => z.string({ error: 'invalid' }).trim().max(max, { error: 'too_long' }).nullish();
const deviceId = optionalText(100);
const occurredAt = isoDateTimeField.optional();
/** A client-made UUID (the Idempotency-Key of the write that created the row). */
const clientKey = z.string().nullable();

// ---- rows of the floor snapshot ----------------------------------------------------------

/** A rider at the venue (id: the venue participation). `qr` is the full code r{rider}-{hash}. */
export const floorRider = z.object({
  id,
  rider: id,
  name: z.string(),
  payer: z.object({ type: z.enum(['rider', 'employer']), id, name: z.string() }),
  qr: z.string(),
});
export type FloorRider = z.infer<typeof floorRider>;

/** A groom of a rider at the venue (id: the groom). `qr` is g{groom}-{hash}. */
export const floorGroom = z.object({ id, rider: id, participation: id, name: z.string(), qr: z.string() });
export type FloorGroom = z.infer<typeof floorGroom>;

/** A horse at the venue (id: the participation horse) with its head number. */
export const floorHorse = z.object({
  id,
  participation: id,
  rider: id,
  horse: id,
  name: z.string(),
  fei_id: z.string().nullable(),
  head_number: z.number().int().nullable(),
});
export type FloorHorse = z.infer<typeof floorHorse>;

export const floorConsumable = z.object({
  id,
  name: z.string(),
  category: z.string(),
  unit: z.string(),
  /** Minor units, as entered (gross or net per the venue). */
  unit_price: id,
  active: z.boolean(),
});
export type FloorConsumable = z.infer<typeof floorConsumable>;

export const floorTransaction = z.object({
  id,
  key: clientKey,
  kind: z.enum(TRANSACTION_KINDS),
  party: z.object({ type: z.enum(PARTY_TYPES), id, name: z.string() }),
  /** The rider the entry was for (the party itself, or the beneficiary of an employer's entry). */
  rider: id.nullable(),
  consumable: id.nullable(),
  description: z.string(),
  quantity: id,
  unit_price: id,
  /** Signed as it affects the party: a charge is negative. */
  gross: id,
  currency: z.string(),
  source: z.enum(TRANSACTION_SOURCES),
  created_by: z.string().nullable(),
  device_id: z.string().nullable(),
  occurred_at: z.string(),
  recorded_at: z.string(),
  reversal_of: id.nullable(),
});
export type FloorTransaction = z.infer<typeof floorTransaction>;

export const attendee = z.object({
  id,
  venue: id,
  key: clientKey,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  kind: z.enum(ATTENDEE_KINDS),
  role: z.string().nullable(),
  organisation: z.string().nullable(),
  badge: z.string().nullable(),
  user: id.nullable(),
  created_at: z.string(),
});
export type Attendee = z.infer<typeof attendee>;

const eventFields = {
  id,
  key: clientKey,
  occurred_at: z.string(),
  recorded_at: z.string(),
  recorded_by: z.string().nullable(),
  device_id: z.string().nullable(),
};

export const checkin = z.object({ ...eventFields, attendee: id, action: z.enum(CHECKIN_ACTIONS) });
export type Checkin = z.infer<typeof checkin>;

export const signin = z.object({ ...eventFields, participation: id, action: z.enum(CHECKIN_ACTIONS) });
export type Signin = z.infer<typeof signin>;

export const inspection = z.object({
  ...eventFields,
  /** The participation horse. */
  horse: id,
  status: z.enum(INSPECTION_STATUSES),
  notes: z.string(),
  inspector: z.string(),
});
export type Inspection = z.infer<typeof inspection>;

export const floorChanges = z.object({
  protocol: z.number().int(),
  venue: z.object({
    id,
    name: z.string(),
    currency: z.string(),
    currency_display: z.string(),
    time_zone: z.string(),
  }),
  /** Pass it back as ?cursor= next time. */
  cursor: id,
  /** True: this is a full snapshot; drop everything kept for the venue first. */
  reset: z.boolean(),
  riders: z.array(floorRider),
  grooms: z.array(floorGroom),
  horses: z.array(floorHorse),
  consumables: z.array(floorConsumable),
  transactions: z.array(floorTransaction),
  attendees: z.array(attendee),
  checkins: z.array(checkin),
  signins: z.array(signin),
  inspections: z.array(inspection),
  deleted: z.array(z.object({ entity: z.enum(FLOOR_ENTITIES), id })),
});
export type FloorChanges = z.infer<typeof floorChanges>;

export const floorChangesQuery = z.object({
  cursor: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).min(0, { error: 'invalid' }).default(0),
  /**
   * The device's heartbeat, folded into the pull (POST /api/v1/device/heartbeat/'s fields): a
   * tablet that pulls needs no request of its own to say it is alive; the answer comes in the
   * DEVICE_ANSWER_HEADER.
   */
  device_id: deviceKeyField.optional(),
  app_version: appVersionField,
  pending_writes: pendingWritesField(true).optional(),
});

// ---- writes ---------------------------------------------------------------------------------

export const attendeeInput = z.object({
  venue: idInput,
  first_name: requiredString(100),
  last_name: z.string({ error: 'invalid' }).trim().max(100, { error: 'too_long' }).default(''),
  email: z
    .string({ error: 'invalid' })
    .trim()
    .max(254, { error: 'too_long' })
    .pipe(z.union([z.literal(''), z.email({ error: 'invalid_email' })]))
    .nullish(),
  phone: optionalText(40),
  kind: z.enum(ATTENDEE_KINDS, { error: 'invalid' }).default('guest'),
  role: z.enum(TEAM_ROLES, { error: 'invalid' }).nullish(),
  organisation: optionalText(200),
  badge: optionalText(40),
  device_id: deviceId,
});
export type AttendeeInput = z.input<typeof attendeeInput>;

/** Only the fields sent change: no defaults here, so a missing field keeps its value. */
export const attendeeEdit = atLeastOneField(
  attendeeInput
    .omit({ venue: true, device_id: true })
    .extend({
      last_name: z.string({ error: 'invalid' }).trim().max(100, { error: 'too_long' }),
      kind: z.enum(ATTENDEE_KINDS, { error: 'invalid' }),
    })
    .partial(),
);
export type AttendeeEdit = z.input<typeof attendeeEdit>;

/** An attendee with their current state (the latest check-in event). */
export const attendeeRow = attendee.extend({
  checked_in: z.boolean(),
  last_checkin_at: z.string().nullable(),
});
export type AttendeeRow = z.infer<typeof attendeeRow>;

export const attendeeListQuery = listQuery.extend({
  venue: z.coerce.number({ error: 'invalid' }).int().positive().max(MAX_ID, { error: 'invalid' }),
  search: z.string().trim().max(100).optional(),
  kind: z.enum(ATTENDEE_KINDS, { error: 'invalid' }).optional(),
});

export const checkinInput = z
  .object({
    /** The attendee's id, or the client key it was created with (attendee_key). */
    attendee: idInput.optional(),
    attendee_key: z.string({ error: 'invalid' }).trim().min(1).max(200, { error: 'too_long' }).optional(),
    action: z.enum(CHECKIN_ACTIONS, { error: requiredOrInvalid }),
    occurred_at: occurredAt,
    device_id: deviceId,
  })
  .refine((v) => v.attendee !== undefined || v.attendee_key !== undefined, {
    path: ['attendee'],
    error: 'required',
  });
export type CheckinInput = z.input<typeof checkinInput>;

export const signinInput = z.object({
  participation: idInput,
  action: z.enum(CHECKIN_ACTIONS, { error: requiredOrInvalid }),
  occurred_at: occurredAt,
  device_id: deviceId,
});
export type SigninInput = z.input<typeof signinInput>;

export const inspectionInput = z.object({
  /** The participation horse. */
  horse: idInput,
  status: z.enum(INSPECTION_STATUSES, { error: requiredOrInvalid }),
  notes: z.string({ error: 'invalid' }).trim().max(2000, { error: 'too_long' }).default(''),
  inspector: z.string({ error: 'invalid' }).trim().max(200, { error: 'too_long' }).default(''),
  occurred_at: occurredAt,
  device_id: deviceId,
});
export type InspectionInput = z.input<typeof inspectionInput>;

export const eventListQuery = listQuery.extend({
  venue: z.coerce.number({ error: 'invalid' }).int().positive().max(MAX_ID, { error: 'invalid' }).optional(),
  attendee: z.coerce.number({ error: 'invalid' }).int().positive().max(MAX_ID, { error: 'invalid' }).optional(),
  participation: z.coerce.number({ error: 'invalid' }).int().positive().max(MAX_ID, { error: 'invalid' }).optional(),
  horse: z.coerce.number({ error: 'invalid' }).int().positive().max(MAX_ID, { error: 'invalid' }).optional(),
});

export const qrCode = z.object({ type: z.enum(['r', 'g']), id, name: z.string(), code: z.string() });
export type QrCode = z.infer<typeof qrCode>;
export const myQrCodes = z.object({ results: z.array(qrCode) });
