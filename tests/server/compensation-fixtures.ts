import { eq, sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import type { Db } from '../../server/src/db/client';
import { rowsOf } from '../../server/src/db/rows';
import { bankAccounts, officialParticipations, officials, users } from '../../server/src/db/schema';
import { seedLedgerFixtures, type LedgerFixtures } from './ledger-fixtures';

/**
 * The ledger's show (ledger-fixtures.ts) with officials at work, for the compensation bills:
 *   odile      Odile Officielle (user `official`, French), judge at venue 1: 4 days × 220.00,
 *              travel 185.00, per diem 45.00, 15 % withheld; a default bank account
 *   morgan     Morgan Multi (user `multi`, English), steward at venue 1: 3 days × 333.35, 10 %
 *              withheld (the withholding lands on a half cent)
 *   steward    Odile again, steward at venue 1: 2 days × 150.00 (nothing withheld)
 *   zero       Odile, other at venue 1: nothing payable (0 days, nothing else)
 *   abroad     Odile, judge at venue 2 (CHF): the demo organizer does not belong there
 */
export interface CompensationFixtures extends LedgerFixtures {
  morganOfficial: number;
  odile: number;
  morgan: number;
  steward: number;
  zero: number;
  abroad: number;
  iban: string;
}

export const ODILE_IBAN = 'FR7630006000011234567890189';

export async function seedCompensationFixtures(db: Db): Promise<CompensationFixtures> {
  const f = await seedLedgerFixtures(db);
  const [multi] = await db
    .select({ id: officials.id })
    .from(officials)
    .innerJoin(users, eq(users.id, officials.userId))
    .where(eq(users.username, 'multi'));
  await db
    .update(officials)
    .set({ address: '12 rue des Lices', postalCode: '49100', city: 'Angers', country: 'FR', feiId: '10099887' })
    .where(eq(officials.id, f.official));
  await db.insert(bankAccounts).values({
    ownerType: 'official',
    ownerId: f.official,
    holderName: 'Odile Officielle',
    iban: ODILE_IBAN,
    isDefault: true,
  });
  // The ledger fixtures' participation of Odile gives way to the ones these tests count.
  await db.delete(officialParticipations).where(eq(officialParticipations.officialId, f.official));
  const rows = await db
    .insert(officialParticipations)
    .values([
      {
        venueId: 1,
        officialId: f.official,
        function: 'judge',
        dateFrom: '2026-05-01',
        dateTo: '2026-05-04',
        days: 4,
        dayRateMinor: 22_000,
        travelMinor: 18_500,
        perDiemMinor: 4_500,
        withholdingBp: 1_500,
      },
      { venueId: 1, officialId: multi!.id, function: 'steward', days: 3, dayRateMinor: 33_335, withholdingBp: 1_000 },
      { venueId: 1, officialId: f.official, function: 'steward', days: 2, dayRateMinor: 15_000 },
      { venueId: 1, officialId: f.official, function: 'other', days: 0 },
      { venueId: f.venue2, officialId: f.official, function: 'judge', days: 1, dayRateMinor: 50_000 },
    ])
    .returning({ id: officialParticipations.id });
  const [odile, morgan, steward, zero, abroad] = rows.map((r) => r.id) as [number, number, number, number, number];
  return { ...f, morganOfficial: multi!.id, odile, morgan, steward, zero, abroad, iban: ODILE_IBAN };
}

/** The text of a PDF, whitespace collapsed. */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** The compensation credits in the ledger: entries with a `compensation:` reference. */
export async function compensationCredits(db: Db) {
  return rowsOf<{ ref: string; party_id: number; kind: string; gross: string }>(
    await db.execute(
      sql`SELECT external_ref AS ref, party_id, kind, gross_minor::text AS gross FROM transactions
          WHERE external_ref LIKE 'compensation:%' ORDER BY id`,
    ),
  );
}

/** The official's balance at a venue (0 without an account). */
export async function officialBalance(db: Db, officialId: number, venueId = 1): Promise<number> {
  const [row] = rowsOf<{ balance: string }>(
    await db.execute(
      sql`SELECT COALESCE(sum(balance_minor), 0)::text AS balance FROM accounts
          WHERE kind = 'party' AND party_type = 'official' AND party_id = ${officialId} AND venue_id = ${venueId}`,
    ),
  );
  return Number(row?.balance ?? 0);
}
