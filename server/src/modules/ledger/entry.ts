import { sql } from 'drizzle-orm';
import {
  MAX_ENTRY_MINOR,
  merchantFee,
  type PartyType,
  type PostableKind,
  type TransactionSource,
} from '@shared/ledger';
import { AppError, fieldError } from '../../app-error';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { IdempotencyClaim } from '../../http/idempotency';
import type { RequestUser } from '../../types';
import { resolvePayer } from '../participation/payer';
import { canActOnVenue } from '../venue/venue-access';
import type { ContextQuery, EntryContext, MerchantPlan } from './context.repo';
import type { EntryFigures } from './effects';
import { nameOfParty } from './names';
import { taxOf } from './tax';
import type { TransactionRow } from './wire';

/** What a new entry asks for, after the schema: a post, or the merged fields of an edit. */
export interface EntrySpec {
  venueId: number;
  kind: PostableKind;
  partyType: PartyType;
  partyId: number;
  /** Edits keep the party and its beneficiary; undefined: resolve the payer of a rider. */
  keptBeneficiaryRiderId?: number | null;
  consumableId: number | null;
  /** An edit may keep the consumable it had even after it was deactivated. */
  keptConsumableId?: number | null;
  vecId: number | null;
  category?: string;
  description?: string;
  quantity: number;
  unitPrice?: number;
  taxTypeId: number | null;
  merchantId: number | null;
  source: TransactionSource;
  currency?: string;
  deviceId: string | null;
  occurredAt: Date;
  idempotencyKey: string | null;
  replacesId: number | null;
}

/** A new row, all but what only the database or later steps set. */
export type EntryValues = Omit<TransactionRow, 'id' | 'invoiceId' | 'reversalOfId' | 'externalRef' | 'floorSeq'>;

