import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { EvclFees } from '@shared/schemas/people';
import type { Db } from '../../db/client';
import { merchants, transactions as t, venues } from '../../db/schema';
import type { Page } from '../../http/pagination';

/**
 * The merchant's fee plan and every sale with the fee charged on it (ledger entry.ts: a sale
 * carries fee_minor = merchantFee(gross, plan)). Reversed sales and the reversals are left out:
 * an edited sale counts once, as its replacement. Totals per currency over all pages.
 */
export async function merchantFees(
  db: Db,
  merchantId: number,
  venueId: number | undefined,
  page: Page,
): Promise<EvclFees> {
  const [plan] = await db
    .select({ fee_percent_bp: merchants.feePercentBp, fee_fixed_minor: merchants.feeFixedMinor })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  const where = and(
    eq(t.merchantId, merchantId),
    eq(t.kind, 'sale'),
    venueId === undefined ? undefined : eq(t.venueId, venueId),
    sql`NOT EXISTS (SELECT 1 FROM transactions r WHERE r.reversal_of_id = ${t.id})`,
    ne(t.kind, 'reversal'),
  );
  const [total] = await db.select({ n: count() }).from(t).where(where);
  const rows = await db
    .select({
      transaction: t.id,
      venue: t.venueId,
      venue_name: venues.name,
      currency: t.currency,
      recordedAt: t.recordedAt,
      description: t.description,
      gross_minor: t.grossMinor,
      fee_minor: t.feeMinor,
    })
    .from(t)
    .innerJoin(venues, eq(venues.id, t.venueId))
    .where(where)
    .orderBy(desc(t.recordedAt), desc(t.id))
    .limit(page.limit)
    .offset(page.offset);
  const totals = await db
    .select({
      currency: t.currency,
      gross_minor: sql<number>`COALESCE(sum(${t.grossMinor}), 0)`.mapWith(Number),
      fee_minor: sql<number>`COALESCE(sum(${t.feeMinor}), 0)`.mapWith(Number),
    })
    .from(t)
    .where(where)
    .groupBy(t.currency)
    .orderBy(asc(t.currency));
  return {
    plan: plan!,
    count: total?.n ?? 0,
    results: rows.map(({ recordedAt, ...row }) => ({ ...row, recorded_at: recordedAt.toISOString() })),
    totals,
  };
}
