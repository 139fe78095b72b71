import { and, count, desc, eq, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { termsAndConditions, users } from '../../db/schema';
import type { Page } from '../../http/pagination';
import { forgetUser } from '../../security/session-cache';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'createdAt' | 'updatedAt'>>;

const lower = (value: string) => value.trim().toLowerCase();
/** Escapes LIKE wildcards in user input. */
const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createUserRepo(db: Db) {
  return {
    async findById(id: number, tx: Db = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id));
      return row;
    },

    /** What authentication needs of a user on every request, and nothing more. */
    async findSessionUser(id: number, tx: Db = db) {
      const [row] = await tx
        .select({
          id: users.id,
          isActive: users.isActive,
          roles: users.roles,
          assignedVenueId: users.assignedVenueId,
          sessionGeneration: users.sessionGeneration,
        })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },

    /** Sign-in name: the username or the e-mail address, case-insensitive. */
    async findByLogin(login: string, tx: Db = db): Promise<UserRow | undefined> {
      const value = lower(login);
      const [row] = await tx
        .select()
        .from(users)
        .where(or(eq(sql`lower(${users.username})`, value), eq(sql`lower(${users.email})`, value)))
        .orderBy(sql`lower(${users.username}) = ${value} DESC`)
        .limit(1);
      return row;
    },

    async findByEmail(email: string, tx: Db = db): Promise<UserRow | undefined> {
      const [row] = await tx
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, lower(email)));
      return row;
    },

    /** Is this address anyone's e-mail or username already? */
    async loginTaken(email: string, tx: Db = db): Promise<boolean> {
      const value = lower(email);
      const [row] = await tx
        .select({ n: count() })
        .from(users)
        .where(or(eq(sql`lower(${users.username})`, value), eq(sql`lower(${users.email})`, value)));
      return (row?.n ?? 0) > 0;
    },

    async insert(values: NewUser, tx: Db = db): Promise<UserRow> {
      const [row] = await tx.insert(users).values(values).returning();
      return row!;
    },

    async update(id: number, patch: UserPatch, tx: Db = db): Promise<UserRow | undefined> {
      const [row] = await tx.update(users).set(patch).where(eq(users.id, id)).returning();
      forgetUser(db, id);
      return row;
    },

    /**
     * Sets a new password only if the stored hash is still `expected`: a compare-and-set, so of
     * two requests racing with one reset link (whose validity hangs on the old hash) one wins.
     */
    async replacePassword(id: number, expected: string | null, patch: UserPatch, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(users)
        .set(patch)
        .where(and(eq(users.id, id), sql`${users.passwordHash} IS NOT DISTINCT FROM ${expected}`))
        .returning({ id: users.id });
      forgetUser(db, id);
      return rows.length === 1;
    },

    /**
     * Ends every session of the user (logout, a new password, deactivation): the generation
     * every session token carries moves on, so all tokens and device credentials issued so far
     * are refused. Returns the new generation (for a session that goes on, e.g. after a
     * password change on this device), or null for an unknown user.
     */
    async endSessions(id: number, tx: Db = db): Promise<number | null> {
      const [row] = await tx
        .update(users)
        .set({ sessionGeneration: sql`${users.sessionGeneration} + 1` })
        .where(eq(users.id, id))
        .returning({ gen: users.sessionGeneration });
      forgetUser(db, id);
      return row?.gen ?? null;
    },

    /** Deactivation ends the user's sessions at once, and a later reactivation revives none. */
    async deactivate(id: number, tx: Db = db): Promise<void> {
      await tx
        .update(users)
        .set({ isActive: false, sessionGeneration: sql`${users.sessionGeneration} + 1` })
        .where(eq(users.id, id));
      forgetUser(db, id);
    },

    async search(q: string, page: Page, tx: Db = db): Promise<{ count: number; rows: UserRow[] }> {
      let where: SQL | undefined;
      if (q) {
        const pattern = `%${likeEscape(q)}%`;
        where = or(
          ilike(users.username, pattern),
          ilike(users.email, pattern),
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        );
      }
      const [total] = await tx.select({ n: count() }).from(users).where(where);
      const rows = await tx
        .select()
        .from(users)
        .where(where)
        .orderBy(users.lastName, users.firstName, users.id)
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, rows };
    },

    /** The terms in force: the newest version already published. */
    async currentTermsVersion(tx: Db = db): Promise<string | null> {
      const [row] = await tx
        .select({ version: termsAndConditions.version })
        .from(termsAndConditions)
        .where(lte(termsAndConditions.publishedAt, new Date()))
        .orderBy(desc(termsAndConditions.publishedAt))
        .limit(1);
      return row?.version ?? null;
    },
  };
}

export type UserRepo = ReturnType<typeof createUserRepo>;
