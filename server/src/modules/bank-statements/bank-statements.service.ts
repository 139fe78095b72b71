import { webcrypto } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PartyType } from '@shared/ledger';
import { electronicIban } from '@shared/schemas/owner';
import type {
  AssignLineInput,
  BankLineStatus,
  BankStatement,
  BankStatementLine,
  BankStatementList,
  ReviewList,
  ReviewQuery,
  StatementImport,
} from '@shared/schemas/payouts';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { bankStatementLines, bankStatements, invoices } from '../../db/schema';
import { pageOf } from '../../http/pagination';
import { sessionOf } from '../../http/session';
import type { RequestUser } from '../../types';
import { nameOfParty } from '../ledger/names';
import { paymentEntry, postSystemEntries } from '../ledger/system-postings';
import { debtorAccountsOf, venueOf } from '../payouts/payouts.repo';
import { assertKnownVenueAccess, assertVenueAccess } from '../venue/venue-access';
import {
  existingKeys,
  insertLines,
  LINES_PER_STATEMENT,
  invoicesNamed,
  lineById,
  linesOf,
  lockLine,
  markPaidInvoices,
  partiesByRefId,
  statementById,
  statementsOf,
  type LineRow,
  type NewLine,
} from './bank-statements.repo';
import { decide } from './matching';
import { ownBytes, runTask } from '../../workers/pool';
import type { CamtStatement } from './camt053';
import { candidatesOf } from './references';

/** pg_advisory_xact_lock key of bank-statement imports and assignments ('BANK'), per venue. */
const BANK_LOCK = 0x42414e4b;

/** The reference of a line's payment in the ledger: the same credit never posts twice. */
export const bankRef = (venueId: number, lineKey: string) => `bank:${venueId}:${lineKey}`;

type StatementRow = NonNullable<Awaited<ReturnType<typeof statementById>>>;

const statementOf = ({ statement: s, uploadedBy }: StatementRow): BankStatement => ({
  id: s.id,
  venue: s.venueId,
  statement_id: s.statementId,
  iban: s.iban,
  currency: s.currency,
  credit_count: s.creditCount,
  matched_count: s.matchedCount,
  created_at: s.createdAt.toISOString(),
  uploaded_by: uploadedBy,
});

const lineOf = ({ line: l, invoiceNumber, partyName, assignedBy }: LineRow): BankStatementLine => ({
  id: l.id,
  statement: l.statementId,
  booking_date: l.bookingDate,
  amount: l.amountMinor,
  currency: l.currency,
  debtor_name: l.debtorName,
  debtor_iban: l.debtorIban,
  reference: l.reference,
  status: l.status as BankLineStatus,
  invoice: l.invoiceId === null ? null : { id: l.invoiceId, number: invoiceNumber ?? '' },
  party:
    l.partyType === null || l.partyId === null
      ? null
      : { type: l.partyType as PartyType, id: l.partyId, name: partyName ?? '' },
  transaction: l.transactionId,
  assigned_by: assignedBy,
  assigned_at: l.assignedAt?.toISOString() ?? null,
});

/** The statement must be one of the venue's accounts, in the venue's currency (else nothing is stored). */
function checkStatement(parsed: CamtStatement, currency: string, ibans: Set<string>): void {
  if (
    parsed.currencies.some((c) => c !== currency) ||
    parsed.accounts.some((a) => a.currency && a.currency !== currency)
  )
    throw fieldError('file', 'currency_mismatch');
  if (parsed.accounts.some((a) => a.iban === null || !ibans.has(a.iban))) throw fieldError('file', 'unknown_account');
}

const emptyCounts = () => ({
  credits: 0,
  matched: 0,
  exact: 0,
  partial: 0,
  over: 0,
  party: 0,
  unmatched: 0,
  duplicates: 0,
  ignored: 0,
});

