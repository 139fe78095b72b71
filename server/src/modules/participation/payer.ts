import { and, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employments, riders } from '../../db/schema';

export interface Payer {
  type: 'rider' | 'employer';
  id: number;
}

/**
 * Who pays a rider's show costs (DOMAIN.md "Payer"): an EMPLOYED rider with a confirmed
 * employment that has not ended (on `day`, default today) → the employer; otherwise the rider.
 * Returns null when the rider does not exist.
 */
export async function resolvePayer(db: Db, riderId: number, day?: string): Promise<Payer | null> {
  const on = day ?? new Date().toISOString().slice(0, 10);
  const [rider] = await db
    .select({ id: riders.id, status: riders.employmentStatus })
    .from(riders)
    .where(eq(riders.id, riderId));
  if (!rider) return null;
  if (rider.status !== 'EMPLOYED') return { type: 'rider', id: rider.id };
  const [employment] = await db
    .select({ employerId: employments.employerId })
    .from(employments)
    .where(
      and(
        eq(employments.riderId, riderId),
        eq(employments.status, 'confirmed'),
        or(isNull(employments.dateFrom), sql`${employments.dateFrom} <= ${on}`),
        or(isNull(employments.dateTo), gte(employments.dateTo, on)),
      ),
    )
    .orderBy(desc(employments.dateFrom), desc(employments.id))
    .limit(1);
  return employment ? { type: 'employer', id: employment.employerId } : { type: 'rider', id: rider.id };
}
