import { and, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attendanceRegistrations } from '../../db/schema';
import type { Page } from '../../http/pagination';

export type AttendanceRow = typeof attendanceRegistrations.$inferSelect;
export type NewAttendance = typeof attendanceRegistrations.$inferInsert;

const t = attendanceRegistrations;

export function createAttendanceRepo(db: Db) {
  return {
    /** The new row, or undefined when this address already registered for that venue and day. */
    async insertNew(values: NewAttendance, tx: Db = db): Promise<AttendanceRow | undefined> {
      const [row] = await tx
        .insert(t)
        .values(values)
        .onConflictDoNothing({ target: [t.venueId, t.visitDate, t.email] })
        .returning();
      return row;
    },

    async findVisitor(
      venueId: number,
      visitDate: string,
      email: string,
      tx: Db = db,
    ): Promise<AttendanceRow | undefined> {
      const [row] = await tx
        .select()
        .from(t)
        .where(and(eq(t.venueId, venueId), eq(t.visitDate, visitDate), eq(t.email, email)));
      return row;
    },

    async findByTokenHash(tokenHash: string, tx: Db = db): Promise<AttendanceRow | undefined> {
      const [row] = await tx.select().from(t).where(eq(t.confirmTokenHash, tokenHash));
      return row;
    },

    /** A new link for a registration still pending; false once it is confirmed. */
    async replaceToken(id: number, tokenHash: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(t)
        .set({ confirmTokenHash: tokenHash })
        .where(and(eq(t.id, id), isNull(t.confirmedAt)))
        .returning({ id: t.id });
      return rows.length === 1;
    },

    /** Marks the registration confirmed; undefined when it already was (or someone was quicker). */
    async confirm(id: number, tx: Db = db): Promise<AttendanceRow | undefined> {
      const [row] = await tx
        .update(t)
        .set({ confirmedAt: new Date() })
        .where(and(eq(t.id, id), isNull(t.confirmedAt)))
        .returning();
      return row;
    },

    async list(
      venueId: number,
      filter: { date?: string },
      page: Page,
      tx: Db = db,
    ): Promise<{ count: number; rows: AttendanceRow[] }> {
      const conditions: SQL[] = [eq(t.venueId, venueId)];
      if (filter.date) conditions.push(eq(t.visitDate, filter.date));
      const where = and(...conditions);
      const [total] = await tx.select({ n: count() }).from(t).where(where);
      const rows = await tx
        .select()
        .from(t)
        .where(where)
        .orderBy(t.visitDate, t.lastName, t.firstName, t.id)
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, rows };
    },
  };
}

export type AttendanceRepo = ReturnType<typeof createAttendanceRepo>;
