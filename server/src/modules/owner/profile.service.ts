import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { OwnerType } from '@shared/schemas/owner';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { employers, users } from '../../db/schema';
import { sessionOf } from '../../http/session';
import { violatedUniqueIndex } from '../configuration/pg-errors';
import { PROFILE_TABLES } from '../user/profile.repo';
import { createUserRepo } from '../user/user.repo';
import { ownerFor, type Owner } from './owner-access';
import { ADMIN_ONLY_FIELDS, profileColumns, toProfile, type ProfileOf } from './profile-wire';

type Input = Record<string, unknown>;
// The profile tables share id, user_id and the name columns; one table type serves all five.
type AnyProfileTable = (typeof PROFILE_TABLES)['simpleuser'];

const tableOf = (kind: OwnerType) => PROFILE_TABLES[kind] as unknown as AnyProfileTable;

/** A second profile with the same FEI id is a field error. */
async function uniqueChecked<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    const index = violatedUniqueIndex(err);
    if (index === 'riders_fei_id_key' || index === 'officials_fei_id_key') throw fieldError('fei_id', 'duplicate');
    if (index?.endsWith('_user_id_key')) throw new AppError('conflict');
    throw err;
  }
}

/** Profiles of every kind (people.ts "Profiles"): read, edit, admin create, employer registration. */
export function createProfileService(ctx: AppContext) {
  const userRepo = createUserRepo(ctx.db);

  async function load<K extends OwnerType>(kind: K, id: number, tx: Db = ctx.db): Promise<ProfileOf<K>> {
    const table = tableOf(kind);
    const [row] = await tx.select().from(table).where(eq(table.id, id));
    if (!row) throw new AppError('not_found');
    let termsAccepted = false;
    if (kind === 'rider' && row.userId !== null) {
      const [user] = await tx
        .select({ version: users.termsAcceptedVersion })
        .from(users)
        .where(eq(users.id, row.userId));
      const current = await userRepo.currentTermsVersion(tx);
      termsAccepted = current !== null && user?.version === current;
    }
    return toProfile(kind, row, termsAccepted);
  }

  function refuseAdminFields(owner: Pick<Owner, 'access'>, kind: OwnerType, input: Input): void {
    if (owner.access === 'admin') return;
    const sent = ADMIN_ONLY_FIELDS[kind].find((field) => input[field] !== undefined);
    if (sent) throw fieldError(sent, 'not_allowed');
  }

  return {
    async get<K extends OwnerType>(request: FastifyRequest, kind: K, id: number): Promise<ProfileOf<K>> {
      await ownerFor(ctx.db, sessionOf(request), kind, id);
      return load(kind, id);
    },

    /** Edits a profile; the user's own first and last name follow the profile's. */
    async update<K extends OwnerType>(
      request: FastifyRequest,
      kind: K,
      id: number,
      input: Input,
    ): Promise<ProfileOf<K>> {
      const owner = await ownerFor(ctx.db, sessionOf(request), kind, id);
      refuseAdminFields(owner, kind, input);
      const columns = profileColumns(input);
      return ctx.db.transaction(async (tx) => {
        const table = tableOf(kind);
        if (Object.keys(columns).length) {
          await uniqueChecked(tx.update(table).set(columns).where(eq(table.id, id)));
        }
        const names = profileColumns({ first_name: input.first_name, last_name: input.last_name });
        if (owner.userId !== null && Object.keys(names).length) await userRepo.update(owner.userId, names, tx);
        await ctx.audit.record(
          request,
          { action: 'profile.update', details: { kind, id, fields: Object.keys(input) } },
          tx,
        );
        return load(kind, id, tx);
      });
    },

    /** An admin adds a profile without a login (it is linked when the person signs up). */
    async create<K extends OwnerType>(request: FastifyRequest, kind: K, input: Input): Promise<ProfileOf<K>> {
      return ctx.db.transaction(async (tx) => {
        const table = tableOf(kind);
        const values = profileColumns(input) as typeof table.$inferInsert;
        const [row] = await uniqueChecked(tx.insert(table).values(values).returning({ id: table.id }));
        await ctx.audit.record(request, { action: 'profile.create', details: { kind, id: row!.id } }, tx);
        return load(kind, row!.id, tx);
      });
    },

    /** The signed-in user becomes an employer with a profile of their own. */
    async registerEmployer(request: FastifyRequest, input: Input): Promise<ProfileOf<'employer'>> {
      const session = sessionOf(request);
      return ctx.db.transaction(async (tx) => {
        const user = await userRepo.findById(session.id, tx);
        if (!user) throw new AppError('unauthorized');
        const [existing] = await tx.select({ id: employers.id }).from(employers).where(eq(employers.userId, user.id));
        if (existing) throw new AppError('conflict');
        const values = { ...profileColumns(input), userId: user.id } as typeof employers.$inferInsert;
        const [row] = await uniqueChecked(tx.insert(employers).values(values).returning({ id: employers.id }));
        if (!user.roles.includes('employer'))
          await userRepo.update(user.id, { roles: [...user.roles, 'employer'] }, tx);
        await ctx.audit.record(request, { action: 'employer.register', details: { id: row!.id } }, tx);
        return load('employer', row!.id, tx);
      });
    },
  };
}
