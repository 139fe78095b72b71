import { asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PersonSummary } from '@shared/schemas/participation';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { riders, users } from '../../db/schema';
import { toPersonSummary } from '../people/person-summary';

const sameEmail = (email: string): SQL =>
  or(
    sql`lower(${riders.email}) = lower(${email})`,
    sql`${riders.userId} IN (SELECT ${users.id} FROM ${users} WHERE lower(${users.email}) = lower(${email}))`,
  )!;

/** Finding a rider by e-mail, FEI id, national id or licence (the show office, employers). */
export function createRiderLookupService(ctx: AppContext) {
  async function first(where: SQL): Promise<PersonSummary | null> {
    const [row] = await ctx.db.select().from(riders).where(where).orderBy(asc(riders.id)).limit(1);
    return row ? toPersonSummary(row) : null;
  }
  async function found(where: SQL): Promise<PersonSummary> {
    const rider = await first(where);
    if (!rider) throw new AppError('not_found');
    return rider;
  }

  return {
    byEmail: (email: string) => found(sameEmail(email)),
    byFeiId: (feiId: string) => found(eq(riders.feiId, feiId)),
    byNationalId: (nationalId: string) => found(sql`upper(${riders.nationalId}) = upper(${nationalId})`),

    /** Is there a rider with this licence (registration id) or e-mail? */
    async exists(input: { registration_id?: string | null; email?: string | null }) {
      const conditions: SQL[] = [];
      if (input.registration_id)
        conditions.push(sql`upper(${riders.registrationId}) = upper(${input.registration_id})`);
      if (input.email) conditions.push(sameEmail(input.email));
      if (!conditions.length) throw fieldError('registration_id', 'required');
      const rider = await first(or(...conditions)!);
      return { exists: rider !== null, rider };
    },
  };
}
