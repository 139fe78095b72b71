import { useLiveQuery } from 'dexie-react-hooks';
import type { FloorEntity } from '@shared/schemas/floor';
import { floorDb, type FloorDb, type LocalId } from './db';
import { floorTable } from './outbox';
import { venueRow } from './snapshot-chunks';

/**
 * The writes a revoked tablet could not deliver: those still queued (of every user of the
 * device) and those the server refused as `device_revoked`. They stay in the offline store —
 * nothing here deletes one — so the show office can re-enter them from the list the tablet
 * shows, signed out, until someone dismisses them on a working session.
 */
export interface UnsentWrite {
  key: string;
  entity: FloorEntity;
  venue: number;
  /** Who it was for (a rider, an attendee, a horse's rider…), as the tablet knew them. */
  person: string | null;
  /** What: the article charged, the horse inspected, the action. */
  item: string | null;
  /** Integer minor units, signed as it affects the party (a charge is negative), or null. */
  amount: number | null;
  currency: string | null;
  /** ISO time the write was made on the tablet. */
  at: string;
  /** Still queued (true) or refused because the tablet was revoked (false). */
  queued: boolean;
}

type Row = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const fullName = (row: Row | undefined): string | null =>
  row ? text([row.first_name, row.last_name].filter((part) => typeof part === 'string').join(' ')) : null;

/** A row id to look up, or null when the write did not name one (Dexie refuses `undefined`). */
const idOf = (value: unknown): LocalId | null =>
  typeof value === 'number' || (typeof value === 'string' && value !== '') ? value : null;

const isRevokedRefusal = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { error?: unknown }).error === 'device_revoked';

/** Person, item and amount of one write, from its local row (or the body sent). */
export async function describeWrite(
  db: FloorDb,
  venue: number,
  entity: FloorEntity,
  key: string,
  body: unknown,
): Promise<Pick<UnsentWrite, 'person' | 'item' | 'amount' | 'currency'>> {
  const row = ((await floorTable(db, entity).get(key)) ?? (body as Row | null) ?? {}) as Row;
  const none = { person: null, item: null, amount: null, currency: null };
  switch (entity) {
    case 'transactions': {
      const party = row.party as { name?: unknown } | undefined;
      return {
        person: text(party?.name),
        item: text(row.description),
        amount: typeof row.gross === 'number' ? row.gross : null,
        currency: text(row.currency),
      };
    }
    case 'attendees':
      return { ...none, person: fullName(row) };
    case 'checkins': {
      const id = idOf(row.attendee);
      const attendee = id === null ? undefined : await venueRow(db, venue, 'attendees', id);
      return { ...none, person: fullName(attendee as Row | undefined), item: text(row.action) };
    }
    case 'signins': {
      const id = idOf(row.participation);
      const rider = id === null ? undefined : await venueRow(db, venue, 'riders', id);
      return { ...none, person: text(rider?.name), item: text(row.action) };
    }
    case 'inspections': {
      const id = idOf(row.horse);
      const horse = id === null ? undefined : await venueRow(db, venue, 'horses', id);
      return { ...none, person: text(horse?.name), item: text(row.status) };
    }
    default:
      return none;
  }
}

/** Every write this tablet still holds unsent, oldest first. */
export async function unsentWrites(db: FloorDb = floorDb): Promise<UnsentWrite[]> {
  const queued = await db.outbox.orderBy('seq').toArray();
  const refused = (await db.attention.toArray()).filter((item) => isRevokedRefusal(item.error));
  const writes = await Promise.all([
    ...queued.map(async (item) => ({
      key: item.key,
      entity: item.entity,
      venue: item.venue,
      at: item.createdAt,
      queued: true,
      ...(await describeWrite(db, item.venue, item.entity, item.key, item.body)),
    })),
    ...refused.map(async (item) => {
      const row = (await floorTable(db, item.entity).get(item.key)) as Row | undefined;
      return {
        key: item.key,
        entity: item.entity,
        venue: item.venue,
        at: text(row?.occurred_at) ?? text(row?.created_at) ?? item.at,
        queued: false,
        ...(await describeWrite(db, item.venue, item.entity, item.key, item.body)),
      };
    }),
  ]);
  return writes.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** The unsent writes, kept current as the store changes; undefined while loading. */
export function useUnsentWrites(): UnsentWrite[] | undefined {
  return useLiveQuery(() => unsentWrites(), []);
}
