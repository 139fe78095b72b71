import type {
  Attendee,
  AttendeeKind,
  CheckinAction,
  Checkin,
  Inspection,
  InspectionStatus,
  Signin,
} from '@shared/schemas/floor';
import type { attendeeCheckins, riderSignins, vetInspections } from '../../db/schema';
import type { AttendeeRecord } from './attendee.repo';

/** Wire forms of the floor's own rows (src/shared/schemas/floor.ts). */

export type CheckinRecord = typeof attendeeCheckins.$inferSelect;
export type SigninRecord = typeof riderSignins.$inferSelect;
export type InspectionRecord = typeof vetInspections.$inferSelect;

export const toAttendee = (row: AttendeeRecord): Attendee => ({
  id: row.id,
  venue: row.venueId,
  key: row.clientKey,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  phone: row.phone,
  kind: row.kind as AttendeeKind,
  role: row.role,
  organisation: row.organisation,
  badge: row.badge,
  user: row.userId,
  created_at: row.createdAt.toISOString(),
});

type EventRecord = Pick<CheckinRecord, 'id' | 'clientKey' | 'occurredAt' | 'recordedAt' | 'deviceId'>;

/** `recordedBy`: the name of the user who recorded the event. */
const eventFields = (row: EventRecord, recordedBy: string | null) => ({
  id: row.id,
  key: row.clientKey,
  occurred_at: row.occurredAt.toISOString(),
  recorded_at: row.recordedAt.toISOString(),
  recorded_by: recordedBy,
  device_id: row.deviceId,
});

export const toCheckin = (row: CheckinRecord, recordedBy: string | null): Checkin => ({
  ...eventFields(row, recordedBy),
  attendee: row.attendeeId,
  action: row.action as CheckinAction,
});

export const toSignin = (row: SigninRecord, recordedBy: string | null): Signin => ({
  ...eventFields(row, recordedBy),
  participation: row.venueParticipationId,
  action: row.action as CheckinAction,
});

export const toInspection = (row: InspectionRecord, recordedBy: string | null): Inspection => ({
  ...eventFields(row, recordedBy),
  horse: row.participationHorseId,
  status: row.status as InspectionStatus,
  notes: row.notes,
  inspector: row.inspector,
});
