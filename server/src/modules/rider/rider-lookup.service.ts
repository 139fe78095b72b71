import { asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { emailField } from '@shared/schemas/common';
import { feiPersonIdField } from '@shared/schemas/owner';
import type { LookupBy, PersonFound } from '@shared/schemas/people';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { merchants, officials, riders, users } from '../../db/schema';
import { personName } from '../people/person-summary';

type LookupKind = PersonFound['type'];
const TABLES = { rider: riders, official: officials, merchant: merchants } as const;

/** The profile's own e-mail or its login's, in any case (e-mail addresses are matched case-blind in practice). */
const sameEmail = (kind: LookupKind, email: string): SQL => {
  const t = TABLES[kind];
  return or(
    sql`lower(${t.email}) = lower(${email})`,
    sql`${t.userId} IN (SELECT ${users.id} FROM ${users} WHERE lower(${users.email}) = lower(${email}))`,
  )!;
};

/** Exact matches only: a partial value must find nobody, or the look-up becomes a search of everyone. */
function exactly(kind: LookupKind, by: LookupBy, value: string): SQL {
  const t = TABLES[kind];
  const text = value.trim();
  // a merchant (a business) is known by its e-mail only: it has no FEI or national id
  if (kind === 'merchant' && by !== 'email') return sql`false`;
  const person = t as typeof riders | typeof officials;
  switch (by) {
    case 'email':
      if (!emailField.safeParse(text).success) throw fieldError('value', 'invalid');
      return sameEmail(kind, text);
    case 'fei_id':
      if (!feiPersonIdField.safeParse(text).success) throw fieldError('value', 'invalid');
      return eq(person.feiId, text);
    case 'national_id':
      return sql`upper(${person.nationalId}) = upper(${text})`;
  }
}

/**
 * Finding someone new by an exact e-mail, FEI id, national id or licence (the show office
 * enrolling, an employer employing). The answer is who it is — id and name — never how to reach
 * them, so knowing one address reveals no other contact details.
 */
export function createRiderLookupService(ctx: AppContext) {
  async function first(kind: LookupKind, where: SQL): Promise<PersonFound | null> {
    const t = TABLES[kind];
    const [row] = await ctx.db
      .select({
        id: t.id,
        firstName: t.firstName,
        lastName: t.lastName,
        company: kind === 'merchant' ? merchants.companyName : sql<string>`''`,
      })
      .from(t)
      .where(where)
      .orderBy(asc(t.id))
      .limit(1);
    return row ? { id: row.id, type: kind, name: row.company || personName(row) } : null;
  }

  async function find(kind: LookupKind, by: LookupBy, value: string): Promise<PersonFound> {
    const person = await first(kind, exactly(kind, by, value));
    if (!person) throw new AppError('not_found');
    return person;
  }

  return {
    find,
    byEmail: (email: string) => find('rider', 'email', email),
    byFeiId: (feiId: string) => find('rider', 'fei_id', feiId),
    byNationalId: (nationalId: string) => find('rider', 'national_id', nationalId),

    /** Is there a rider with this licence (registration id) or e-mail? */
    async exists(input: { registration_id?: string | null; email?: string | null }) {
      const conditions: SQL[] = [];
      if (input.registration_id)
        conditions.push(sql`upper(${riders.registrationId}) = upper(${input.registration_id})`);
      if (input.email) conditions.push(sameEmail('rider', input.email));
      if (!conditions.length) throw fieldError('registration_id', 'required');
      const rider = await first('rider', or(...conditions)!);
      return { exists: rider !== null, rider };
    },
  };
}
