import pg from 'pg';
import type { BalanceCheck } from '@shared/schemas/ledger';
import type { Book, SentWrite, WriteKind } from './book';
import { LOAD_TAG, VENUE } from './seed';

/**
 * The proof after a run: every write the tablets queued is in the database exactly once (found
 * by its key, as the server stores it), no other row came from the tablets, the ledger's own
 * check recomputes every balance from the postings and finds nothing wrong, and each charged
 * rider's balance is exactly what the tablets sent (charges less their undos).
 */

export interface Outcome {
  sent: number;
  /** Accepted on the tablets (created or replayed). */
  accepted: number;
  /** Sent and not in the database, or never accepted. */
  lost: number;
  /** In the database more than once, or rows of the tablets no write accounts for. */
  doubled: number;
  ledgerOk: boolean;
  ledgerDetail: string;
  balancesChecked: number;
  balancesWrong: number;
  byKind: Record<string, { sent: number; found: number; doubled: number }>;
  ok: boolean;
}

/** The rows of the tablets' devices ($2); attendees name no device, only who created them. */
const BY_DEVICE = 't.device_id = ANY($2::text[])';
const BY_LOAD_LOGIN = `$2::text[] IS NOT NULL AND t.created_by_user_id IN (SELECT id FROM users WHERE username LIKE '${LOAD_TAG}-%')`;

/** Where each kind of write leaves its row, the column that holds its key, and the tablets' rows. */
const TABLES: Record<WriteKind, { table: string; key: string; where?: string; ours: string }> = {
  charge: { table: 'transactions', key: 'idempotency_key', where: "kind = 'charge'", ours: BY_DEVICE },
  undo: { table: 'transactions', key: 'idempotency_key', where: "kind = 'reversal'", ours: BY_DEVICE },
  attendee: { table: 'attendees', key: 'client_key', ours: BY_LOAD_LOGIN },
  checkin: { table: 'attendee_checkins', key: 'client_key', ours: BY_DEVICE },
  signin: { table: 'rider_signins', key: 'client_key', ours: BY_DEVICE },
  inspection: { table: 'vet_inspections', key: 'client_key', ours: BY_DEVICE },
};

export async function verifyOutcome(
  url: string,
  book: Book,
  devices: string[],
  ledgerCheck: () => Promise<BalanceCheck>,
): Promise<Outcome> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const writes = [...book.writes.values()];
    const byKind: Outcome['byKind'] = {};
    let lost = 0;
    let doubled = book.createdTwice;
    for (const [kind, where] of Object.entries(TABLES) as [WriteKind, (typeof TABLES)[WriteKind]][]) {
      const ofKind = writes.filter((w) => w.kind === kind);
      const { rows } = await client.query<{ key: string; n: number }>(
        `SELECT t.${where.key} AS key, count(*)::int AS n FROM ${where.table} t
         WHERE t.venue_id = $1 AND t.${where.key} = ANY($2::text[]) ${where.where ? `AND t.${where.where}` : ''}
         GROUP BY 1`,
        [VENUE, ofKind.map((w) => w.key)],
      );
      const found = new Map(rows.map((r) => [r.key, r.n]));
      // Every row the tablets wrote (by their devices), whatever its key: none may be unaccounted for.
      const { rows: all } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${where.table} t WHERE t.venue_id = $1 AND ${where.ours}
         ${where.where ? `AND t.${where.where}` : ''}`,
        [VENUE, devices],
      );
      let kindLost = 0;
      let kindDoubled = 0;
      for (const write of ofKind) {
        const n = found.get(write.key) ?? 0;
        if (n === 0 || write.acceptedAt === undefined) kindLost += 1;
        if (n > 1) kindDoubled += n - 1;
      }
      const extra = all[0]!.n - [...found.values()].reduce((sum, n) => sum + n, 0);
      kindDoubled += Math.max(0, extra);
      lost += kindLost;
      doubled += kindDoubled;
      byKind[kind] = { sent: ofKind.length, found: found.size, doubled: kindDoubled };
    }

    const check = await ledgerCheck();
    const ledgerDetail = check.ok
      ? `${check.accounts} accounts, ${check.postings} postings`
      : `unbalanced ${check.unbalanced_transactions.length}, mismatched accounts ${check.mismatched_accounts.length}, total ${check.total}`;

    // Each charged rider's balance: what the tablets charged, less what they undid (the riders
    // are new, so their balance started at 0, and only the tablets post to them).
    const expected = new Map<number, number>();
    const charges = new Map<string, SentWrite>(writes.filter((w) => w.kind === 'charge').map((w) => [w.key, w]));
    for (const write of writes) {
      if (write.acceptedAt === undefined) continue;
      if (write.kind === 'charge') expected.set(write.rider!, (expected.get(write.rider!) ?? 0) - write.gross!);
      if (write.kind === 'undo') {
        const charge = charges.get(write.undoes!)!;
        expected.set(charge.rider!, (expected.get(charge.rider!) ?? 0) + charge.gross!);
      }
    }
    const { rows: balances } = await client.query<{ party_id: number; balance: string }>(
      `SELECT party_id, balance_minor AS balance FROM accounts
       WHERE venue_id = $1 AND kind = 'party' AND party_type = 'rider' AND party_id = ANY($2::int[])`,
      [VENUE, [...expected.keys()]],
    );
    const actual = new Map(balances.map((b) => [Number(b.party_id), Number(b.balance)]));
    let balancesWrong = 0;
    for (const [rider, balance] of expected) if ((actual.get(rider) ?? 0) !== balance) balancesWrong += 1;

    const outcome = {
      sent: writes.length,
      accepted: book.acceptedCount,
      lost,
      doubled,
      ledgerOk: check.ok,
      ledgerDetail,
      balancesChecked: expected.size,
      balancesWrong,
      byKind,
    };
    return { ...outcome, ok: lost === 0 && doubled === 0 && check.ok && balancesWrong === 0 };
  } finally {
    await client.end();
  }
}
