/*
 * The floor's constants without the wire schemas: the offline store and the floor
 * screens import these, and importing them must not pull the schema library into the floor's
 * first chunks. `schemas/floor.ts` re-exports them with the schemas.
 */

export const SYNC_PROTOCOL = 1;
/** Oldest client protocol the server still accepts. */
export const SYNC_PROTOCOL_MIN = 1;
export const SYNC_PROTOCOL_HEADER = 'x-paddock-sync';
/**
 * The answer to a heartbeat folded into a pull: the heartbeat's JSON answer, URI-encoded
 * (`null`: the device is revoked); absent when the pull carried none or it could not be told.
 */
export const DEVICE_ANSWER_HEADER = 'x-paddock-device';

/**
 * Sent (`1`) with a snapshot the server kept from a moment ago, read once for the tablets that
 * ask rather than once each: rows changed after it, so the tablet pulls from its cursor as soon
 * as it is stored.
 */
export const SNAPSHOT_BEHIND_HEADER = 'x-paddock-snapshot-behind';

export const ATTENDEE_KINDS = ['team_member', 'guest', 'spectator', 'official', 'press', 'staff'] as const;
export type AttendeeKind = (typeof ATTENDEE_KINDS)[number];
/** Team roles (spec §3, "User role types in the rider context"). */
export const TEAM_ROLES = ['groom', 'trainer', 'horse_owner', 'family', 'rider', 'staff', 'guest'] as const;
export const CHECKIN_ACTIONS = ['in', 'out'] as const;
export type CheckinAction = (typeof CHECKIN_ACTIONS)[number];
export const INSPECTION_STATUSES = ['passed', 'failed', 'held'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];

/** The floor entities a tablet keeps; tombstones name one of these. */
export const FLOOR_ENTITIES = [
  'riders',
  'grooms',
  'horses',
  'consumables',
  'transactions',
  'attendees',
  'checkins',
  'signins',
  'inspections',
] as const;
export type FloorEntity = (typeof FLOOR_ENTITIES)[number];

/**
 * The floor's writes a batch may carry, by the path of their single endpoint (under /api/v1/):
 * the outbox queues each write with its path and sends up to MAX_BATCH_WRITES of them at once.
 */
export const FLOOR_WRITE_PATHS = [
  'transaction/',
  'transaction/undo/',
  'attendee/',
  'attendeeCheckin/',
  'riderSignin/',
  'vetInspection/',
] as const;
export type FloorWritePath = (typeof FLOOR_WRITE_PATHS)[number];
export const MAX_BATCH_WRITES = 100;

/**
 * A batched write's outcome: `created` (the effect happened now), `replayed` (its key was done
 * before: the stored answer), `refused` (a 4xx: the write stays refused, the others go on),
 * `retry` (the server could not decide it now: it and every later write of the batch stay
 * queued, in order), `skipped` (not tried, because an earlier write of the batch must be
 * retried first).
 */
export const BATCH_OUTCOMES = ['created', 'replayed', 'refused', 'retry', 'skipped'] as const;
export type BatchOutcome = (typeof BATCH_OUTCOMES)[number];
