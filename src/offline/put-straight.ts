import Dexie, { RangeSet, type ObservabilitySet, type Table, type Transaction } from 'dexie';

type NativeTransaction = IDBTransaction & { mutatedParts?: ObservabilitySet };

/**
 * Puts `records` into `table` in `tx` (read-write over it) straight through IndexedDB, in the
 * order of the requests made in it so far (a deletion awaited before stays before). For the
 * few large records of a snapshot: through Dexie's table API every index key of every record
 * is tracked one by one for the live queries (a 50,000-entry snapshot cost a second of the main
 * thread), here the whole table is marked changed. Call it while the transaction is active: in
 * its scope, not after awaiting anything but the transaction's own requests.
 */
export function putStraight<T, K>(tx: Transaction, table: Table<T, K>, records: readonly T[]): void {
  if (!records.length) return;
  const native = tx.idbtrans as NativeTransaction;
  const store = native.objectStore(table.name);
  for (const record of records) store.put(record);
  /*
   * Dexie's live queries re-run, and its caches drop, what a committed transaction lists in
   * `mutatedParts` (what its own writes record there): here the whole table, as a clear() does.
   */
  const everything = () => new RangeSet(Dexie.minKey, Dexie.maxKey);
  const prefix = `idb://${table.db.name}/${table.name}/`;
  const parts: ObservabilitySet = { [prefix]: everything(), [`${prefix}:dels`]: everything() };
  for (const index of table.schema.indexes) parts[prefix + index.name] = everything();
  native.mutatedParts = Dexie.extendObservabilitySet(native.mutatedParts ?? {}, parts);
}
