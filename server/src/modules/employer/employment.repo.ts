import { and, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Employment } from '@shared/schemas/people';
import type { Db } from '../../db/client';
import { employers, employments, riders } from '../../db/schema';
import { personName, toPersonSummary } from '../people/person-summary';

export type EmploymentRow = typeof employments.$inferSelect;

/** Not ended (no date_to, or one still to come). */
export const notEnded = or(isNull(employments.dateTo), sql`${employments.dateTo} >= CURRENT_DATE`)!;

/**
 * The rider's contact details go with a confirmed employment only: an employer — a role anyone
 * can give themselves — who asked for a rider by FEI id must not learn the e-mail before the
 * rider has agreed, nor keep reading it once the employment is over or turned down.
 */
const toEmployment = (row: {
  employment: EmploymentRow;
  employer: typeof employers.$inferSelect;
  rider: typeof riders.$inferSelect;
}): Employment => ({
  employmentId: row.employment.id,
  employer: { id: row.employer.id, name: personName(row.employer) },
  rider: { ...toPersonSummary(row.rider), ...(row.employment.status === 'confirmed' ? {} : { email: null }) },
  status: row.employment.status,
  date_from: row.employment.dateFrom,
  date_to: row.employment.dateTo,
  created_at: row.employment.createdAt.toISOString(),
});

/** Employments (DOMAIN.md): pending → confirmed | cancelled, confirmed → ended. */
export function createEmploymentRepo(db: Db) {
  const joined = (tx: Db, where: SQL | undefined) =>
    tx
      .select({ employment: employments, employer: employers, rider: riders })
      .from(employments)
      .innerJoin(employers, eq(employers.id, employments.employerId))
      .innerJoin(riders, eq(riders.id, employments.riderId))
      .where(where)
      .orderBy(desc(employments.createdAt), desc(employments.id));

  return {
    async list(where: SQL | undefined, tx: Db = db): Promise<Employment[]> {
      return (await joined(tx, where)).map(toEmployment);
    },

    async get(id: number, tx: Db = db): Promise<Employment> {
      const [row] = await joined(tx, eq(employments.id, id));
      if (!row) throw new Error(`employment ${id} vanished`);
      return toEmployment(row);
    },

    /** Locks the employment for a change of its state. */
    async lock(id: number, tx: Db): Promise<EmploymentRow | undefined> {
      const [row] = await tx.select().from(employments).where(eq(employments.id, id)).for('update');
      return row;
    },

    /** The rider's pending or confirmed employments that have not ended (optionally with one employer). */
    async open(riderId: number, employerId?: number, tx: Db = db): Promise<EmploymentRow[]> {
      return tx
        .select()
        .from(employments)
        .where(
          and(
            eq(employments.riderId, riderId),
            employerId === undefined ? undefined : eq(employments.employerId, employerId),
            inArray(employments.status, ['pending', 'confirmed']),
            notEnded,
          ),
        );
    },

    /** After an employment ended: the rider is INDEPENDENT unless another confirmed one remains. */
    async settleStatus(riderId: number, endedId: number, tx: Db): Promise<void> {
      const [other] = await tx
        .select({ id: employments.id })
        .from(employments)
        .where(
          and(
            eq(employments.riderId, riderId),
            ne(employments.id, endedId),
            eq(employments.status, 'confirmed'),
            notEnded,
          ),
        )
        .limit(1);
      if (!other) await tx.update(riders).set({ employmentStatus: 'INDEPENDENT' }).where(eq(riders.id, riderId));
    },
  };
}
