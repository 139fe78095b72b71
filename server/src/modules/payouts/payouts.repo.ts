import { and, desc, eq, sql } from 'drizzle-orm';
import type { PartyType } from '@shared/ledger';
import type { PayoutAccount } from '@shared/schemas/payouts';
import type { Db } from '../../db/client';
import type { Federation } from '@shared/schemas/owner';
import type { PayeeAddress } from './payee-bank';
import { rowsOf } from '../../db/rows';
import { payoutBatches, payoutItems, venueBankAccounts, venues } from '../../db/schema';
import { partyName, userName } from '../ledger/names';
import { anyPartyAtVenue } from '../participation/party-at-venue';

/** The federations' own addresses, the creditor's on a transfer to their account (EPC SCT rulebook). */
const FEDERATION_ADDRESSES: Record<Federation, PayeeAddress> = {
  SVPS: { address: 'Papiermühlestrasse 40H', postalCode: '3000', city: 'Bern 22', country: 'CH' },
};

/** The queries of payouts; each takes the connection or transaction to use. */

export interface DueRow {
  partyType: PartyType;
  partyId: number;
  account: PayoutAccount;
  name: string;
  amount: number;
  holder: string | null;
  iban: string | null;
  bic: string | null;
  /** A federation account (SVPS): the payee's member number there, else null. */
  federation: string | null;
  memberNumber: string | null;
  /** The payee's postal address (a transfer outside the EEA names it). */
  address: PayeeAddress;
}

/**
 * What the venue owes, per account, to the parties that take part in it (no other venue's
 * office sees a payee's bank account): every party account with a positive balance (prize money,
 * credits, compensation bills, overpayments) and every merchant's takings account with one
 * (sales less fees), with the payee's default bank account, else its newest. `lock` takes the
 * accounts' row locks, so the balances cannot move until the batch that pays them is written.
 */
export async function dueRows(db: Db, venueId: number, lock = false): Promise<DueRow[]> {
  const rows = rowsOf<{
    partyType: PartyType;
    partyId: number;
    account: PayoutAccount;
    name: string | null;
    amount: string | number;
    holder: string | null;
    iban: string | null;
    bic: string | null;
    federation: string | null;
    memberNumber: string | null;
    street: string | null;
    postalCode: string | null;
    city: string | null;
    country: string | null;
  }>(
    await db.execute(sql`SELECT a.party_type AS "partyType", a.party_id AS "partyId", a.kind AS account,
        ${partyName(sql`a.party_type`, sql`a.party_id`)} AS name, a.balance_minor AS amount,
        b.holder_name AS holder, b.iban, b.bic, b.federation, b.member_number AS "memberNumber",
        pa.address AS street, pa.postal_code AS "postalCode", pa.city, pa.country
      FROM accounts a
      LEFT JOIN LATERAL (
        SELECT address, postal_code, city, country FROM riders WHERE a.party_type = 'rider' AND id = a.party_id
        UNION ALL SELECT address, postal_code, city, country FROM employers WHERE a.party_type = 'employer' AND id = a.party_id
        UNION ALL SELECT address, postal_code, city, country FROM officials WHERE a.party_type = 'official' AND id = a.party_id
        UNION ALL SELECT address, postal_code, city, country FROM simple_users WHERE a.party_type = 'simpleuser' AND id = a.party_id
        UNION ALL SELECT address, postal_code, city, country FROM merchants WHERE a.party_type = 'merchant' AND id = a.party_id
      ) pa ON true
      LEFT JOIN LATERAL (SELECT ba.holder_name, ba.iban, ba.bic,
          CASE WHEN ba.kind = 'federation' THEN ba.federation END AS federation,
          CASE WHEN ba.kind = 'federation' THEN ba.member_number END AS member_number
        FROM bank_accounts ba
        WHERE ba.owner_type = a.party_type AND ba.owner_id = a.party_id
        ORDER BY ba.is_default DESC, ba.id DESC LIMIT 1) b ON true
      WHERE a.venue_id = ${venueId} AND a.balance_minor > 0
        AND (a.kind = 'party' OR (a.kind = 'merchant' AND a.party_type = 'merchant'))
        AND ${anyPartyAtVenue(sql`a.party_type`, sql`a.venue_id`, sql`a.party_id`)}
      ORDER BY 4, a.party_type, a.party_id, a.kind
      ${lock ? sql`FOR UPDATE OF a` : sql``}`),
  );
  return rows.map(({ street, postalCode, city, country, ...r }) => ({
    ...r,
    name: r.name ?? '',
    partyId: Number(r.partyId),
    amount: Number(r.amount),
    // A federation account's creditor is the federation: its address, not its member's.
    address:
      r.federation && r.federation in FEDERATION_ADDRESSES
        ? FEDERATION_ADDRESSES[r.federation as Federation]
        : { address: street, postalCode, city, country },
  }));
}

