import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { BankAccount, bankAccountInput, BankAccountKind, Federation, OwnerType } from '@shared/schemas/owner';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { bankAccounts } from '../../db/schema';
import { sessionOf } from '../../http/session';
import type { RequestUser } from '../../types';
import { ownerFor, type Owner } from './owner-access';

type Input = Partial<z.output<typeof bankAccountInput>>;
type Row = typeof bankAccounts.$inferSelect;

const toWire = (row: Row): BankAccount => ({
  id: row.id,
  owner_type: row.ownerType as OwnerType,
  owner_id: row.ownerId,
  holder_name: row.holderName,
  iban: row.iban,
  bic: row.bic,
  bank_name: row.bankName,
  currency: row.currency,
  is_default: row.isDefault,
  kind: row.kind as BankAccountKind,
  federation: (row.federation as Federation | null) ?? null,
  member_number: row.memberNumber,
});

const columnsOf = (input: Input) => ({
  holderName: input.holder_name,
  iban: input.iban,
  bic: input.bic === undefined ? undefined : (input.bic ?? null),
  bankName: input.bank_name === undefined ? undefined : input.bank_name || null,
  currency: input.currency,
  isDefault: input.is_default,
  kind: input.kind,
  federation: input.federation,
  memberNumber: input.member_number,
});

/**
 * The SVPS variant: a federation account is the admin's to create, change and remove
 * (the owner sees it, read-only; an owner's own account stays theirs). As the row will be after
 * the write, a federation account names its federation and the member number; an own account
 * keeps neither.
 */
function federationColumns(user: RequestUser, row: Row | null, input: Input): Input {
  const kind = input.kind ?? (row?.kind as BankAccountKind | undefined) ?? 'own';
  const admin = user.roles.includes('admin');
  if (!admin && (kind === 'federation' || row?.kind === 'federation')) throw new AppError('forbidden');
  if (kind === 'own') return { ...input, kind, federation: null, member_number: null };
  const federation = input.federation === undefined ? row?.federation : input.federation;
  const memberNumber = input.member_number === undefined ? row?.memberNumber : input.member_number;
  if (!federation) throw fieldError('federation', 'required');
  if (!memberNumber) throw fieldError('member_number', 'required');
  return { ...input, kind, federation: federation as Federation, member_number: memberNumber };
}

/** An owner's bank accounts; at most one is the default. */
export function createOwnerBankAccountService(ctx: AppContext) {
  /** The account and its owner as the signed-in user may reach it; else 404. */
  async function reach(request: FastifyRequest, id: number): Promise<{ row: Row; owner: Owner }> {
    const [row] = await ctx.db.select().from(bankAccounts).where(eq(bankAccounts.id, id));
    if (!row) throw new AppError('not_found');
    const owner = await ownerFor(ctx.db, sessionOf(request), row.ownerType as OwnerType, row.ownerId);
    return { row, owner };
  }

  /** Setting a default clears the owner's other defaults first (same transaction). */
  async function clearOtherDefaults(tx: Db, owner: Owner, keep: number | null): Promise<void> {
    const mine = and(eq(bankAccounts.ownerType, owner.type), eq(bankAccounts.ownerId, owner.id));
    await tx
      .update(bankAccounts)
      .set({ isDefault: false })
      .where(and(mine, eq(bankAccounts.isDefault, true), keep === null ? undefined : ne(bankAccounts.id, keep)));
  }

  return {
    async list(request: FastifyRequest, type: OwnerType, id: number) {
      const owner = await ownerFor(ctx.db, sessionOf(request), type, id);
      const rows = await ctx.db
        .select()
        .from(bankAccounts)
        .where(and(eq(bankAccounts.ownerType, owner.type), eq(bankAccounts.ownerId, owner.id)))
        .orderBy(asc(bankAccounts.id));
      return { count: rows.length, results: rows.map(toWire) };
    },

    async create(request: FastifyRequest, type: OwnerType, id: number, input: Input): Promise<BankAccount> {
      const owner = await ownerFor(ctx.db, sessionOf(request), type, id);
      input = federationColumns(sessionOf(request), null, input);
      return ctx.db.transaction(async (tx) => {
        if (input.is_default) await clearOtherDefaults(tx, owner, null);
        const [row] = await tx
          .insert(bankAccounts)
          .values({ ...columnsOf(input), ownerType: owner.type, ownerId: owner.id } as typeof bankAccounts.$inferInsert)
          .returning();
        await ctx.audit.record(
          request,
          { action: 'bankAccount.create', details: { id: row!.id, owner_type: owner.type, owner_id: owner.id } },
          tx,
        );
        return toWire(row!);
      });
    },

    async get(request: FastifyRequest, id: number): Promise<BankAccount> {
      return toWire((await reach(request, id)).row);
    },

    async update(request: FastifyRequest, id: number, input: Input): Promise<BankAccount> {
      const { row: before, owner } = await reach(request, id);
      input = federationColumns(sessionOf(request), before, input);
      return ctx.db.transaction(async (tx) => {
        if (input.is_default) await clearOtherDefaults(tx, owner, id);
        const [row] = await tx.update(bankAccounts).set(columnsOf(input)).where(eq(bankAccounts.id, id)).returning();
        if (!row) throw new AppError('not_found');
        await ctx.audit.record(
          request,
          { action: 'bankAccount.update', details: { id, fields: Object.keys(input) } },
          tx,
        );
        return toWire(row);
      });
    },

    async remove(request: FastifyRequest, id: number): Promise<void> {
      const { row } = await reach(request, id);
      if (row.kind === 'federation' && !sessionOf(request).roles.includes('admin')) throw new AppError('forbidden');
      await ctx.db.transaction(async (tx) => {
        await tx.delete(bankAccounts).where(eq(bankAccounts.id, id));
        await ctx.audit.record(request, { action: 'bankAccount.delete', details: { id } }, tx);
      });
    },
  };
}