/** Bank statements: upload and match a camt.053, the review list, assign, ignore. */
export function createBankStatementService(ctx: AppContext) {
  const { db } = ctx;

  const paymentDescription = (m: { invoiceNumber: string | null }, reference: string | null) =>
    `Bank transfer${m.invoiceNumber ? ` · invoice ${m.invoiceNumber}` : reference ? ` · ${reference.slice(0, 80)}` : ''}`;

  interface Payment {
    key: string;
    amount: number;
    partyType: PartyType;
    partyId: number;
    invoiceNumber: string | null;
    bookingDate: string | null;
    reference: string | null;
  }

  /** Posts the payments of credits once each (reference bank:<venue>:<line key>); answers their entries. */
  async function postPayments(
    tx: Db,
    request: FastifyRequest,
    user: RequestUser,
    venue: { id: number; currency: string; pricesIncludeTax: boolean },
    payments: readonly Payment[],
    audit: { action: string; details: Record<string, unknown> },
  ): Promise<Map<string, number>> {
    const entries = new Map<string, number>();
    // A few hundred entries per write (see LINES_PER_STATEMENT): each its own statement.
    for (let from = 0; from < payments.length; from += LINES_PER_STATEMENT) {
      const chunk = payments.slice(from, from + LINES_PER_STATEMENT);
      const { ids } = await postSystemEntries(
        tx,
        request,
        venue.id,
        chunk.map((m) =>
          paymentEntry(user, {
            venueId: venue.id,
            currency: venue.currency,
            pricesIncludeTax: venue.pricesIncludeTax,
            partyType: m.partyType,
            partyId: m.partyId,
            amount: m.amount,
            description: paymentDescription(m, m.reference),
            source: 'bank',
            occurredAt: m.bookingDate ? new Date(`${m.bookingDate}T12:00:00Z`) : new Date(),
            externalRef: bankRef(venue.id, m.key),
          }),
        ),
        audit,
      );
      for (const m of chunk) entries.set(m.key, ids.get(bankRef(venue.id, m.key))!);
    }
    return entries;
  }

  /** The line's venue, for the office of that venue: 404 for an unknown line, then 403. */
  async function lockedLine(tx: Db, user: RequestUser, id: number) {
    const line = await lockLine(tx, id);
    if (!line) throw new AppError('not_found');
    assertVenueAccess(user, line.venueId, { office: true });
    return line;
  }

  async function lineWire(id: number, conn: Db = db): Promise<BankStatementLine> {
    const row = await lineById(conn, id);
    if (!row) throw new AppError('not_found');
    return lineOf(row);
  }

  return {
    /** The venue exists and is the user's office's (before the upload is read). */
    assertVenue: (user: RequestUser, venueId: number) => assertKnownVenueAccess(db, user, venueId, { office: true }),

    /**
     * Imports a camt.053 in one database transaction: the statement (the same file again is
     * answered as already imported), its new credits (one taken before from another file is
     * counted as a duplicate), the matches, each matched credit's payment posted once, and the
     * invoices paid in full marked paid. A file that is not a camt.053 of one of the venue's
     * accounts in its currency is refused before anything is stored.
     */
    async upload(
      request: FastifyRequest,
      venueId: number,
      file: { bytes: Buffer; fileName: string },
    ): Promise<{ status: 200 | 201; body: StatementImport }> {
      const user = sessionOf(request);
      await assertKnownVenueAccess(db, user, venueId, { office: true });
      // Read on a worker thread (server/src/workers): a statement of thousands of entries would
      // stall every other request on the event loop; its CamtErrors arrive as `file` field errors.
      // Hashed on the thread pool (WebCrypto), not on the event loop: 20 MB take ~40 ms to hash.
      const fileHash = Buffer.from(await webcrypto.subtle.digest('SHA-256', file.bytes)).toString('hex');
      // Handed over, not copied (the bytes are not read here again).
      const { bytes, transfer } = ownBytes(file.bytes);
      const parsed: CamtStatement = await runTask('camt053', bytes, transfer);
      const venue = (await venueOf(db, venueId))!;
      const ibans = new Set((await debtorAccountsOf(db, venueId)).map((a) => electronicIban(a.iban)));
      checkStatement(parsed, venue.currency, ibans);

      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${BANK_LOCK}, ${venueId})`);
        const [created] = await tx
          .insert(bankStatements)
          .values({
            venueId,
            statementId: parsed.statementIds.filter(Boolean).join(', ').slice(0, 200) || file.fileName.slice(0, 200),
            fileHash,
            iban: parsed.accounts[0]?.iban ?? null,
            currency: venue.currency,
            creditCount: parsed.credits.length,
            uploadedByUserId: user.id,
          })
          .onConflictDoNothing()
          .returning({ id: bankStatements.id });
        if (!created) {
          const [existing] = rowsOf<{ id: number }>(
            await tx.execute(
              sql`SELECT id FROM bank_statements WHERE venue_id = ${venueId} AND file_hash = ${fileHash}`,
            ),
          );
          const row = await statementById(tx, Number(existing!.id));
          return {
            status: 200,
            body: {
              statement: statementOf(row!),
              already_imported: true,
              counts: { ...emptyCounts(), credits: parsed.credits.length, ignored: parsed.ignored },
              posted_total: 0,
            },
          };
        }
        const statementId = created.id;
        // Credits taken before (from another file, or twice in this one) are not taken again.
        const taken = await existingKeys(
          tx,
          venueId,
          parsed.credits.map((c) => c.key),
        );
        const fresh: NewLine[] = [];
        for (const credit of parsed.credits) {
          if (taken.has(credit.key)) continue;
          taken.add(credit.key);
          fresh.push({ ...credit, candidates: candidatesOf(venueId, credit.structuredReference, credit.text) });
        }
        const [invoiceRows, parties] = [
          await invoicesNamed(
            tx,
            venueId,
            [...new Set(fresh.flatMap((l) => l.candidates.creditorRefs))],
            [...new Set(fresh.flatMap((l) => l.candidates.invoiceNumbers))],
          ),
          await partiesByRefId(
            tx,
            venueId,
            fresh.flatMap((l) => l.candidates.refIds),
          ),
        ];
        const decisions = decide(fresh, invoiceRows, parties);
        const matched = decisions.filter((d) => d.party !== null);
        const entries = await postPayments(
          tx,
          request,
          user,
          venue,
          matched.map((d) => ({
            key: d.line.key,
            amount: d.line.amountMinor,
            partyType: d.party!.type,
            partyId: d.party!.id,
            invoiceNumber: d.invoice?.numberText ?? null,
            bookingDate: d.line.bookingDate,
            reference: d.line.reference,
          })),
          {
            action: 'bank_statement.match',
            details: { venue: venueId, statement: statementId, matched: matched.length },
          },
        );
        const written = await insertLines(
          tx,
          venueId,
          statementId,
          decisions.map(({ line, invoice, party }) => ({
            key: line.key,
            bookingDate: line.bookingDate,
            amount: line.amountMinor,
            currency: line.currency,
            debtorName: line.debtorName,
            debtorIban: line.debtorIban,
            reference: line.reference,
            status: party ? 'matched' : 'unmatched',
            invoiceId: invoice?.id ?? null,
            partyType: party?.type ?? null,
            partyId: party?.id ?? null,
            transactionId: party ? (entries.get(line.key) ?? null) : null,
          })),
        );
        // Imports of a venue take turns (the lock above): a line cannot have come in meanwhile.
        if (written !== decisions.length) throw new Error('a credit was imported twice at once');
        await markPaidInvoices(
          tx,
          venueId,
          matched.map((d) => d.invoice?.id).filter((id): id is number => id !== undefined),
        );
        await tx.update(bankStatements).set({ matchedCount: matched.length }).where(eq(bankStatements.id, statementId));
        const counts = emptyCounts();
        counts.credits = parsed.credits.length;
        counts.ignored = parsed.ignored;
        counts.duplicates = parsed.credits.length - fresh.length;
        counts.matched = matched.length;
        counts.unmatched = fresh.length - matched.length;
        for (const d of matched) counts[d.kind!]++;
        const row = await statementById(tx, statementId);
        return {
          status: 201,
          body: {
            statement: statementOf(row!),
            already_imported: false,
            counts,
            posted_total: matched.reduce((sum, d) => sum + d.line.amountMinor, 0),
          },
        };
      });
    },

    async list(user: RequestUser, venueId: number): Promise<BankStatementList> {
      await assertKnownVenueAccess(db, user, venueId, { office: true });
      return { results: (await statementsOf(db, venueId)).map(statementOf) };
    },

    async review(user: RequestUser, venueId: number, query: ReviewQuery): Promise<ReviewList> {
      await assertKnownVenueAccess(db, user, venueId, { office: true });
      const { count, rows } = await linesOf(db, venueId, query.status, pageOf(query));
      return { count, results: rows.map(lineOf) };
    },

    /**
     * Assigns an unmatched (or ignored) credit by hand: to an invoice of the venue (its party is
     * paid; the invoice becomes paid when nothing is open any more) or to a party. The payment
     * is posted once (the line's reference); a line matched or assigned already is refused.
     */
    async assign(request: FastifyRequest, id: number, input: AssignLineInput): Promise<BankStatementLine> {
      const user = sessionOf(request);
      return db.transaction(async (tx) => {
        const line = await lockedLine(tx, user, id);
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${BANK_LOCK}, ${line.venueId})`);
        if (line.status !== 'unmatched' && line.status !== 'ignored') throw fieldError('__all__', 'line_not_open');
        let party: { type: PartyType; id: number };
        let invoice: { id: number; number: string } | null = null;
        if (input.invoice !== undefined) {
          const [found] = await tx
            .select({
              id: invoices.id,
              venueId: invoices.venueId,
              kind: invoices.kind,
              status: invoices.status,
              number: invoices.numberText,
              partyType: invoices.partyType,
              partyId: invoices.partyId,
            })
            .from(invoices)
            .where(eq(invoices.id, input.invoice));
          if (!found || found.kind !== 'invoice') throw fieldError('invoice', 'does_not_exist');
          if (found.venueId !== line.venueId) throw fieldError('invoice', 'not_at_venue');
          if (found.status === 'cancelled') throw fieldError('invoice', 'invoice_cancelled');
          party = { type: found.partyType as PartyType, id: found.partyId };
          invoice = { id: found.id, number: found.number };
        } else {
          party = { type: input.party_type!, id: input.party_id! };
          const [named] = rowsOf<{ name: string | null }>(
            await tx.execute(sql`SELECT ${nameOfParty(party.type, party.id)} AS name`),
          );
          if (named?.name === null || named?.name === undefined) throw fieldError('party_id', 'does_not_exist');
        }
        const venue = (await venueOf(tx, line.venueId))!;
        const entries = await postPayments(
          tx,
          request,
          user,
          venue,
          [
            {
              key: line.lineKey,
              amount: line.amountMinor,
              partyType: party.type,
              partyId: party.id,
              invoiceNumber: invoice?.number ?? null,
              bookingDate: line.bookingDate,
              reference: line.reference,
            },
          ],
          { action: 'bank_statement.assign', details: { venue: venue.id, line: id, invoice: invoice?.id ?? null } },
        );
        await tx
          .update(bankStatementLines)
          .set({
            status: 'assigned',
            invoiceId: invoice?.id ?? null,
            partyType: party.type,
            partyId: party.id,
            transactionId: entries.get(line.lineKey) ?? null,
            assignedByUserId: user.id,
            assignedAt: new Date(),
          })
          .where(eq(bankStatementLines.id, id));
        if (invoice) await markPaidInvoices(tx, venue.id, [invoice.id]);
        return lineWire(id, tx);
      });
    },

    /** Sets an unmatched credit aside (nothing is posted); again: no change. */
    async ignore(request: FastifyRequest, id: number): Promise<BankStatementLine> {
      const user = sessionOf(request);
      return db.transaction(async (tx) => {
        const line = await lockedLine(tx, user, id);
        if (line.status === 'unmatched') {
          await tx
            .update(bankStatementLines)
            .set({ status: 'ignored', assignedByUserId: user.id, assignedAt: new Date() })
            .where(eq(bankStatementLines.id, id));
          await ctx.audit.record(request, { action: 'bank_statement.ignore', details: { line: id } }, tx);
        } else if (line.status !== 'ignored') throw fieldError('__all__', 'line_not_open');
        return lineWire(id, tx);
      });
    },
  };
}
