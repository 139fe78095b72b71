import { partySign } from '../ledger/wire';
import type { StatementEntry } from '../owner/statement.repo';
import type { ConsumablesReport, SoldFigures } from './consumables-pdf';
import type { DetailLine, DetailsReport } from './details-pdf';
import type { SoldRow, SummaryRow } from './reports.repo';
import type { SummaryFigures, SummaryReport } from './summary-pdf';

/*
 * The reports' figures from the rows the repo reads: pure, so a test can hand-work them.
 */

const figuresOf = (row: SummaryRow): SummaryFigures => ({
  chargedMinor: row.chargedMinor,
  taxMinor: row.taxMinor,
  paidMinor: row.paidMinor,
  // balance = paid + credits − charged − payouts
  otherMinor: row.balanceMinor + row.chargedMinor - row.paidMinor,
  balanceMinor: row.balanceMinor,
});

/** Per venue, and totals per currency (in the order the currencies first appear). */
export function summaryOf(rows: readonly SummaryRow[]): Pick<SummaryReport, 'rows' | 'totals'> {
  const totals = new Map<string, SummaryFigures & { currency: string }>();
  for (const row of rows) {
    const f = figuresOf(row);
    const total = totals.get(row.currency) ?? {
      currency: row.currency,
      chargedMinor: 0,
      taxMinor: 0,
      paidMinor: 0,
      otherMinor: 0,
      balanceMinor: 0,
    };
    total.chargedMinor += f.chargedMinor;
    total.taxMinor += f.taxMinor;
    total.paidMinor += f.paidMinor;
    total.otherMinor += f.otherMinor;
    total.balanceMinor += f.balanceMinor;
    totals.set(row.currency, total);
  }
  return {
    rows: rows.map((row) => ({ venue: row.venueName, currency: row.currency, ...figuresOf(row) })),
    totals: [...totals.values()],
  };
}

const MOVES_CASH = new Set(['payment', 'payout']);

/**
 * The entries of the party's account, signed as they move its balance (a reversal as the
 * opposite of what it reverses), with the balance after each and the totals.
 */
export function detailsOf(entries: readonly StatementEntry[]): Pick<DetailsReport, 'lines' | 'totals'> {
  const totals = { netMinor: 0, taxMinor: 0, grossMinor: 0, paymentMinor: 0, balanceMinor: 0 };
  const lines = entries.map((entry): DetailLine => {
    const sign = partySign(entry.originalKind);
    const gross = sign * entry.grossMinor || 0;
    totals.balanceMinor += gross;
    const base = {
      date: entry.date,
      description: entry.description,
      rider: entry.beneficiary,
      quantity: entry.quantity,
      unitPriceMinor: entry.unitPriceMinor,
      balanceMinor: totals.balanceMinor,
    };
    if (MOVES_CASH.has(entry.originalKind)) {
      totals.paymentMinor += gross;
      return { ...base, netMinor: null, taxRateBp: null, taxMinor: null, grossMinor: null, paymentMinor: gross };
    }
    const net = sign * entry.netMinor || 0;
    const tax = sign * entry.taxMinor || 0;
    totals.netMinor += net;
    totals.taxMinor += tax;
    totals.grossMinor += gross;
    return { ...base, netMinor: net, taxRateBp: entry.taxRateBp, taxMinor: tax, grossMinor: gross, paymentMinor: null };
  });
  return { lines, totals };
}

const zero = (): SoldFigures => ({ quantity: 0, netMinor: 0, taxMinor: 0, grossMinor: 0 });
const add = (sum: SoldFigures, row: SoldFigures) => {
  sum.quantity += row.quantity;
  sum.netMinor += row.netMinor;
  sum.taxMinor += row.taxMinor;
  sum.grossMinor += row.grossMinor;
};

/** Sold rows (by day, then item) grouped per day with day totals, per item over all days, and the total. */
export function consumablesOf(rows: readonly SoldRow[]): Pick<ConsumablesReport, 'days' | 'items' | 'total'> {
  const days: ConsumablesReport['days'] = [];
  const items = new Map<number, SoldFigures & { name: string }>();
  const total = zero();
  for (const row of rows) {
    let day = days[days.length - 1];
    if (day?.day !== row.day) {
      day = { day: row.day, items: [], total: zero() };
      days.push(day);
    }
    const figures = {
      quantity: row.quantity,
      netMinor: row.netMinor,
      taxMinor: row.taxMinor,
      grossMinor: row.grossMinor,
    };
    day.items.push({ name: row.name, ...figures });
    add(day.total, figures);
    const item = items.get(row.consumableId) ?? { name: row.name, ...zero() };
    add(item, figures);
    items.set(row.consumableId, item);
    add(total, figures);
  }
  const byName = [...items.values()].sort((a, b) => a.name.localeCompare(b.name));
  return { days, items: byName, total };
}
