import type { FastifyRequest } from 'fastify';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import type { VenueBankAccount } from '@shared/schemas/configuration';
import type { ListQuery } from '@shared/schemas/pagination';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { pageOf } from '../../http/pagination';
import { sessionOf } from '../../http/session';
import type { RequestUser } from '../../types';
import { assertManagesVenue } from '../venue/venue-access';
import { createVenueRepo } from '../venue/venue.repo';
import { createBankAccountRepo, type BankAccountRow, type NewBankAccount } from './bank-account.repo';

export interface BankAccountInput {
  venue: number;
  holder_name: string;
  iban: string;
  bic?: string | null;
  bank_name?: string | null;
  currency: string;
  is_default: boolean;
}

const toWire = (row: BankAccountRow): VenueBankAccount => ({
  id: row.id,
  venue: row.venueId,
  holder_name: row.holderName,
  iban: row.iban,
  bic: row.bic,
  bank_name: row.bankName,
  currency: row.currency,
  is_default: row.isDefault,
});

/** IBAN in electronic format, mod-97 checked (ISO 13616). */
function checkedIban(value: string): string {
  const iban = electronicFormatIBAN(value);
  if (!iban || !isValidIBAN(iban)) throw fieldError('iban', 'invalid_iban');
  return iban;
}

function checkedBic(value: string | null | undefined): string | null {
  if (!value) return null;
  const bic = value.replace(/\s+/g, '').toUpperCase();
  if (!isValidBIC(bic)) throw fieldError('bic', 'invalid_bic');
  return bic;
}

/** The columns a (partial) input sets, validated. */
function columnsOf(input: Partial<BankAccountInput>): Partial<NewBankAccount> {
  return {
    holderName: input.holder_name,
    iban: input.iban === undefined ? undefined : checkedIban(input.iban),
    bic: input.bic === undefined ? undefined : checkedBic(input.bic),
    bankName: input.bank_name === undefined ? undefined : input.bank_name || null,
    currency: input.currency,
    isDefault: input.is_default,
  };
}

/** A venue's bank accounts, shown on its invoices; at most one is the default. */
export function createBankAccountService(ctx: AppContext) {
  const repo = createBankAccountRepo(ctx.db);
  const venues = createVenueRepo(ctx.db);

  /** 404 for an unknown account, then 403 unless the caller sets up its venue. */
  async function managed(request: FastifyRequest, id: number): Promise<void> {
    const row = await repo.findById(id);
    if (!row) throw new AppError('not_found');
    assertManagesVenue(sessionOf(request), row.venueId);
  }

  return {
    /** Admins list every venue's accounts (or one venue's); an organizer its own venue's. */
    async list(
      user: RequestUser,
      venue: number | undefined,
      query: ListQuery,
    ): Promise<{ count: number; results: VenueBankAccount[] }> {
      const admin = user.roles.includes('admin');
      const venueId = venue ?? (admin ? undefined : (user.assignedVenueId ?? undefined));
      if (!admin) {
        if (venueId === undefined) throw new AppError('no_assigned_venue', { status: 403 });
        if (!(await venues.findById(venueId))) throw new AppError('not_found');
        assertManagesVenue(user, venueId);
      }
      const { count, rows } = await repo.list(venueId, pageOf(query));
      return { count, results: rows.map(toWire) };
    },

    async create(request: FastifyRequest, input: BankAccountInput): Promise<VenueBankAccount> {
      const columns = columnsOf(input);
      if (!(await venues.findById(input.venue))) throw fieldError('venue', 'does_not_exist');
      assertManagesVenue(sessionOf(request), input.venue);
      const row = await ctx.db.transaction(async (tx) => {
        const created = await repo.insert({ ...columns, venueId: input.venue } as NewBankAccount, tx);
        if (created.isDefault) await repo.clearOtherDefaults(created.venueId, created.id, tx);
        await ctx.audit.record(request, { action: 'venueBankAccount.create', details: { id: created.id } }, tx);
        return created;
      });
      return toWire(row);
    },

    async update(
      request: FastifyRequest,
      id: number,
      patch: Partial<Omit<BankAccountInput, 'venue'>>,
    ): Promise<VenueBankAccount> {
      await managed(request, id);
      const columns = columnsOf(patch);
      const row = await ctx.db.transaction(async (tx) => {
        const updated = await repo.update(id, columns, tx);
        if (!updated) throw new AppError('not_found');
        if (updated.isDefault) await repo.clearOtherDefaults(updated.venueId, updated.id, tx);
        await ctx.audit.record(
          request,
          { action: 'venueBankAccount.update', details: { id, fields: Object.keys(patch) } },
          tx,
        );
        return updated;
      });
      return toWire(row);
    },

    async delete(request: FastifyRequest, id: number): Promise<void> {
      await managed(request, id);
      await ctx.db.transaction(async (tx) => {
        if (!(await repo.delete(id, tx))) throw new AppError('not_found');
        await ctx.audit.record(request, { action: 'venueBankAccount.delete', details: { id } }, tx);
      });
    },
  };
}
