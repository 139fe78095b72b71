import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';

export interface PartyAt {
  venueId: number;
  type: string;
  id: number;
}

export const partyKey = (p: PartyAt) => `${p.venueId}:${p.type}:${p.id}`;

/**
 * The running balances of parties at venues (the party accounts of the ledger), keyed by
 * partyKey; a party without an account there has none (read it as 0).
 */
export async function partyBalances(db: Db, parties: readonly PartyAt[]): Promise<Map<string, number>> {
  const balances = new Map<string, number>();
  if (!parties.length) return balances;
  const rows = await db
    .select({
      venueId: accounts.venueId,
      type: accounts.partyType,
      id: accounts.partyId,
      balance: accounts.balanceMinor,
    })
    .from(accounts)
    .where(
      and(
        eq(accounts.kind, 'party'),
        sql`(${accounts.venueId}, ${accounts.partyType}, ${accounts.partyId}) IN (${sql.join(
          parties.map((p) => sql`(${p.venueId}::integer, ${p.type}::text, ${p.id}::integer)`),
          sql`, `,
        )})`,
      ),
    );
  for (const row of rows) balances.set(partyKey(row), row.balance);
  return balances;
}
