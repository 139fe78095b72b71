import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { BankLineStatus } from '@shared/schemas/payouts';
import type { PartyType } from '@shared/ledger';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { bankStatementLines, bankStatements, invoices } from '../../db/schema';
import type { Page } from '../../http/pagination';
import { partyName, userName } from '../ledger/names';
import type { CamtCredit } from './camt053';
import type { Candidates } from './references';

/**
 * The queries of bank-statement matching, set-based: however many credits a
 * file holds, an import reads the credits taken before, the invoices and the parties its
 * references name with one statement each, posts the payments with one (writeJournal), writes
 * the lines with one and marks the invoices paid with one. matching.ts decides in between.
 */

export interface NewLine extends CamtCredit {
  candidates: Candidates;
}

/** A line as it is written: matched (invoice and party, or party), or unmatched; with its payment. */
export interface LineToWrite {
  key: string;
  bookingDate: string | null;
  amount: number;
  currency: string;
  debtorName: string | null;
  debtorIban: string | null;
  reference: string | null;
  status: 'matched' | 'unmatched';
  invoiceId: number | null;
  partyType: PartyType | null;
  partyId: number | null;
  transactionId: number | null;
}

/** Keys of the venue's lines among `keys`: credits imported before (from any file). */
export async function existingKeys(tx: Db, venueId: number, keys: readonly string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = rowsOf<{ key: string }>(
    await tx.execute(sql`SELECT l.line_key AS key FROM bank_statement_lines l
      WHERE l.venue_id = ${venueId} AND l.line_key IN (SELECT json_array_elements_text(${JSON.stringify(keys)}::json))`),
  );
  return new Set(rows.map((r) => r.key));
}

/**
 * Lines written per statement: on the embedded database a statement holds the event loop while
 * it runs, and a statement of a few hundred rows keeps that to milliseconds (thousands of
 * credits in one statement stalled every other request for half a second).
 */
export const LINES_PER_STATEMENT = 250;

/** Writes a statement's new lines, a few hundred per SQL statement; answers how many were written. */
export async function insertLines(
  tx: Db,
  venueId: number,
  statementId: number,
  lines: readonly LineToWrite[],
): Promise<number> {
  let written = 0;
  for (let from = 0; from < lines.length; from += LINES_PER_STATEMENT) {
    written += await insertChunk(tx, venueId, statementId, lines.slice(from, from + LINES_PER_STATEMENT), from);
  }
  return written;
}

async function insertChunk(
  tx: Db,
  venueId: number,
  statementId: number,
  lines: readonly LineToWrite[],
  first: number,
): Promise<number> {
  const json = lines.map((l, i) => ({
    ord: first + i,
    key: l.key,
    booking_date: l.bookingDate,
    amount: l.amount,
    currency: l.currency,
    debtor_name: l.debtorName,
    debtor_iban: l.debtorIban,
    reference: l.reference,
    status: l.status,
    invoice_id: l.invoiceId,
    party_type: l.partyType,
    party_id: l.partyId,
    transaction_id: l.transactionId,
  }));
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`WITH ins AS (INSERT INTO bank_statement_lines (statement_id, venue_id, line_key, booking_date,
        amount_minor, currency, debtor_name, debtor_iban, reference, status, invoice_id, party_type, party_id, transaction_id)
      SELECT ${statementId}::int, ${venueId}::int, l.key, l.booking_date::date, l.amount, l.currency,
        l.debtor_name, l.debtor_iban, l.reference, l.status, l.invoice_id, l.party_type, l.party_id, l.transaction_id
      FROM json_to_recordset(${JSON.stringify(json)}::json) AS l (ord int, key text, booking_date text, amount bigint,
        currency text, debtor_name text, debtor_iban text, reference text, status text, invoice_id int, party_type text,
        party_id int, transaction_id bigint)
      ORDER BY l.ord
      ON CONFLICT (venue_id, line_key) DO NOTHING
      RETURNING 1)
    SELECT count(*)::int AS n FROM ins`),
  );
  return Number(row?.n ?? 0);
}

/**
 * Payments per invoice (matched or assigned lines) and credit notes per invoice, of a venue:
 * what is still open on an invoice is its gross less both.
 */
const settledCtes = (venueId: number) => sql`
  paid AS (SELECT bl.invoice_id, sum(bl.amount_minor) AS s FROM bank_statement_lines bl
    WHERE bl.venue_id = ${venueId} AND bl.invoice_id IS NOT NULL AND bl.status IN ('matched', 'assigned')
    GROUP BY bl.invoice_id),
  credited AS (SELECT cn.credit_note_of_id AS invoice_id, sum(cn.gross_minor) AS s FROM invoices cn
    WHERE cn.venue_id = ${venueId} AND cn.kind = 'credit_note' AND cn.credit_note_of_id IS NOT NULL
    GROUP BY cn.credit_note_of_id)`;

export interface OpenInvoice {
  id: number;
  number: number;
  numberText: string;
  reference: string;
  partyType: PartyType;
  partyId: number;
  /** Gross less credit notes and bank payments so far. */
  open: number;
}

/**
 * The venue's invoices (not credit notes, not cancelled) named by any of the RF references or
 * numbers, with what is open on each: one statement for a whole file.
 */
