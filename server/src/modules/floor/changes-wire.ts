import type { PartyType, TransactionKind, TransactionSource } from '@shared/ledger';
import type { QrUserType } from '@shared/qr';
import type {
  Attendee,
  Checkin,
  FloorChanges,
  FloorConsumable,
  FloorEntity,
  FloorGroom,
  FloorHorse,
  FloorTransaction,
  Inspection,
  Signin,
} from '@shared/schemas/floor';
import { partySign } from '../ledger/wire';
import type { EntryNames, FloorLists } from './changes.repo';
import { isoOfMs as iso } from '@shared/iso-time';

/** The wire rows of a pull from the database's JSON columns (changes-lists.ts). */

type Columns<T> = { [K in keyof T]: T[K][] };
type Row = Record<string, unknown>;

/** `{name: [values…]}` parsed; an empty list has null (json_agg of no rows) or no columns. */
function columnsOf<T>(json: string): { table: Columns<T>; size: number } {
  const table = JSON.parse(json) as Record<string, unknown[] | null>;
  const first = Object.values(table)[0];
  return { table: table as Columns<T>, size: first?.length ?? 0 };
}

/** The rows of a columns object: the i-th values make the i-th row. */
function zip<T = Row>(json: string): T[] {
  const { table, size } = columnsOf<Row>(json);
  const names = Object.keys(table);
  const rows: T[] = new Array(size);
  for (let i = 0; i < size; i++) {
    const row: Row = {};
    for (const name of names) row[name] = table[name]![i];
    rows[i] = row as T;
  }
  return rows;
}

/** Rows whose named fields come as epoch milliseconds, with those as ISO strings. */
function withTimes<T>(json: string, fields: readonly string[]): T[] {
  return zip(json).map((row) => {
    for (const field of fields) row[field] = iso(row[field] as number);
    return row as T;
  });
}

interface RiderColumns {
  id: number;
  rider: number;
  name: string;
  payer_type: 'rider' | 'employer';
  payer_id: number;
  payer_name: string | null;
}

interface EntryColumns {
  id: number;
  key: string | null;
  kind: TransactionKind;
  original_kind: string | null;
  party_type: PartyType;
  party_id: number;
  beneficiary: number | null;
  consumable: number | null;
  description: string;
  quantity: number;
  unit_price: number;
  gross: number;
  currency: string;
  source: TransactionSource;
  created_by: number | null;
  device_id: string | null;
  occurred_at: number;
  recorded_at: number;
  reversal_of: number | null;
}

/** The entries of a pull, read column by column (50,000 of them on a big show). */
export class EntryTable {
  private readonly t: Columns<EntryColumns>;
  readonly size: number;

  constructor(json: string) {
    const { table, size } = columnsOf<EntryColumns>(json);
    this.t = table;
    this.size = size;
  }

  rows(names: EntryNames): FloorTransaction[] {
    const t = this.t;
    const parties = new Map(
      zip<{ type: string; id: number; name: string | null }>(names.parties).map((p) => [`${p.type}:${p.id}`, p.name]),
    );
    const authors = new Map(zip<{ id: number; name: string | null }>(names.authors).map((a) => [a.id, a.name]));
    const rows: FloorTransaction[] = new Array(this.size);
    for (let i = 0; i < this.size; i++) {
      const type = t.party_type[i]!;
      const party = t.party_id[i]!;
      const kind = t.kind[i]!;
      const author = t.created_by[i]!;
      rows[i] = {
        id: t.id[i]!,
        key: t.key[i]!,
        kind,
        party: { type, id: party, name: parties.get(`${type}:${party}`) ?? '' },
        rider: type === 'rider' ? party : t.beneficiary[i]!,
        consumable: t.consumable[i]!,
        description: t.description[i]!,
        quantity: t.quantity[i]!,
        unit_price: t.unit_price[i]!,
        // As the ledger's wire signs it: as it affects the party, a charge negative (−0 made 0).
        gross: partySign(t.original_kind[i] ?? kind) * t.gross[i]! || 0,
        currency: t.currency[i]!,
        source: t.source[i]!,
        created_by: author === null ? null : (authors.get(author) ?? null),
        device_id: t.device_id[i]!,
        occurred_at: iso(t.occurred_at[i]!),
        recorded_at: iso(t.recorded_at[i]!),
        reversal_of: t.reversal_of[i]!,
      };
    }
    return rows;
  }
}

const EVENT_TIMES = ['occurred_at', 'recorded_at'] as const;

export type FloorRows = Omit<FloorChanges, 'protocol' | 'venue' | 'cursor' | 'reset'>;

/** A rider's ('r') or groom's ('g') QR code. */
export type QrCodes = (type: QrUserType, id: number) => string;

/**
 * Tombstones of rows the same answer carries again: a groom moved to another rider of the venue
 * leaves a tombstone and comes back under the new rider. The row wins, in whatever order a
 * client applies the two.
 */
function stillGone(deleted: FloorChanges['deleted'], rows: Omit<FloorRows, 'deleted'>): FloorChanges['deleted'] {
  if (!deleted.length) return deleted;
  const present = new Map<FloorEntity, Set<number>>();
  const idsOf = (entity: FloorEntity) => {
    let ids = present.get(entity);
    if (!ids) {
      ids = new Set(rows[entity].map((row) => row.id));
      present.set(entity, ids);
    }
    return ids;
  };
  return deleted.filter((gone) => !idsOf(gone.entity).has(gone.id));
}

/** A pull's tombstones as they are listed (none left out). */
export const tombstonesOf = (json: string): FloorChanges['deleted'] => zip<FloorChanges['deleted'][number]>(json);

/** Every list of a pull as wire rows. */
export function floorRows(lists: FloorLists, transactions: FloorTransaction[], qr: QrCodes): FloorRows {
  const rows = {
    riders: zip<RiderColumns>(lists.riders).map((r) => ({
      id: r.id,
      rider: r.rider,
      name: r.name,
      payer: { type: r.payer_type, id: r.payer_id, name: r.payer_name ?? '' },
      qr: qr('r', r.rider),
    })),
    grooms: zip<Omit<FloorGroom, 'qr'>>(lists.grooms).map((g) => ({ ...g, qr: qr('g', g.id) })),
    horses: zip<FloorHorse>(lists.horses),
    consumables: zip<FloorConsumable>(lists.consumables),
    transactions,
    attendees: withTimes<Attendee>(lists.attendees, ['created_at']),
    checkins: withTimes<Checkin>(lists.checkins, EVENT_TIMES),
    signins: withTimes<Signin>(lists.signins, EVENT_TIMES),
    inspections: withTimes<Inspection>(lists.inspections, EVENT_TIMES),
  };
  return { ...rows, deleted: stillGone(zip<FloorChanges['deleted'][number]>(lists.deleted), rows) };
}
