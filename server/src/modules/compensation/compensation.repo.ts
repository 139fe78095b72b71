import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  bankAccounts,
  compensationBills,
  documentSequences,
  officialParticipations,
  officials,
  users,
  venues,
} from '../../db/schema';

export type BillRow = typeof compensationBills.$inferSelect;
export type ParticipationRow = typeof officialParticipations.$inferSelect;

/** The compensation bills' queries; each takes an optional transaction. */
export function createCompensationRepo(db: Db) {
  return {
    /** The participation, locked: concurrent issuers of its bill wait for each other here. */
    async lockParticipation(id: number, tx: Db): Promise<ParticipationRow | undefined> {
      const [row] = await tx
        .select()
        .from(officialParticipations)
        .where(eq(officialParticipations.id, id))
        .for('update');
      return row;
    },

    async participation(id: number, tx: Db = db): Promise<ParticipationRow | undefined> {
      const [row] = await tx.select().from(officialParticipations).where(eq(officialParticipations.id, id));
      return row;
    },

    /** The venue's official participations without a bill, in the order they were entered. */
    async unbilled(venueId: number, tx: Db = db): Promise<number[]> {
      const rows = await tx
        .select({ id: officialParticipations.id })
        .from(officialParticipations)
        .leftJoin(compensationBills, eq(compensationBills.officialParticipationId, officialParticipations.id))
        .where(and(eq(officialParticipations.venueId, venueId), isNull(compensationBills.id)))
        .orderBy(asc(officialParticipations.id));
      return rows.map((row) => row.id);
    },

    async billOfParticipation(participationId: number, tx: Db = db): Promise<BillRow | undefined> {
      const [row] = await tx
        .select()
        .from(compensationBills)
        .where(eq(compensationBills.officialParticipationId, participationId));
      return row;
    },

    async bill(id: number, tx: Db = db): Promise<BillRow | undefined> {
      const [row] = await tx.select().from(compensationBills).where(eq(compensationBills.id, id));
      return row;
    },

    /** Bills with the venue's name, by venue and number. */
    async bills(where: { venueId?: number; officialId?: number }, tx: Db = db) {
      return tx
        .select({ bill: compensationBills, venueName: venues.name })
        .from(compensationBills)
        .innerJoin(venues, eq(venues.id, compensationBills.venueId))
        .where(
          and(
            where.venueId === undefined ? undefined : eq(compensationBills.venueId, where.venueId),
            where.officialId === undefined ? undefined : eq(compensationBills.officialId, where.officialId),
          ),
        )
        .orderBy(asc(venues.name), asc(compensationBills.venueId), asc(compensationBills.number));
    },

    /** What the bill's snapshot needs: the venue, the official, the official's language and default account. */
    async parties(participation: ParticipationRow, issuerId: number, tx: Db) {
      const [venue] = await tx.select().from(venues).where(eq(venues.id, participation.venueId));
      const [official] = await tx.select().from(officials).where(eq(officials.id, participation.officialId));
      const [language] = rowsOf<{ language: string | null }>(
        await tx.execute(
          sql`SELECT COALESCE((SELECT ${users.language} FROM ${users} WHERE ${users.id} = ${official?.userId ?? 0}),
            (SELECT ${users.language} FROM ${users} WHERE ${users.id} = ${issuerId})) AS language`,
        ),
      );
      const [bank] = await tx
        .select()
        .from(bankAccounts)
        .where(
          and(
            eq(bankAccounts.ownerType, 'official'),
            eq(bankAccounts.ownerId, participation.officialId),
            eq(bankAccounts.isDefault, true),
          ),
        );
      return { venue, official, language: language?.language ?? null, bank };
    },

    /**
     * The next number of the venue's compensation series, in the caller's transaction: the row
     * is created when missing, then counted up (its lock holds other issuers until the commit, a
     * rollback gives the number back): gapless.
     */
    async nextNumber(venueId: number, tx: Db): Promise<number> {
      await tx.insert(documentSequences).values({ venueId, series: 'compensation' }).onConflictDoNothing();
      const [row] = await tx
        .update(documentSequences)
        .set({ lastNumber: sql`${documentSequences.lastNumber} + 1` })
        .where(and(eq(documentSequences.venueId, venueId), eq(documentSequences.series, 'compensation')))
        .returning({ number: documentSequences.lastNumber });
      if (!row) throw new Error('compensation sequence answered nothing');
      return row.number;
    },

    async insert(values: typeof compensationBills.$inferInsert, tx: Db): Promise<BillRow> {
      const [row] = await tx.insert(compensationBills).values(values).returning();
      return row!;
    },

    /** Keeps the rendered PDF (once: a bill's document never changes). */
    async keepPdf(id: number, pdf: Buffer, tx: Db = db): Promise<void> {
      await tx
        .update(compensationBills)
        .set({ pdf: pdf.toString('base64') })
        .where(and(eq(compensationBills.id, id), isNull(compensationBills.pdf)));
    },
  };
}

export type CompensationRepo = ReturnType<typeof createCompensationRepo>;
