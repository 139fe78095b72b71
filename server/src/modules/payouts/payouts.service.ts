import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FieldErrors } from '@shared/errors';
import { MAX_ENTRY_MINOR } from '@shared/ledger';
import type {
  CreatePayoutInput,
  DuePayee,
  PayoutBatch,
  PayoutBatchList,
  PayoutBatchStatus,
  PayoutBatchSummary,
  PayoutDue,
  PayoutItem,
} from '@shared/schemas/payouts';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { payoutBatches, payoutItems } from '../../db/schema';
import { idempotent, type IdempotencyClaim, type Outcome } from '../../http/idempotency';
import { sessionOf } from '../../http/session';
import type { RequestUser } from '../../types';
import { payoutEntry, postSystemEntries, reverseSystemEntries } from '../ledger/system-postings';
import { assertKnownVenueAccess, assertVenueAccess } from '../venue/venue-access';
import { checkAccount, outsideEea, remittanceOf } from './payee-bank';
import { payoutPain001, type PainTransfer } from './payout-pain001';
import {
  batchFile,
  batchSummaries,
  batchVenue,
  debtorAccountsOf,
  dueRows,
  itemsOf,
  lockBatch,
  nextBatchId,
  venueOf,
  type BatchSummaryRow,
  type DueRow,
} from './payouts.repo';
import { sepaId, sepaText } from './sepa-text';

/** SEPA credit transfers are in euro (the EPC's SCT scheme). */
const SEPA_CURRENCY = 'EUR';
/** The largest amount of one transfer the EPC schema takes: 999,999,999.99. */
const MAX_TRANSFER_MINOR = 99_999_999_999;
/** pg_advisory_xact_lock key of payout generation ('PAYO'), per venue. */
const PAYOUT_LOCK = 0x5041594f;

const payeeOf = (row: DueRow): DuePayee => {
  const checked = checkAccount(row.iban, row.bic, row.address);
  return {
    party_type: row.partyType,
    party_id: row.partyId,
    account: row.account,
    name: row.name,
    amount: row.amount,
    bank:
      row.iban === null ? null : { holder: row.holder ?? row.name, iban: checked.iban ?? row.iban, bic: checked.bic },
    status: checked.status,
  };
};

const summaryOf = (row: BatchSummaryRow): PayoutBatchSummary => ({
  id: row.id,
  venue: row.venueId,
  status: row.status as PayoutBatchStatus,
  message_id: row.messageId,
  debtor: { id: row.debtorId, holder: row.debtorHolder, iban: row.debtorIban },
  currency: row.currency,
  execution_date: row.executionDate,
  control_sum: row.controlSum,
  transaction_count: row.count,
  created_at: row.createdAt.toISOString(),
  created_by: row.createdBy,
  sent_at: row.sentAt?.toISOString() ?? null,
  cancelled_at: row.cancelledAt?.toISOString() ?? null,
});

const itemOf = (row: typeof payoutItems.$inferSelect): PayoutItem => ({
  id: row.id,
  party_type: row.partyType as PayoutItem['party_type'],
  party_id: row.partyId,
  name: row.name,
  iban: row.iban,
  bic: row.bic,
  amount: row.amountMinor,
  end_to_end_id: row.endToEndId,
  reference: row.reference,
  transaction: row.transactionId,
  reversal: row.reversalId,
});

/** `PDK-V1-B12-20261126101530`, shorter when the ids are long: unique by the batch id, at most 35. */
function messageIdOf(venueId: number, batchId: number, at: Date): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 14);
  const full = `PDK-V${venueId}-B${batchId}-${stamp}`;
  return full.length <= 35 ? full : `PDK-B${batchId}-${stamp}`;
}

const keyOf = (type: string, id: number, account: string) => `${type}:${id}:${account}`;

