import { and, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccountKind } from '@shared/ledger';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { transactions as t, venues } from '../../db/schema';
import type { Page } from '../../http/pagination';
import { containsPattern } from '../people/search-pattern';
import type { PostingLine } from './effects';
import { merchantName, partyName, riderName, userName } from './names';
import type { TransactionRow, WireRow } from './wire';

export interface ListFilter {
  venue?: number;
  partyType?: string;
  partyId?: number;
  rider?: number;
  merchant?: number;
  kind?: string;
  source?: string;
  dateFrom?: string;
  dateTo?: string;
  search?: string;
  hideReversed?: boolean;
}

const reversal = alias(t, 'reversal');
const original = alias(t, 'original');

const wireColumns = {
  t,
  partyName: partyName(t.partyType, t.partyId),
  beneficiaryName: riderName(t.beneficiaryRiderId),
  merchantName: merchantName(t.merchantId),
  createdByName: userName(t.createdByUserId),
  reversedBy: reversal.id,
  originalKind: original.kind,
};

/** +1/−1 as the entry affects its party (a reversal: the opposite of what it reverses). */
const partySignSql = sql`(CASE WHEN (CASE WHEN ${t.kind} = 'reversal'
    THEN (SELECT o.kind FROM transactions o WHERE o.id = ${t.reversalOfId}) ELSE ${t.kind} END)
  IN ('credit', 'payment') THEN 1 ELSE -1 END)`;
const signedSum = (column: SQL | typeof t.netMinor) =>
  sql<number>`COALESCE(sum(${partySignSql} * ${column}), 0)`.mapWith(Number);
const localDay = sql`(${t.recordedAt} AT TIME ZONE (SELECT ${venues.timeZone} FROM ${venues} WHERE ${venues.id} = ${t.venueId}))::date`;

function conditions(f: ListFilter): SQL[] {
  const where: SQL[] = [];
  if (f.venue !== undefined) where.push(eq(t.venueId, f.venue));
  if (f.partyType !== undefined) where.push(eq(t.partyType, f.partyType));
  if (f.partyId !== undefined) where.push(eq(t.partyId, f.partyId));
  if (f.rider !== undefined) {
    where.push(or(and(eq(t.partyType, 'rider'), eq(t.partyId, f.rider)), eq(t.beneficiaryRiderId, f.rider))!);
  }
  if (f.merchant !== undefined) where.push(eq(t.merchantId, f.merchant));
  if (f.kind !== undefined) where.push(eq(t.kind, f.kind));
  if (f.source !== undefined) where.push(eq(t.source, f.source));
  if (f.dateFrom !== undefined) where.push(sql`${localDay} >= ${f.dateFrom}::date`);
  if (f.dateTo !== undefined) where.push(sql`${localDay} <= ${f.dateTo}::date`);
  if (f.search) {
    const pattern = containsPattern(f.search);
    where.push(or(ilike(t.description, pattern), sql`${partyName(t.partyType, t.partyId)} ILIKE ${pattern}`)!);
  }
  if (f.hideReversed) {
    where.push(ne(t.kind, 'reversal'));
    where.push(sql`NOT EXISTS (SELECT 1 FROM transactions r WHERE r.reversal_of_id = ${t.id})`);
  }
  return where;
}

export interface EntryToCorrect {
  row: TransactionRow;
  reversedBy: number | null;
  lines: PostingLine[];
  /** Two fresh transaction ids: the reversal's and the replacement's. */
  ids: [number, number];
}

export function createLedgerRepo(db: Db) {
  const wireRows = (tx: Db) =>
    tx
      .select(wireColumns)
      .from(t)
      .leftJoin(reversal, eq(reversal.reversalOfId, t.id))
      .leftJoin(original, eq(original.id, t.reversalOfId));

  return {
    async find(id: number, tx: Db = db): Promise<WireRow | undefined> {
      const [row] = await wireRows(tx).where(eq(t.id, id));
      return row;
    },

    /** A page of entries (newest first) and, over all pages, their count and signed totals. */
    async list(filter: ListFilter, visible: SQL | undefined, page: Page, tx: Db = db) {
      const where = and(...conditions(filter), visible);
      const [totals] = await tx
        .select({
          count: count(),
          net: signedSum(t.netMinor),
          tax: signedSum(t.taxMinor),
          gross: signedSum(t.grossMinor),
        })
        .from(t)
        .where(where);
      const rows = await wireRows(tx)
        .where(where)
        .orderBy(desc(t.recordedAt), desc(t.id))
        .limit(page.limit)
        .offset(page.offset);
      return {
        count: totals?.count ?? 0,
        totals: { net: totals?.net ?? 0, tax: totals?.tax ?? 0, gross: totals?.gross ?? 0 },
        rows,
      };
    },

    /**
     * Locks an entry for an edit or a delete, then reads (after the lock, so a reversal that a
     * concurrent request just committed is seen) whether it is reversed and its postings.
     */
    async lockForCorrection(id: number, tx: Db): Promise<EntryToCorrect | undefined> {
      const [row] = await tx.select().from(t).where(eq(t.id, id)).for('update');
      if (!row) return undefined;
      const [state] = rowsOf<{
        reversedBy: string | number | null;
        lines: { kind: AccountKind; partyType: string; partyId: number; amount: number }[];
        ids: [string, string];
      }>(
        await tx.execute(sql`SELECT
          (SELECT r.id::text FROM transactions r WHERE r.reversal_of_id = ${id}) AS "reversedBy",
          COALESCE((SELECT json_agg(json_build_object('kind', a.kind, 'partyType', a.party_type, 'partyId', a.party_id,
              'amount', p.amount_minor) ORDER BY p.id)
            FROM postings p JOIN accounts a ON a.id = p.account_id WHERE p.transaction_id = ${id}), '[]') AS "lines",
          ARRAY[nextval('transactions_id_seq'),
            nextval('transactions_id_seq')]::text[] AS "ids"`),
      );
      if (!state) throw new Error('correction state answered nothing');
      return {
        row,
        reversedBy: state.reversedBy === null ? null : Number(state.reversedBy),
        lines: state.lines,
        ids: [Number(state.ids[0]), Number(state.ids[1])],
      };
    },
  };
}

export type LedgerRepo = ReturnType<typeof createLedgerRepo>;
