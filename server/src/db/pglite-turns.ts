import { PGlite, type PGliteOptions, type Transaction } from '@electric-sql/pglite';

/*
 * PGlite runs each statement synchronously on the event loop and answers through promises that
 * are already settled, so a request running twenty statements one after another never hands the
 * loop back: every other request (a health check, a tablet's scan) waits behind the whole chain,
 * not behind one statement. A server like PostgreSQL answers over a socket, and the loop serves
 * others between the statements; this client does the same by taking one turn of the event loop
 * (setImmediate: after pending I/O) before each statement.
 */

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A transaction whose statements take their turn too. */
function takingTurns(tx: Transaction): Transaction {
  return {
    query: async (...args) => {
      await nextTurn();
      return tx.query(...args);
    },
    sql: async (...args) => {
      await nextTurn();
      return tx.sql(...args);
    },
    exec: async (...args) => {
      await nextTurn();
      return tx.exec(...args);
    },
    rollback: () => tx.rollback(),
    listen: (...args) => tx.listen(...args),
    get closed() {
      return tx.closed;
    },
  } as Transaction;
}

export class TurnTakingPGlite extends PGlite {
  override async query<T>(...args: Parameters<PGlite['query']>) {
    await nextTurn();
    return super.query<T>(...args);
  }

  override async exec(...args: Parameters<PGlite['exec']>) {
    await nextTurn();
    return super.exec(...args);
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>) {
    await nextTurn();
    return super.transaction((tx) => callback(takingTurns(tx)));
  }

  /** Like PGlite.create, of this class (PGlite.create always builds a plain PGlite). */
  static async open(options: PGliteOptions): Promise<TurnTakingPGlite> {
    const client = new TurnTakingPGlite(options);
    await client.waitReady;
    return client;
  }
}
