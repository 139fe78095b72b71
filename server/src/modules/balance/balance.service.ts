import type { z } from 'zod';
import type { PartyType } from '@shared/ledger';
import type {
  BalanceCheck,
  BalanceOverview,
  BalanceSummary,
  FindClientResult,
  PartyBalance,
  balanceOverviewQuery,
  myBalances,
} from '@shared/schemas/ledger';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import { pageOf } from '../../http/pagination';
import type { RequestUser } from '../../types';
import { createProfileRepo } from '../user/profile.repo';
import { createVenueRepo } from '../venue/venue.repo';
import { checkBalances } from './balance-check';
import { createBalanceRepo, type PartyRef } from './balance.repo';

type OverviewQuery = z.output<typeof balanceOverviewQuery>;
type MyBalances = z.output<typeof myBalances>;

/** Parties found by findClient at most. */
const FIND_LIMIT = 50;

interface BalanceRow {
  venue: number;
  partyType: string;
  partyId: number;
  name: string | null;
  balance: number;
  charged: number;
  tax: number;
  paid: number;
  transactions: number;
}

const toPartyBalance = (row: BalanceRow): PartyBalance => ({
  venue: row.venue,
  party: { type: row.partyType as PartyType, id: row.partyId, name: row.name ?? '' },
  balance: row.balance,
  charged: row.charged,
  tax: row.tax,
  paid: row.paid,
  transactions: row.transactions,
});

/** Balances per party and venue (DOMAIN.md "Money"), from the accounts' running totals. */
export function createBalanceService(ctx: AppContext) {
  const balances = createBalanceRepo(ctx.db);
  const venues = createVenueRepo(ctx.db);

  return {
    async overview(query: OverviewQuery): Promise<BalanceOverview> {
      const venue = await venues.findById(query.venue);
      if (!venue) throw new AppError('not_found');
      const { count, rows, totals, vat } = await balances.overview(
        venue.id,
        { partyType: query.party_type, search: query.search, status: query.status },
        pageOf(query),
      );
      return {
        venue: { id: venue.id, name: venue.name, currency: venue.currency },
        count,
        results: rows.map(toPartyBalance),
        totals,
        vat,
      };
    },

    async summary(): Promise<BalanceSummary> {
      const rows = await balances.summary();
      const byCurrency = new Map<string, BalanceSummary['totals'][number]>();
      for (const row of rows) {
        const total = byCurrency.get(row.currency) ?? {
          currency: row.currency,
          balance: 0,
          charged: 0,
          tax: 0,
          paid: 0,
          owing: 0,
        };
        total.balance += row.balance;
        total.charged += row.charged;
        total.tax += row.tax;
        total.paid += row.paid;
        total.owing += row.owing;
        byCurrency.set(row.currency, total);
      }
      return {
        results: rows.map(({ id, name, currency, startDate, ...sums }) => ({
          venue: { id, name, currency, start_date: startDate },
          ...sums,
        })),
        totals: [...byCurrency.values()].sort((x, y) => x.currency.localeCompare(y.currency)),
      };
    },

    async findClient(search: string): Promise<FindClientResult> {
      const parties = await balances.findParties(search, FIND_LIMIT);
      const accounts = await balances.ofParties(parties);
      return {
        results: parties.map((p) => ({
          party: { type: p.type as PartyType, id: p.id, name: p.name ?? '' },
          email: p.email,
          balances: accounts
            .filter((acc) => acc.partyType === p.type && acc.partyId === p.id)
            .map((acc) => ({
              venue: acc.venue,
              venue_name: acc.venueName,
              currency: acc.currency,
              balance: acc.balance,
            })),
        })),
      };
    },

    /** The signed-in user's balances as rider, employer, official or simple user, at every venue. */
    async mine(user: RequestUser): Promise<MyBalances> {
      const ids = await createProfileRepo(ctx.db).idsOf(user.id);
      const own: [string, number | null][] = [
        ['rider', ids.riderId],
        ['employer', ids.employerId],
        ['official', ids.officialId],
        ['simpleuser', ids.simpleUserId],
      ];
      const parties: PartyRef[] = own
        .filter((entry): entry is [string, number] => entry[1] !== null && user.roles.includes(entry[0] as 'rider'))
        .map(([type, id]) => ({ type, id }));
      const rows = await balances.ofParties(parties);
      return {
        results: rows.map((row) => ({ ...toPartyBalance(row), venue_name: row.venueName, currency: row.currency })),
      };
    },

    check(venueId?: number): Promise<BalanceCheck> {
      return checkBalances(ctx.db, venueId);
    },
  };
}