export async function invoicesNamed(
  tx: Db,
  venueId: number,
  refs: readonly string[],
  numbers: readonly number[],
): Promise<OpenInvoice[]> {
  if (!refs.length && !numbers.length) return [];
  const rows = rowsOf<OpenInvoice & { open: string | number }>(
    await tx.execute(sql`WITH ${settledCtes(venueId)},
      named AS (SELECT i.id FROM invoices i
          WHERE i.venue_id = ${venueId} AND i.payment_reference IN (SELECT json_array_elements_text(${JSON.stringify(refs)}::json))
        UNION
        SELECT i.id FROM invoices i
          WHERE i.venue_id = ${venueId} AND i.number IN (SELECT json_array_elements_text(${JSON.stringify(numbers)}::json)::int))
      SELECT i.id, i.number, i.number_text AS "numberText", i.payment_reference AS reference,
        i.party_type AS "partyType", i.party_id AS "partyId",
        i.gross_minor - COALESCE(cr.s, 0) - COALESCE(pd.s, 0) AS open
      FROM invoices i JOIN named ON named.id = i.id
      LEFT JOIN credited cr ON cr.invoice_id = i.id
      LEFT JOIN paid pd ON pd.invoice_id = i.id
      WHERE i.kind = 'invoice' AND i.status <> 'cancelled'`),
  );
  return rows.map((r) => ({ ...r, open: Number(r.open), partyId: Number(r.partyId), number: Number(r.number) }));
}

/** Riders and employers by bookkeeping ref id, those with an account at the venue only. */
export async function partiesByRefId(
  tx: Db,
  venueId: number,
  refIds: readonly number[],
): Promise<{ ref: number; partyType: PartyType; partyId: number }[]> {
  if (!refIds.length) return [];
  const list = JSON.stringify([...new Set(refIds)]);
  const rows = rowsOf<{ ref: number; partyType: PartyType; partyId: number }>(
    await tx.execute(sql`SELECT p.ref, p.party_type AS "partyType", p.party_id AS "partyId"
      FROM (SELECT 'rider'::text AS party_type, r.id AS party_id, r.bookkeeping_ref_id AS ref FROM riders r
            WHERE r.bookkeeping_ref_id IN (SELECT json_array_elements_text(${list}::json)::int)
            UNION ALL
            SELECT 'employer', e.id, e.bookkeeping_ref_id FROM employers e
            WHERE e.bookkeeping_ref_id IN (SELECT json_array_elements_text(${list}::json)::int)) p
      WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.venue_id = ${venueId} AND a.kind = 'party'
        AND a.party_type = p.party_type AND a.party_id = p.party_id)`),
  );
  return rows.map((r) => ({ ...r, ref: Number(r.ref), partyId: Number(r.partyId) }));
}

/** Invoices among `invoiceIds` that nothing is open on any more become paid (issued or e-mailed ones only). */
export async function markPaidInvoices(tx: Db, venueId: number, invoiceIds: readonly number[]): Promise<number[]> {
  const ids = [...new Set(invoiceIds)];
  if (!ids.length) return [];
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`WITH ${settledCtes(venueId)}
      UPDATE invoices i SET status = 'paid', paid_at = now()
      FROM (SELECT i2.id FROM invoices i2
          LEFT JOIN credited cr ON cr.invoice_id = i2.id
          LEFT JOIN paid pd ON pd.invoice_id = i2.id
          WHERE i2.id IN (SELECT json_array_elements_text(${JSON.stringify(ids)}::json)::int)
            AND i2.venue_id = ${venueId} AND i2.kind = 'invoice' AND i2.status IN ('issued', 'emailed')
            AND i2.gross_minor - COALESCE(cr.s, 0) - COALESCE(pd.s, 0) <= 0) done
      WHERE i.id = done.id
      RETURNING i.id`),
  );
  return rows.map((r) => Number(r.id));
}

const lineColumns = {
  line: bankStatementLines,
  invoiceNumber: invoices.numberText,
  partyName: partyName(bankStatementLines.partyType, bankStatementLines.partyId),
  assignedBy: userName(bankStatementLines.assignedByUserId),
};

export type LineRow = Awaited<ReturnType<typeof linesWhere>>[number];

const linesWhere = (db: Db, venueId: number | undefined, id: number | undefined, status?: BankLineStatus) =>
  db
    .select(lineColumns)
    .from(bankStatementLines)
    .leftJoin(invoices, eq(invoices.id, bankStatementLines.invoiceId))
    .where(
      and(
        venueId === undefined ? undefined : eq(bankStatementLines.venueId, venueId),
        id === undefined ? undefined : eq(bankStatementLines.id, id),
        status === undefined ? undefined : eq(bankStatementLines.status, status),
      ),
    );

export async function lineById(db: Db, id: number): Promise<LineRow | undefined> {
  const [row] = await linesWhere(db, undefined, id);
  return row;
}

export async function linesOf(db: Db, venueId: number, status: BankLineStatus, page: Page) {
  const [total] = await db
    .select({ n: count() })
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.venueId, venueId), eq(bankStatementLines.status, status)));
  const rows = await linesWhere(db, venueId, undefined, status)
    .orderBy(desc(bankStatementLines.bookingDate), desc(bankStatementLines.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, rows };
}

export async function lockLine(db: Db, id: number) {
  const [row] = await db.select().from(bankStatementLines).where(eq(bankStatementLines.id, id)).for('update');
  return row;
}

export const statementColumns = {
  statement: bankStatements,
  uploadedBy: userName(bankStatements.uploadedByUserId),
};

export const statementsOf = (db: Db, venueId: number) =>
  db
    .select(statementColumns)
    .from(bankStatements)
    .where(eq(bankStatements.venueId, venueId))
    .orderBy(desc(bankStatements.createdAt), desc(bankStatements.id));

export async function statementById(db: Db, id: number) {
  const [row] = await db.select(statementColumns).from(bankStatements).where(eq(bankStatements.id, id));
  return row;
}