/** The payees of a batch: every payable one (`all`), or the chosen ones checked one by one. */
function choosePayees(rows: DueRow[], wanted: CreatePayoutInput['payees']): { row: DueRow; amount: number }[] {
  const due = rows.map((row) => ({ row, payee: payeeOf(row) }));
  if (wanted === 'all') {
    const payable = due.filter((d) => d.payee.status === 'ok').map((d) => ({ row: d.row, amount: d.row.amount }));
    if (!payable.length) throw fieldError('payees', 'nothing_to_pay');
    const tooBig = payable.find((p) => p.amount > MAX_TRANSFER_MINOR || p.amount > MAX_ENTRY_MINOR);
    if (tooBig) throw fieldError('payees', 'too_big');
    return payable;
  }
  const byKey = new Map(due.map((d) => [keyOf(d.row.partyType, d.row.partyId, d.row.account), d]));
  const seen = new Set<string>();
  const chosen: { row: DueRow; amount: number }[] = [];
  const errors: (FieldErrors | null)[] = [];
  let failed = false;
  for (const item of wanted) {
    const account = item.account ?? (item.party_type === 'merchant' ? 'merchant' : 'party');
    const key = keyOf(item.party_type, item.party_id, account);
    const found = byKey.get(key);
    let error: FieldErrors | null = null;
    if (account === 'merchant' && item.party_type !== 'merchant') error = { account: ['invalid'] };
    else if (seen.has(key)) error = { party_id: ['duplicate'] };
    else if (!found) error = { amount: ['nothing_owed'] };
    else if (found.payee.status !== 'ok')
      error = { party_id: [found.payee.status === 'no_account' ? 'no_bank_account' : found.payee.status] };
    else if (item.amount > found.row.amount) error = { amount: ['over_owed'] };
    else if (item.amount > MAX_TRANSFER_MINOR || item.amount > MAX_ENTRY_MINOR) error = { amount: ['too_big'] };
    seen.add(key);
    errors.push(error);
    if (error) failed = true;
    else chosen.push({ row: found!.row, amount: item.amount });
  }
  if (failed) throw new AppError('validation', { fields: { payees: errors } });
  return chosen;
}