export interface ResolvedEntry {
  values: EntryValues;
  figures: EntryFigures;
  names: { party: string; beneficiary: string | null; merchant: string | null; createdBy: string | null };
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Who may post what: the show office (organizer, showoffice of the venue; admins anywhere) every
 * kind; the venue's stable charges only; a merchant sales only, as themself, at the shows it is
 * registered at. Returns the source the entry is recorded with and the merchant of a sale.
 */
function checkPoster(
  user: RequestUser,
  spec: EntrySpec,
  ctx: EntryContext,
): { source: TransactionSource; merchant: MerchantPlan | null } {
  const office = canActOnVenue(user, spec.venueId, { office: true });
  const stable = !office && user.roles.includes('stable') && canActOnVenue(user, spec.venueId);
  const merchantUser = !office && !stable && user.roles.includes('merchant');
  if (!office && !stable && !merchantUser) throw new AppError('forbidden');
  if (stable && spec.kind !== 'charge') throw fieldError('kind', 'kind_not_allowed');
  if (merchantUser && spec.kind !== 'sale') throw fieldError('kind', 'kind_not_allowed');
  if (!office && spec.taxTypeId !== null) throw fieldError('tax_type', 'not_allowed');
  if (spec.kind !== 'sale') {
    if (spec.merchantId !== null) throw fieldError('merchant', 'not_allowed');
    return { source: stable ? 'stable' : spec.source, merchant: null };
  }
  if (merchantUser) {
    if (!ctx.ownMerchant) throw new AppError('forbidden');
    if (spec.merchantId !== null && spec.merchantId !== ctx.ownMerchant.id) throw fieldError('merchant', 'not_allowed');
    if (!ctx.ownMerchant.atVenue) throw fieldError('venue', 'not_at_venue');
    // A merchant sells its own goods: the venue's price list is the show office's and stable's.
    if (spec.consumableId !== null) throw fieldError('consumable', 'not_allowed');
    // Selling to oneself would move the show's money into one's own merchant account.
    if (ctx.partyUserId === user.id) throw fieldError('party_id', 'not_allowed');
    return { source: 'merchant', merchant: ctx.ownMerchant };
  }
  if (spec.merchantId === null) throw fieldError('merchant', 'required');
  if (!ctx.merchant) throw fieldError('merchant', 'does_not_exist');
  if (!ctx.merchant.atVenue) throw fieldError('merchant', 'not_at_venue');
  const toItself =
    (spec.partyType === 'merchant' && spec.partyId === ctx.merchant.id) ||
    (ctx.partyUserId !== null && ctx.partyUserId === ctx.merchant.userId);
  if (toItself) throw fieldError('party_id', 'not_allowed');
  return { source: spec.source, merchant: ctx.merchant };
}

/**
 * Slack around the show's days for the floor: horses arrive the evening before and leave the
 * morning after, so a stable charge may fall this long before the first day's local midnight or
 * after the last day's.
 */
export const FLOOR_SLACK_MS = 6 * 60 * 60 * 1000;

/** May a floor entry occur at this moment: within the show's days and the slack, in its time zone? */
export function withinShowDays(
  occurredAt: Date,
  venue: { showFrom: number | null; showUntil: number | null },
): boolean {
  const at = occurredAt.getTime();
  if (venue.showFrom !== null && at < venue.showFrom - FLOOR_SLACK_MS) return false;
  if (venue.showUntil !== null && at > venue.showUntil + FLOOR_SLACK_MS) return false;
  return true;
}

/**
 * What the stable posts is what the floor does: an item of the venue's price list at its list
 * price (the quantity within the contract's bounds), under the item's own category (which picks
 * the tax), to a rider or employer, while the show is on. A free amount, another category or a
 * date outside the show is the office's to post.
 */
function checkStable(spec: EntrySpec, ctx: EntryContext, venue: NonNullable<EntryContext['venue']>): void {
  if (spec.partyType !== 'rider' && spec.partyType !== 'employer') throw fieldError('party_id', 'not_allowed');
  if (spec.consumableId === null) throw fieldError('consumable', 'required');
  const item = ctx.consumable;
  if (!item) return; // checkReferences names the missing or foreign item
  if (spec.unitPrice !== undefined && String(spec.unitPrice) !== item.unitPrice)
    throw fieldError('unit_price', 'not_allowed');
  if (spec.category !== undefined && spec.category !== item.category) throw fieldError('category', 'not_allowed');
  if (!withinShowDays(spec.occurredAt, venue)) throw fieldError('occurred_at', 'outside_show_days');
}

/** The consumable's price, or the entry's: a line of quantity × unit price within the safe range. */
function lineOf(spec: EntrySpec, ctx: EntryContext): { unitPrice: number; line: number } {
  const price =
    spec.unitPrice !== undefined ? BigInt(spec.unitPrice) : ctx.consumable ? BigInt(ctx.consumable.unitPrice) : null;
  if (price === null) throw fieldError('unit_price', 'required');
  if (price < 1n) throw fieldError('unit_price', 'too_small');
  const line = price * BigInt(spec.quantity);
  if (price > MAX_SAFE || line > MAX_SAFE) throw fieldError('unit_price', 'too_big');
  return { unitPrice: Number(price), line: Number(line) };
}

function checkReferences(spec: EntrySpec, ctx: EntryContext): void {
  if (ctx.partyName === null) throw fieldError('party_id', 'does_not_exist');
  if (!ctx.partyAtVenue) throw fieldError('party_id', 'not_at_venue');
  if (spec.currency !== undefined && spec.currency !== ctx.venue?.currency)
    throw fieldError('currency', 'currency_mismatch');
  if (spec.consumableId !== null) {
    if (!ctx.consumable) throw fieldError('consumable', 'does_not_exist');
    if (ctx.consumable.venueId !== spec.venueId) throw fieldError('consumable', 'not_at_venue');
    if (!ctx.consumable.active && spec.consumableId !== spec.keptConsumableId)
      throw fieldError('consumable', 'inactive');
  }
  if (spec.vecId !== null) {
    if (!ctx.vec) throw fieldError('vec', 'does_not_exist');
    if (ctx.vec.venueId !== spec.venueId) throw fieldError('vec', 'not_at_venue');
  }
}

async function nameOf(db: Db, type: PartyType, id: number): Promise<string> {
  const [row] = rowsOf<{ name: string | null }>(await db.execute(sql`SELECT ${nameOfParty(type, id)} AS name`));
  return row?.name ?? '';
}

/** The context query of an entry: its references, and optionally the stored response to its key. */
export const contextQueryOf = (user: RequestUser, spec: EntrySpec, claim: IdempotencyClaim | null): ContextQuery => ({
  venueId: spec.venueId,
  partyType: spec.partyType,
  partyId: spec.partyId,
  riderId: spec.keptBeneficiaryRiderId ?? (spec.partyType === 'rider' ? spec.partyId : null),
  consumableId: spec.consumableId,
  vecId: spec.vecId,
  category: spec.category ?? null,
  taxTypeId: spec.taxTypeId,
  merchantId: spec.merchantId,
  occurredAt: spec.occurredAt,
  userId: user.id,
  claim,
});

/** Checks an entry against its context and works out its party, event, tax and amounts. Throws field errors. */
export async function resolveEntry(
  db: Db,
  user: RequestUser,
  spec: EntrySpec,
  ctx: EntryContext,
): Promise<ResolvedEntry> {
  const kept = spec.keptBeneficiaryRiderId;
  const venue = ctx.venue;
  if (!venue) throw fieldError('venue', 'does_not_exist');
  const { source, merchant } = checkPoster(user, spec, ctx);
  checkReferences(spec, ctx);
  if (source === 'stable') checkStable(spec, ctx, venue);
  const { unitPrice, line } = lineOf(spec, ctx);

  let party = { type: spec.partyType, id: spec.partyId, name: ctx.partyName ?? '' };
  let beneficiaryRiderId = kept ?? null;
  // resolvePayer answers the rider themself unless they are EMPLOYED: the context already says.
  if (kept === undefined && spec.partyType === 'rider' && ctx.rider?.employmentStatus === 'EMPLOYED') {
    const payer = await resolvePayer(db, spec.partyId, ctx.day ?? undefined);
    if (payer?.type === 'employer') {
      party = { type: 'employer', id: payer.id, name: await nameOf(db, 'employer', payer.id) };
      beneficiaryRiderId = spec.partyId;
    }
  }

  const category = ctx.tax.category;
  const tax = taxOf(
    {
      kind: spec.kind,
      amount: line,
      vecId: spec.vecId,
      pricesIncludeTax: venue.pricesIncludeTax,
      override: ctx.rider?.taxOverride ?? 'NO_OVERRIDE',
      field: spec.consumableId !== null ? 'consumable' : 'tax_type',
    },
    ctx.tax,
  );
  const fee = merchant ? merchantFee(tax.gross, merchant.feePercentBp, merchant.feeFixedMinor) : 0;
  if (![tax.gross, tax.net, tax.tax, fee].every(Number.isSafeInteger)) throw fieldError('unit_price', 'too_big');
  // every amount of an entry within the hard cap, its gross within the venue's limit.
  if ([tax.gross, tax.net, tax.tax, fee].some((amount) => Math.abs(amount) > MAX_ENTRY_MINOR))
    throw fieldError('unit_price', 'too_big');
  if (Math.abs(tax.gross) > venue.maxEntryMinor) throw fieldError('unit_price', 'over_entry_limit');

  const values: EntryValues = {
    venueId: venue.id,
    kind: spec.kind,
    partyType: party.type,
    partyId: party.id,
    beneficiaryRiderId,
    merchantId: merchant?.id ?? null,
    consumableId: spec.consumableId,
    vecId: tax.vecId,
    category,
    description: spec.description ?? ctx.consumable?.name ?? '',
    quantity: spec.quantity,
    unitPriceMinor: unitPrice,
    taxTypeId: tax.taxTypeId,
    taxRateBp: tax.rateBp,
    pricesIncludeTax: venue.pricesIncludeTax,
    netMinor: tax.net,
    taxMinor: tax.tax,
    grossMinor: tax.gross,
    feeMinor: fee,
    currency: venue.currency,
    source,
    createdByUserId: user.id,
    impersonatorId: user.impersonatorId,
    deviceId: spec.deviceId,
    occurredAt: spec.occurredAt,
    recordedAt: new Date(),
    idempotencyKey: spec.idempotencyKey,
    replacesId: spec.replacesId,
  };
  return {
    values,
    figures: { ...values, kind: spec.kind, gross: tax.gross, net: tax.net, tax: tax.tax, fee },
    names: {
      party: party.name,
      beneficiary: beneficiaryRiderId === null ? null : (ctx.rider?.name ?? null),
      merchant: merchant?.name ?? null,
      createdBy: ctx.createdByName,
    },
  };
}
