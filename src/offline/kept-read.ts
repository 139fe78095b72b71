import Dexie, { type ObservabilitySet, type Table } from 'dexie';

/*
 * Reads of the offline store kept in memory after they were made, until a table they read
 * changes: a screen that needs them again (a scan's, the next time a code is scanned) has them
 * at once, in its first render, instead of waiting for IndexedDB, whose every request comes
 * back only with a turn of the main thread, behind the route's render.
 *
 * A kept value is dropped on Dexie's `storagemutated` event of any of its tables: it fires when
 * a write's transaction has committed, in this tab and (through a BroadcastChannel) in the
 * others, as the live queries see changes; every write of the app goes through Dexie or marks
 * what it changed as Dexie does (put-straight.ts). A read made while one of its tables changed
 * is handed to its caller but not kept: it may have started before the change.
 */

/** How long the store stays unchanged before a held read that a change dropped is read again. */
export const KEPT_QUIET_MS = 150;

/** A read of the store, kept in memory while its tables are unchanged. */
export interface KeptRead<T> {
  /** The value kept, if there is one (else undefined: read it). */
  peek(): T | undefined;
  /**
   * Reads it now, inside the caller's transaction if there is one (a live query's reads then
   * subscribe it to the tables as ever), and keeps what it read.
   */
  read(): Promise<T>;
  /**
   * Keeps the value read while held: when a change drops it, it is read again (in a transaction
   * of its own) once the store has been quiet for KEPT_QUIET_MS. Nothing is read for a read
   * never made: holding it does not add reads beside a first pull. Returns the release.
   */
  hold(): () => void;
}

/** Changes seen per table (`<database>/<table>`): a read is kept only if none came meanwhile. */
const changes = new Map<string, number>();
/** The kept reads of each table. */
const readers = new Map<string, Set<Keeper<unknown>>>();

const tableKey = (db: Dexie, table: string) => `${db.name}/${table}`;

/** `<database>/<table>` of each part Dexie names (`idb://<database>/<table>/<index>`). */
function changedTables(parts: ObservabilitySet): Set<string> {
  const tables = new Set<string>();
  for (const part of Object.keys(parts)) {
    if (!part.startsWith('idb://')) continue;
    const path = part.slice('idb://'.length);
    tables.add(path.slice(0, path.lastIndexOf('/')));
  }
  return tables;
}

function changed(tables: Iterable<string>): void {
  const dropped = new Set<Keeper<unknown>>();
  for (const table of tables) {
    changes.set(table, (changes.get(table) ?? 0) + 1);
    for (const keeper of readers.get(table) ?? []) dropped.add(keeper);
  }
  for (const keeper of dropped) keeper.drop();
}

Dexie.on('storagemutated', (parts: ObservabilitySet) => changed(changedTables(parts)));

class Keeper<T> implements KeptRead<T> {
  private kept: { value: T } | undefined;
  /** Read once at least: a held read is read again after a change only then. */
  private wanted = false;
  private holds = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly keys: string[];

  constructor(
    private readonly db: Dexie,
    private readonly tables: readonly Table[],
    private readonly reader: () => Promise<T>,
  ) {
    this.keys = tables.map((table) => tableKey(db, table.name));
    for (const key of this.keys) {
      const set = readers.get(key) ?? new Set();
      set.add(this as Keeper<unknown>);
      readers.set(key, set);
    }
    // A database deleted or upgraded elsewhere (its connection closes) keeps nothing of before.
    db.on('versionchange', () => this.drop());
    db.on('close', () => this.drop());
  }

  private seen(): number {
    return this.keys.reduce((sum, key) => sum + (changes.get(key) ?? 0), 0);
  }

  peek(): T | undefined {
    return this.kept?.value;
  }

  async read(): Promise<T> {
    const before = this.seen();
    this.wanted = true;
    const value = await this.reader();
    if (this.seen() === before) this.kept = { value };
    return value;
  }

  drop(): void {
    this.kept = undefined;
    if (this.holds > 0) this.later();
  }

  /** Reads again once the store is quiet (each change puts it off), while held and not kept. */
  private later(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.holds === 0 || this.kept) return;
      // Outside any transaction of the caller's: one of its own over the read's tables.
      Dexie.ignoreTransaction(() => {
        this.db
          .transaction('r', this.tables, () => this.read())
          .catch(() => {
            // The screen reads it itself then, as without a kept value.
          });
      });
    }, KEPT_QUIET_MS);
  }

  hold(): () => void {
    this.holds += 1;
    if (this.wanted && !this.kept) this.later();
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.holds -= 1;
      if (this.holds === 0) clearTimeout(this.timer);
    };
  }
}

/**
 * A read of `tables` of `db` (`read` reads nothing else), kept in memory until one of them
 * changes. The value is shared by every caller: never change it.
 */
export function keptRead<T>(db: Dexie, tables: readonly Table[], read: () => Promise<T>): KeptRead<T> {
  return new Keeper(db, tables, read);
}