/** Payouts: what the venue owes, SEPA batches, their file, sent and cancel. */
export function createPayoutService(ctx: AppContext) {
  const { db } = ctx;

  async function batchOf(id: number, conn: Db = db): Promise<PayoutBatch> {
    const [row] = await batchSummaries(conn, { id });
    if (!row) throw new AppError('not_found');
    const items = await itemsOf(conn, id);
    return { ...summaryOf(row), items: items.map(itemOf) };
  }

  /** The batch's venue, for the office of that venue: 404 for an unknown batch, then 403. */
  async function accessBatch(user: RequestUser, id: number, conn: Db = db): Promise<number> {
    const venueId = await batchVenue(conn, id);
    if (venueId === undefined) throw new AppError('not_found');
    assertVenueAccess(user, venueId, { office: true });
    return venueId;
  }

  async function checkedDebtor(tx: Db, venueId: number, accountId: number, currency: string) {
    const accounts = await debtorAccountsOf(tx, venueId);
    const debtor = accounts.find((a) => a.id === accountId);
    if (!debtor) throw fieldError('debtor_account', 'does_not_exist');
    const checked = checkAccount(debtor.iban, debtor.bic);
    if (checked.status === 'invalid_iban' || checked.status === 'not_sepa')
      throw fieldError('debtor_account', 'invalid_iban');
    if (checked.status === 'invalid_bic') throw fieldError('debtor_account', 'invalid_bic');
    if (debtor.currency !== currency) throw fieldError('debtor_account', 'currency_mismatch');
    return { ...debtor, iban: checked.iban!, bic: checked.bic };
  }

  return {
    async due(user: RequestUser, venueId: number): Promise<PayoutDue> {
      await assertKnownVenueAccess(db, user, venueId, { office: true });
      const venue = (await venueOf(db, venueId))!;
      const payees = (await dueRows(db, venueId)).map(payeeOf);
      const accounts = await debtorAccountsOf(db, venueId);
      return {
        venue: venueId,
        currency: venue.currency,
        payees,
        total: payees.reduce((sum, p) => sum + p.amount, 0),
        payable_total: payees.filter((p) => p.status === 'ok').reduce((sum, p) => sum + p.amount, 0),
        debtor_accounts: accounts.map((a) => {
          const checked = checkAccount(a.iban, a.bic);
          return {
            id: a.id,
            holder: a.holderName,
            iban: checked.iban ?? a.iban,
            bic: checked.bic,
            currency: a.currency,
            is_default: a.isDefault,
            usable: checked.status === 'ok' && a.currency === venue.currency && venue.currency === SEPA_CURRENCY,
          };
        }),
      };
    },

    /**
     * A new batch, in one database transaction with its Idempotency-Key: the payees checked
     * against the balances (locked until the batch is written), the pain.001 file, the batch and
     * its items, and each payout posted to the ledger once (reference payout:<batch>:<item>).
     */
    async create(
      request: FastifyRequest,
      venueId: number,
      input: CreatePayoutInput,
      claim: IdempotencyClaim,
    ): Promise<Outcome<PayoutBatch>> {
      const user = sessionOf(request);
      await assertKnownVenueAccess(db, user, venueId, { office: true });
      return idempotent(db, claim, async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${PAYOUT_LOCK}, ${venueId})`);
        const venue = (await venueOf(tx, venueId))!;
        if (venue.currency !== SEPA_CURRENCY) throw fieldError('__all__', 'not_sepa_currency');
        // A bank refuses an execution date in the past (a day's grace for the time zones).
        if (input.execution_date < new Date(Date.now() - 86_400_000).toISOString().slice(0, 10))
          throw fieldError('execution_date', 'too_small');
        const debtor = await checkedDebtor(tx, venueId, input.debtor_account, venue.currency);
        const chosen = choosePayees(await dueRows(tx, venueId, true), input.payees);

        const batchId = await nextBatchId(tx);
        const createdAt = new Date();
        const messageId = messageIdOf(venueId, batchId, createdAt);
        // The show's name as it is (it may hold "Paddock" itself), then what the transfer is.
        const reference = sepaText(`${venue.name} payout ${batchId}`, 140);
        const transfers: (PainTransfer & { row: DueRow })[] = chosen.map(({ row, amount }, i) => {
          const checked = checkAccount(row.iban, row.bic, row.address);
          return {
            // Outside the EEA the EPC rules want the payee's address on the transfer.
            address: outsideEea(checked.iban!) ? row.address : null,
            row,
            endToEndId: sepaId(`PDK-B${batchId}-${i + 1}`),
            amountMinor: amount,
            name: sepaText(row.holder || row.name, 70) || sepaText(row.name, 70),
            iban: checked.iban!,
            bic: checked.bic,
            reference: remittanceOf(row, reference),
          };
        });
        const controlSum = transfers.reduce((sum, t) => sum + t.amountMinor, 0);
        if (!Number.isSafeInteger(controlSum)) throw fieldError('payees', 'too_big');
        const xml = payoutPain001({
          messageId,
          createdAt,
          initiatingParty: venue.legalName || debtor.holderName,
          debtor: { name: debtor.holderName, iban: debtor.iban, bic: debtor.bic },
          currency: venue.currency,
          executionDate: input.execution_date,
          transfers,
        });
        await tx.insert(payoutBatches).values({
          id: batchId,
          venueId,
          status: 'generated',
          messageId,
          debtorAccountId: debtor.id,
          currency: venue.currency,
          executionDate: input.execution_date,
          controlSumMinor: controlSum,
          transactionCount: transfers.length,
          xml,
          createdByUserId: user.id,
          createdAt,
        });
        const refOf = (t: { endToEndId: string }) => `payout:${batchId}:${t.endToEndId}`;
        const { ids } = await postSystemEntries(
          tx,
          request,
          venueId,
          transfers.map((t) =>
            payoutEntry(
              user,
              {
                venueId,
                currency: venue.currency,
                pricesIncludeTax: venue.pricesIncludeTax,
                partyType: t.row.partyType,
                partyId: t.row.partyId,
                amount: t.amountMinor,
                description: `SEPA payout ${messageId}`,
                source: 'bank',
                occurredAt: createdAt,
                externalRef: refOf(t),
              },
              t.row.account,
            ),
          ),
          {
            action: 'payout.generate',
            details: { batch: batchId, venue: venueId, count: transfers.length, sum: controlSum },
          },
        );
        await tx.insert(payoutItems).values(
          transfers.map((t) => ({
            batchId,
            partyType: t.row.partyType,
            partyId: t.row.partyId,
            name: t.name,
            iban: t.iban,
            bic: t.bic,
            amountMinor: t.amountMinor,
            endToEndId: t.endToEndId,
            reference: t.reference,
            transactionId: ids.get(refOf(t)) ?? null,
          })),
        );
        return { status: 201, body: await batchOf(batchId, tx) };
      });
    },

    async list(user: RequestUser, venueId: number): Promise<PayoutBatchList> {
      await assertKnownVenueAccess(db, user, venueId, { office: true });
      return { results: (await batchSummaries(db, { venueId })).map(summaryOf) };
    },

    async get(user: RequestUser, id: number): Promise<PayoutBatch> {
      await accessBatch(user, id);
      return batchOf(id);
    },

    /** The stored file: the same bytes on every download; reading it changes nothing. */
    async file(user: RequestUser, id: number): Promise<{ fileName: string; body: string }> {
      const file = await batchFile(db, id);
      if (!file) throw new AppError('not_found');
      assertVenueAccess(user, file.venueId, { office: true });
      return { fileName: `pain001-${file.messageId}.xml`, body: file.xml };
    },

    /** Handed to the bank: a generated batch becomes sent (again: no change); a cancelled one cannot. */
    async markSent(request: FastifyRequest, id: number): Promise<PayoutBatch> {
      const user = sessionOf(request);
      return db.transaction(async (tx) => {
        const batch = await lockBatch(tx, id);
        if (!batch) throw new AppError('not_found');
        assertVenueAccess(user, batch.venueId, { office: true });
        if (batch.status === 'cancelled') throw fieldError('__all__', 'batch_cancelled');
        if (batch.status === 'generated') {
          await tx.update(payoutBatches).set({ status: 'sent', sentAt: new Date() }).where(eq(payoutBatches.id, id));
          await ctx.audit.record(request, { action: 'payout.sent', details: { batch: id, venue: batch.venueId } }, tx);
        }
        return batchOf(id, tx);
      });
    },

    /**
     * Cancels a batch the bank has not been given: each payout's reversal posted once (an entry
     * reversed already keeps its reversal), the batch marked cancelled; again: no change.
     */
    async cancel(request: FastifyRequest, id: number): Promise<PayoutBatch> {
      const user = sessionOf(request);
      return db.transaction(async (tx) => {
        const batch = await lockBatch(tx, id);
        if (!batch) throw new AppError('not_found');
        assertVenueAccess(user, batch.venueId, { office: true });
        if (batch.status === 'sent') throw fieldError('__all__', 'batch_sent');
        if (batch.status === 'cancelled') return batchOf(id, tx);
        const items = await itemsOf(tx, id);
        const posted = items.filter((i) => i.transactionId !== null).map((i) => i.transactionId!);
        const reversals = await reverseSystemEntries(tx, request, user, batch.venueId, posted, {
          action: 'payout.cancel',
          details: { batch: id, venue: batch.venueId },
        });
        for (const item of items) {
          const reversal = item.transactionId === null ? undefined : reversals.get(item.transactionId);
          if (reversal !== undefined)
            await tx.update(payoutItems).set({ reversalId: reversal }).where(eq(payoutItems.id, item.id));
        }
        await tx
          .update(payoutBatches)
          .set({ status: 'cancelled', cancelledAt: new Date() })
          .where(eq(payoutBatches.id, id));
        return batchOf(id, tx);
      });
    },
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
