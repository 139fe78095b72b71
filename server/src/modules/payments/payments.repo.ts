import { and, desc, eq, inArray, isNull, like, lt, sql, type SQL } from 'drizzle-orm';
import type { PartyType } from '@shared/ledger';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  accounts,
  cardCustomers,
  cardPayments,
  cardRefunds,
  cardWebhookEvents,
  savedCards,
  venues,
} from '../../db/schema';
import { nextTransactionId } from '../ledger/card-entries';
import { nameOfParty, partyName } from '../ledger/names';
import { PROFILE_TABLES } from '../user/profile.repo';

/** A provider id not known yet: the row is written first, the provider's id follows (`new:<uuid>`). */
export const PLACEHOLDER = 'new:';
export const isPlaceholder = (id: string): boolean => id.startsWith(PLACEHOLDER);

export type CardPaymentRow = typeof cardPayments.$inferSelect;
export type CardRefundRow = typeof cardRefunds.$inferSelect;
export type SavedCardRow = typeof savedCards.$inferSelect;

/** Card payments that are confirmed but not posted yet: not payable again (contract `pending`). */
export const pendingCondition: SQL = sql`(${cardPayments.status} = 'processing'
  OR (${cardPayments.status} = 'succeeded' AND ${cardPayments.transactionId} IS NULL))`;

export interface PaymentWireRow {
  p: CardPaymentRow;
  venueName: string;
  partyName: string | null;
  brand: string | null;
  last4: string | null;
}

export interface PartyRef {
  type: PartyType;
  id: number;
}

