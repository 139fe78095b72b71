import type { TransactionInput } from '@shared/schemas/ledger';
import type { TransactionUndoInput } from '@shared/schemas/floor-undo';
import type {
  AttendeeInput,
  CheckinAction,
  CheckinInput,
  InspectionInput,
  InspectionStatus,
  SigninInput,
} from '@shared/schemas/floor';
import { useAppStore } from '@/lib/store';
import type {
  LocalAttendee,
  LocalCheckin,
  LocalConsumable,
  LocalHorse,
  LocalInspection,
  LocalRider,
  LocalSignin,
  LocalTransaction,
} from './db';
import { deviceId } from './device-id';
import { enqueue, newKey } from './outbox';
import type { FloorPerson } from './queries';

export { deviceId } from './device-id';

/*
 * The floor's writes: each builds the row shown at once (pending) and the request replayed
 * later, and queues both with `enqueue`. Every write carries this device's id and its clock.
 */

/** A stable charge's quantity: 1 to 999 items. */
export const MAX_CHARGE_QUANTITY = 999;

/** The signed-in user's name, as the server records it beside each write. */
function actor(): string | null {
  const user = useAppStore.getState().user;
  return user ? [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username : null;
}

function stamp() {
  const now = new Date().toISOString();
  return { key: newKey(), now, device: deviceId() };
}

interface ChargeWrite {
  venue: number;
  currency: string;
  person: FloorPerson;
  consumable: LocalConsumable;
  quantity: number;
}

/** A stable charge; a groom's goes to the groom's rider, with the groom's name in the description. */
export async function recordCharge({ venue, currency, person, consumable, quantity }: ChargeWrite) {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_CHARGE_QUANTITY) {
    throw new RangeError(`quantity out of range: ${quantity}`);
  }
  const { key, now, device } = stamp();
  const { rider, groom } = person;
  const description = groom ? `${consumable.name} — ${groom.name}` : consumable.name;
  const body: TransactionInput = {
    venue,
    kind: 'charge',
    party_type: 'rider',
    party_id: rider.rider,
    consumable: Number(consumable.id),
    quantity,
    source: 'stable',
    device_id: device,
    occurred_at: now,
    ...(groom && { description }),
  };
  const row: LocalTransaction = {
    id: key,
    key,
    venue,
    kind: 'charge',
    party: rider.payer,
    rider: rider.rider,
    consumable: Number(consumable.id),
    description,
    quantity,
    unit_price: consumable.unit_price,
    gross: -(consumable.unit_price * quantity),
    currency,
    source: 'stable',
    created_by: actor(),
    device_id: device,
    occurred_at: now,
    recorded_at: now,
    reversal_of: null,
    pending: 1,
  };
  await enqueue({ venue, entity: 'transactions', row, path: 'transaction/', body, key });
  return row;
}

/** How long the stable sees "Undo" after a charge (the server allows its author 10 minutes). */
export const UNDO_VISIBLE_MS = 15_000;

/**
 * Undo of a charge made on this device: its reversal, queued like any write after the charge
 * (so it reaches the server after it) and named by the charge's key, which the charge keeps
 * whether it is still queued or already sent. Shown at once: the balance goes back.
 */
export async function undoCharge(charge: LocalTransaction) {
  if (charge.kind !== 'charge' || !charge.key) throw new Error('undoCharge: not a charge of this device');
  const { key, now, device } = stamp();
  const body: TransactionUndoInput = { venue: charge.venue, key: charge.key, device_id: device };
  const row: LocalTransaction = {
    ...charge,
    id: key,
    key,
    kind: 'reversal',
    quantity: -charge.quantity,
    gross: -charge.gross,
    created_by: actor(),
    device_id: device,
    occurred_at: now,
    recorded_at: now,
    reversal_of: typeof charge.id === 'number' ? charge.id : null,
    pending: 1,
  };
  delete row.rejected;
  await enqueue({ venue: charge.venue, entity: 'transactions', row, path: 'transaction/undo/', body, key });
  return row;
}

export type NewAttendee = Omit<AttendeeInput, 'venue' | 'device_id'>;

/** A new attendee (validated with the shared schema: it throws on invalid input). */
export async function addAttendee(venue: number, values: NewAttendee) {
  // The schema library loads with the welcome desk's form, not with every floor screen.
  const { attendeeInput } = await import('@shared/schemas/floor');
  const { key, now, device } = stamp();
  const body = attendeeInput.parse({ ...values, venue, device_id: device });
  const row: LocalAttendee = {
    id: key,
    key,
    venue,
    first_name: body.first_name,
    last_name: body.last_name,
    email: body.email || null,
    phone: body.phone || null,
    kind: body.kind,
    role: body.role ?? null,
    organisation: body.organisation || null,
    badge: body.badge || null,
    user: null,
    created_at: now,
    pending: 1,
  };
  await enqueue({ venue, entity: 'attendees', row, path: 'attendee/', body, key });
  return row;
}

/** Check an attendee in or out; one not on the server yet is named by its client key. */
export async function checkIn(venue: number, attendee: LocalAttendee, action: CheckinAction) {
  const { key, now, device } = stamp();
  const who: Pick<CheckinInput, 'attendee' | 'attendee_key'> =
    typeof attendee.id === 'number' ? { attendee: attendee.id } : { attendee_key: attendee.key ?? attendee.id };
  const body: CheckinInput = { ...who, action, occurred_at: now, device_id: device };
  const row: LocalCheckin = {
    id: key,
    key,
    venue,
    attendee: attendee.id,
    action,
    occurred_at: now,
    recorded_at: now,
    recorded_by: actor(),
    device_id: device,
    pending: 1,
  };
  await enqueue({ venue, entity: 'checkins', row, path: 'attendeeCheckin/', body, key });
  return row;
}

/** Sign a rider (their participation at the venue) in or out. */
export async function signIn(venue: number, rider: LocalRider, action: CheckinAction) {
  const { key, now, device } = stamp();
  const participation = Number(rider.id);
  const body: SigninInput = { participation, action, occurred_at: now, device_id: device };
  const row: LocalSignin = {
    id: key,
    key,
    venue,
    participation,
    action,
    occurred_at: now,
    recorded_at: now,
    recorded_by: actor(),
    device_id: device,
    pending: 1,
  };
  await enqueue({ venue, entity: 'signins', row, path: 'riderSignin/', body, key });
  return row;
}

export interface InspectionValues {
  status: InspectionStatus;
  notes: string;
  inspector: string;
  /** ISO time the inspection took place. */
  occurred_at: string;
}

/** A vet inspection of a horse at the venue: an event; the horse's status is the latest. */
export async function recordInspection(venue: number, horse: LocalHorse, values: InspectionValues) {
  const { key, now, device } = stamp();
  const notes = values.notes.trim();
  const inspector = values.inspector.trim();
  const body: InspectionInput = { horse: Number(horse.id), ...values, notes, inspector, device_id: device };
  const row: LocalInspection = {
    id: key,
    key,
    venue,
    horse: Number(horse.id),
    status: values.status,
    notes,
    inspector,
    occurred_at: values.occurred_at,
    recorded_at: now,
    recorded_by: actor(),
    device_id: device,
    pending: 1,
  };
  await enqueue({ venue, entity: 'inspections', row, path: 'vetInspection/', body, key });
  return row;
}
