import type { PartyType } from '@shared/ledger';
import type { MatchKind } from '@shared/schemas/payouts';
import type { NewLine, OpenInvoice } from './bank-statements.repo';

export interface Decision {
  line: NewLine;
  /** The invoice the credit pays, when it names exactly one. */
  invoice: OpenInvoice | null;
  /** Who is paid: the invoice's party, or the party named by its bookkeeping ref id; null: unmatched. */
  party: { type: PartyType; id: number } | null;
  kind: MatchKind | null;
}

/**
 * Decides every new credit of a statement at once, from what the statement's references found
 * (one query for the invoices, one for the parties):
 *   - it names exactly one open invoice (RF reference or number): matched to it and its party —
 *     `exact` when it pays what is open, `partial` when less, `over` when more (the whole credit
 *     is posted: the invoice is paid and the rest is the party's credit balance, which the venue
 *     owes and pays out like any other); credits for one invoice count in file order;
 *   - it names several different invoices: left for the office (how to split it is theirs to say);
 *   - it names none, and exactly one rider or employer with an account at the venue by
 *     bookkeeping ref id: matched to that party (`party`);
 *   - anything else: unmatched, for the review list.
 */
export function decide(
  lines: readonly NewLine[],
  invoices: readonly OpenInvoice[],
  parties: readonly { ref: number; partyType: PartyType; partyId: number }[],
): Decision[] {
  const byReference = new Map(invoices.map((i) => [i.reference, i]));
  const byNumber = new Map(invoices.map((i) => [i.number, i]));
  const partiesByRef = new Map<number, { type: PartyType; id: number }[]>();
  for (const p of parties) {
    const list = partiesByRef.get(p.ref) ?? [];
    if (!list.some((q) => q.type === p.partyType && q.id === p.partyId))
      list.push({ type: p.partyType, id: p.partyId });
    partiesByRef.set(p.ref, list);
  }
  const open = new Map(invoices.map((i) => [i.id, i.open]));
  return lines.map((line) => {
    const named = new Map<number, OpenInvoice>();
    for (const ref of line.candidates.creditorRefs) {
      const found = byReference.get(ref);
      if (found) named.set(found.id, found);
    }
    for (const number of line.candidates.invoiceNumbers) {
      const found = byNumber.get(number);
      if (found) named.set(found.id, found);
    }
    if (named.size === 1) {
      const invoice = [...named.values()][0]!;
      const before = open.get(invoice.id)!;
      open.set(invoice.id, before - line.amountMinor);
      const kind: MatchKind = line.amountMinor === before ? 'exact' : line.amountMinor < before ? 'partial' : 'over';
      return { line, invoice, party: { type: invoice.partyType, id: invoice.partyId }, kind };
    }
    if (named.size > 1) return { line, invoice: null, party: null, kind: null };
    const found = new Map<string, { type: PartyType; id: number }>();
    for (const ref of line.candidates.refIds)
      for (const p of partiesByRef.get(ref) ?? []) found.set(`${p.type}:${p.id}`, p);
    if (found.size === 1) return { line, invoice: null, party: [...found.values()][0]!, kind: 'party' };
    return { line, invoice: null, party: null, kind: null };
  });
}