export function createPaymentsRepo(db: Db) {
  const wire = (tx: Db) =>
    tx
      .select({
        p: cardPayments,
        venueName: venues.name,
        partyName: partyName(cardPayments.partyType, cardPayments.partyId),
        brand: savedCards.brand,
        last4: savedCards.last4,
      })
      .from(cardPayments)
      .innerJoin(venues, eq(venues.id, cardPayments.venueId))
      .leftJoin(savedCards, eq(savedCards.paymentMethodId, cardPayments.paymentMethodId));

  return {
    // ---- the provider's customer of a user ----
    async customerOf(userId: number, tx: Db = db) {
      const [row] = await tx.select().from(cardCustomers).where(eq(cardCustomers.userId, userId));
      return row;
    },
    /** Claims the creation of a user's customer; false when another request holds it. */
    async claimCustomer(userId: number, claim: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .insert(cardCustomers)
        .values({ userId, customerId: claim })
        .onConflictDoNothing()
        .returning({ userId: cardCustomers.userId });
      return rows.length === 1;
    },
    /** Takes over a claim left by a request that never finished. */
    async replaceClaim(userId: number, stale: string, claim: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(cardCustomers)
        .set({ customerId: claim, createdAt: new Date() })
        .where(and(eq(cardCustomers.userId, userId), eq(cardCustomers.customerId, stale)))
        .returning({ userId: cardCustomers.userId });
      return rows.length === 1;
    },
    async settleClaim(userId: number, claim: string, customerId: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(cardCustomers)
        .set({ customerId })
        .where(and(eq(cardCustomers.userId, userId), eq(cardCustomers.customerId, claim)))
        .returning({ userId: cardCustomers.userId });
      return rows.length === 1;
    },
    async dropClaim(userId: number, claim: string, tx: Db = db): Promise<void> {
      await tx.delete(cardCustomers).where(and(eq(cardCustomers.userId, userId), eq(cardCustomers.customerId, claim)));
    },

    // ---- saved cards ----
    listCards(userId: number, tx: Db = db): Promise<SavedCardRow[]> {
      return tx
        .select()
        .from(savedCards)
        .where(and(eq(savedCards.userId, userId), isNull(savedCards.removedAt)))
        .orderBy(desc(savedCards.createdAt), desc(savedCards.id));
    },
    async card(id: number, tx: Db = db): Promise<SavedCardRow | undefined> {
      const [row] = await tx.select().from(savedCards).where(eq(savedCards.id, id));
      return row;
    },
    async cardOfMethod(paymentMethodId: string, tx: Db = db): Promise<SavedCardRow | undefined> {
      const [row] = await tx.select().from(savedCards).where(eq(savedCards.paymentMethodId, paymentMethodId));
      return row;
    },
    /** Saves a card once per payment method; answers the row (new or already there). */
    async saveCard(values: typeof savedCards.$inferInsert, tx: Db = db): Promise<SavedCardRow> {
      const [row] = await tx.insert(savedCards).values(values).onConflictDoNothing().returning();
      return row ?? (await this.cardOfMethod(values.paymentMethodId, tx))!;
    },
    async removeCard(id: number, tx: Db = db): Promise<void> {
      await tx
        .update(savedCards)
        .set({ removedAt: new Date() })
        .where(and(eq(savedCards.id, id), isNull(savedCards.removedAt)));
    },

    // ---- parties and venues ----
    /** The party's profile: its login (null without one) and name; undefined when there is none. */
    async party(ref: PartyRef, tx: Db = db): Promise<{ userId: number | null; name: string } | undefined> {
      const table = PROFILE_TABLES[ref.type];
      const [row] = await tx
        .select({ userId: table.userId, name: nameOfParty(ref.type, ref.id) })
        .from(table)
        .where(eq(table.id, ref.id));
      return row && { userId: row.userId, name: row.name ?? '' };
    },
    async venue(id: number, tx: Db = db) {
      const [row] = await tx.select().from(venues).where(eq(venues.id, id));
      return row;
    },
    /** The party's account balance at each venue where it owes money (balance < 0). */
    owedAt(ref: PartyRef, tx: Db = db) {
      return tx
        .select({
          venue: accounts.venueId,
          venueName: venues.name,
          currency: venues.currency,
          balance: accounts.balanceMinor,
        })
        .from(accounts)
        .innerJoin(venues, eq(venues.id, accounts.venueId))
        .where(
          and(
            eq(accounts.kind, 'party'),
            eq(accounts.partyType, ref.type),
            eq(accounts.partyId, ref.id),
            lt(accounts.balanceMinor, 0),
          ),
        )
        .orderBy(venues.name, venues.id);
    },
    async balanceAt(venueId: number, ref: PartyRef, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ balance: accounts.balanceMinor })
        .from(accounts)
        .where(
          and(
            eq(accounts.venueId, venueId),
            eq(accounts.kind, 'party'),
            eq(accounts.partyType, ref.type),
            eq(accounts.partyId, ref.id),
          ),
        );
      return row?.balance ?? 0;
    },
    /** Σ of the party's card payments at the venues that are confirmed but not posted yet. */
    async pendingAt(venueIds: readonly number[], ref: PartyRef, tx: Db = db): Promise<Map<number, number>> {
      if (!venueIds.length) return new Map();
      const rows = await tx
        .select({
          venue: cardPayments.venueId,
          pending: sql<number>`COALESCE(sum(${cardPayments.amountMinor}), 0)`.mapWith(Number),
        })
        .from(cardPayments)
        .where(
          and(
            inArray(cardPayments.venueId, [...venueIds]),
            eq(cardPayments.partyType, ref.type),
            eq(cardPayments.partyId, ref.id),
            pendingCondition,
          ),
        )
        .groupBy(cardPayments.venueId);
      return new Map(rows.map((r) => [r.venue, r.pending]));
    },

    // ---- card payments ----
    /** Writes a new payment; undefined when its idempotency key is taken (a replay). */
    async insertPayment(values: typeof cardPayments.$inferInsert, tx: Db = db): Promise<CardPaymentRow | undefined> {
      const [row] = await tx.insert(cardPayments).values(values).onConflictDoNothing().returning();
      return row;
    },
    async paymentOfKey(key: string, tx: Db = db): Promise<CardPaymentRow | undefined> {
      const [row] = await tx.select().from(cardPayments).where(eq(cardPayments.idempotencyKey, key));
      return row;
    },
    async payment(id: number, tx: Db = db, lock = false): Promise<CardPaymentRow | undefined> {
      const query = tx.select().from(cardPayments).where(eq(cardPayments.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },
    async paymentOfIntent(intentId: string, tx: Db = db, lock = false): Promise<CardPaymentRow | undefined> {
      const query = tx.select().from(cardPayments).where(eq(cardPayments.intentId, intentId));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },
    /** The row of an intent, locked, with a transaction id drawn for its entry (the webhook's one round trip). */
    async lockIntentDrawing(intentId: string, tx: Db): Promise<{ row: CardPaymentRow; nextId: number } | undefined> {
      const [found] = await tx
        .select({ row: cardPayments, nextId: nextTransactionId })
        .from(cardPayments)
        .where(eq(cardPayments.intentId, intentId))
        .for('update');
      return found && { row: found.row, nextId: Number(found.nextId) };
    },
    /**
     * Records the webhook's event and writes the payment's new state in one statement; answers
     * whether the event was new (false: a concurrent delivery of it recorded it first).
     */
    async finishPayment(
      tx: Db,
      id: number,
      set: {
        status: string;
        amountMinor?: number;
        feeMinor?: number;
        transactionId?: number;
        paymentMethodId?: string | null;
        failureMessage?: string | null;
      },
      event: { eventId: string; type: string; objectId: string; payload: unknown },
    ): Promise<boolean> {
      const keep = (value: unknown, column: SQL) => (value === undefined ? column : sql`${value}`);
      const [row] = rowsOf<{ recorded: number }>(
        await tx.execute(sql`WITH e AS (
            INSERT INTO card_webhook_events (event_id, type, object_id, payload)
            VALUES (${event.eventId}, ${event.type}, ${event.objectId}, ${JSON.stringify(event.payload)}::jsonb)
            ON CONFLICT DO NOTHING RETURNING 1)
          UPDATE card_payments SET status = ${set.status},
            amount_minor = ${keep(set.amountMinor, sql`amount_minor`)},
            fee_minor = ${keep(set.feeMinor, sql`fee_minor`)},
            transaction_id = ${keep(set.transactionId, sql`transaction_id`)},
            payment_method_id = COALESCE(${set.paymentMethodId ?? null}, payment_method_id),
            failure_message = ${keep(set.failureMessage, sql`failure_message`)},
            updated_at = now()
          WHERE id = ${id}
          RETURNING (SELECT count(*) FROM e)::int AS recorded`),
      );
      return row?.recorded === 1;
    },
    /** Whether an event was handled already, and whether its intent's payment is posted (one query). */
    /**
     * Whether the event was taken already, the intent's payment posted, and whether Paddock knows
     * the intent at all: a row with its id, or the row its metadata names still waiting for it.
     */
    async deliveryState(
      eventId: string,
      intentId: string,
      placeholderId: number | null,
      tx: Db = db,
    ): Promise<{ seen: boolean; posted: boolean; known: boolean }> {
      const [row] = rowsOf<{ seen: boolean; posted: boolean; known: boolean }>(
        await tx.execute(sql`SELECT
          EXISTS (SELECT 1 FROM card_webhook_events WHERE event_id = ${eventId}) AS seen,
          EXISTS (SELECT 1 FROM card_payments WHERE intent_id = ${intentId} AND transaction_id IS NOT NULL) AS posted,
          EXISTS (SELECT 1 FROM card_payments WHERE intent_id = ${intentId}
            OR (id = ${placeholderId ?? 0} AND intent_id LIKE ${`${PLACEHOLDER}%`})) AS known`),
      );
      return { seen: !!row?.seen, posted: !!row?.posted, known: !!row?.known };
    },
    /** The row a provider intent names in its metadata, while the row still waits for the intent's id. */
    async placeholderPayment(id: number, tx: Db, lock = false): Promise<CardPaymentRow | undefined> {
      const query = tx
        .select()
        .from(cardPayments)
        .where(and(eq(cardPayments.id, id), like(cardPayments.intentId, `${PLACEHOLDER}%`)));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },
    async updatePayment(
      id: number,
      set: Partial<typeof cardPayments.$inferInsert>,
      tx: Db = db,
    ): Promise<CardPaymentRow> {
      const [row] = await tx.update(cardPayments).set(set).where(eq(cardPayments.id, id)).returning();
      return row!;
    },
    async wireOf(id: number, tx: Db = db): Promise<PaymentWireRow | undefined> {
      const [row] = await wire(tx).where(eq(cardPayments.id, id));
      return row;
    },
    listWire(venueId: number, party: PartyRef | null, tx: Db = db): Promise<PaymentWireRow[]> {
      return wire(tx)
        .where(
          and(
            eq(cardPayments.venueId, venueId),
            party ? eq(cardPayments.partyType, party.type) : undefined,
            party ? eq(cardPayments.partyId, party.id) : undefined,
          ),
        )
        .orderBy(desc(cardPayments.createdAt), desc(cardPayments.id));
    },

    // ---- refunds ----
    async insertRefund(values: typeof cardRefunds.$inferInsert, tx: Db = db): Promise<CardRefundRow | undefined> {
      const [row] = await tx.insert(cardRefunds).values(values).onConflictDoNothing().returning();
      return row;
    },
    async refundOfKey(key: string, tx: Db = db): Promise<CardRefundRow | undefined> {
      const [row] = await tx.select().from(cardRefunds).where(eq(cardRefunds.idempotencyKey, key));
      return row;
    },
    async refund(id: number, tx: Db = db, lock = false): Promise<CardRefundRow | undefined> {
      const query = tx.select().from(cardRefunds).where(eq(cardRefunds.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },
    async refundOfProvider(refundId: string, tx: Db, lock = false): Promise<CardRefundRow | undefined> {
      const query = tx.select().from(cardRefunds).where(eq(cardRefunds.refundId, refundId));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },
    async placeholderRefund(id: number, paymentId: number, tx: Db): Promise<CardRefundRow | undefined> {
      const [row] = await tx
        .select()
        .from(cardRefunds)
        .where(
          and(
            eq(cardRefunds.id, id),
            eq(cardRefunds.paymentId, paymentId),
            like(cardRefunds.refundId, `${PLACEHOLDER}%`),
          ),
        )
        .for('update');
      return row;
    },
    async updateRefund(id: number, set: Partial<typeof cardRefunds.$inferInsert>, tx: Db = db): Promise<CardRefundRow> {
      const [row] = await tx.update(cardRefunds).set(set).where(eq(cardRefunds.id, id)).returning();
      return row!;
    },
    /** Moves the payment's refunded total (a refund reserved, or released when it failed). */
    async addRefunded(paymentId: number, delta: number, tx: Db): Promise<void> {
      await tx
        .update(cardPayments)
        .set({ refundedMinor: sql`${cardPayments.refundedMinor} + ${delta}` })
        .where(eq(cardPayments.id, paymentId));
    },

    // ---- webhook events ----
    async eventSeen(eventId: string, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: cardWebhookEvents.eventId })
        .from(cardWebhookEvents)
        .where(eq(cardWebhookEvents.eventId, eventId));
      return row !== undefined;
    },
    /** Records an event; false when it was recorded already (a concurrent delivery of it). */
    async recordEvent(values: typeof cardWebhookEvents.$inferInsert, tx: Db): Promise<boolean> {
      const rows = await tx
        .insert(cardWebhookEvents)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: cardWebhookEvents.eventId });
      return rows.length === 1;
    },
  };
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