export async function venueOf(db: Db, venueId: number) {
  const [venue] = await db
    .select({
      id: venues.id,
      name: venues.name,
      legalName: venues.legalName,
      currency: venues.currency,
      pricesIncludeTax: venues.pricesIncludeTax,
    })
    .from(venues)
    .where(eq(venues.id, venueId));
  return venue;
}

export const debtorAccountsOf = (db: Db, venueId: number) =>
  db
    .select()
    .from(venueBankAccounts)
    .where(eq(venueBankAccounts.venueId, venueId))
    .orderBy(desc(venueBankAccounts.isDefault), venueBankAccounts.id);

/** The next batch id, drawn before the batch is written (its message id and references name it). */
export async function nextBatchId(db: Db): Promise<number> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT nextval(pg_get_serial_sequence('payout_batches', 'id'))::text AS id`),
  );
  return Number(row!.id);
}

const summaryColumns = {
  id: payoutBatches.id,
  venueId: payoutBatches.venueId,
  status: payoutBatches.status,
  messageId: payoutBatches.messageId,
  debtorId: payoutBatches.debtorAccountId,
  debtorHolder: venueBankAccounts.holderName,
  debtorIban: venueBankAccounts.iban,
  currency: payoutBatches.currency,
  executionDate: payoutBatches.executionDate,
  controlSum: payoutBatches.controlSumMinor,
  count: payoutBatches.transactionCount,
  createdAt: payoutBatches.createdAt,
  createdBy: userName(payoutBatches.createdByUserId),
  sentAt: payoutBatches.sentAt,
  cancelledAt: payoutBatches.cancelledAt,
};

export type BatchSummaryRow = Awaited<ReturnType<typeof batchSummaries>>[number];

export const batchSummaries = (db: Db, where: { venueId?: number; id?: number }) =>
  db
    .select(summaryColumns)
    .from(payoutBatches)
    .innerJoin(venueBankAccounts, eq(venueBankAccounts.id, payoutBatches.debtorAccountId))
    .where(
      and(
        where.venueId === undefined ? undefined : eq(payoutBatches.venueId, where.venueId),
        where.id === undefined ? undefined : eq(payoutBatches.id, where.id),
      ),
    )
    .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.id));

export const itemsOf = (db: Db, batchId: number) =>
  db.select().from(payoutItems).where(eq(payoutItems.batchId, batchId)).orderBy(payoutItems.id);

/** The batch row locked for a change of its status (sent, cancel). */
export async function lockBatch(db: Db, id: number) {
  const [row] = await db
    .select({ id: payoutBatches.id, venueId: payoutBatches.venueId, status: payoutBatches.status })
    .from(payoutBatches)
    .where(eq(payoutBatches.id, id))
    .for('update');
  return row;
}

export async function batchVenue(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db.select({ venueId: payoutBatches.venueId }).from(payoutBatches).where(eq(payoutBatches.id, id));
  return row?.venueId;
}

export async function batchFile(db: Db, id: number) {
  const [row] = await db
    .select({ venueId: payoutBatches.venueId, messageId: payoutBatches.messageId, xml: payoutBatches.xml })
    .from(payoutBatches)
    .where(eq(payoutBatches.id, id));
  return row;
}
