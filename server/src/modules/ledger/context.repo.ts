import { sql, type SQL } from 'drizzle-orm';
import { PARTY_TYPES, type PartyType, type TaxOverride } from '@shared/ledger';
import type { Db } from '../../db/client';
import { merchants } from '../../db/schema';
import type { IdempotencyClaim, StoredKey } from '../../http/idempotency';
import { param, runFixed, textOf } from './fixed-statement';
import { companyName, nameOfParty, userName } from './names';
import { partyAtVenue } from '../participation/party-at-venue';

/** Everything an entry is checked against and priced with, read in one round trip. */
export interface EntryContext {
  venue: {
    id: number;
    currency: string;
    timeZone: string;
    pricesIncludeTax: boolean;
    /** The venue's limit for one entry (minor units). */
    maxEntryMinor: number;
    /**
     * The show's days as instants (ms since the epoch): the first day's local midnight and the
     * midnight after the last day, in the venue's time zone; null while a date is not set.
     */
    showFrom: number | null;
    showUntil: number | null;
  } | null;
  /** Null when the party does not exist. */
  partyName: string | null;
  /** The party takes part in the venue (partyAtVenue): only then may anything be posted to it. */
  partyAtVenue: boolean;
  /** The user of the party's profile, if it has one (a merchant never sells to itself). */
  partyUserId: number | null;
  /** The rider the entry is for (party or beneficiary): payer, tax override, default event. */
  rider: { id: number; name: string; employmentStatus: string; taxOverride: TaxOverride } | null;
  consumable: {
    id: number;
    venueId: number;
    name: string;
    category: string;
    /** Text: a stored price may lie beyond the safe integer range. */
    unitPrice: string;
    taxTypeId: number | null;
    active: boolean;
  } | null;
  vec: { id: number; venueId: number } | null;
  merchant: MerchantPlan | null;
  /** The signed-in user's own merchant profile. */
  ownMerchant: MerchantPlan | null;
  createdByName: string | null;
  tax: TaxFound;
  /** The venue-local day of occurrence (YYYY-MM-DD): the day whose rates and employments apply. */
  day: string | null;
}

/** A context as read, with the stored response to the request's idempotency key, if any. */
export interface LoadedContext {
  context: EntryContext;
  /** md5 of the context's JSON text, as `contextHash` computes it. */
  hash: string;
  stored: StoredKey | null;
}

export interface MerchantPlan {
  id: number;
  name: string;
  feePercentBp: number;
  feeFixedMinor: number;
  /** Registered at the entry's venue (merchant_participations): only then does it sell there. */
  atVenue: boolean;
  /** The merchant's user: its other profiles are the merchant too. */
  userId: number | null;
}

/** The tax side of the context (DOMAIN.md "Tax"). */
export interface TaxFound {
  /** The entry's category, else its consumable's, else 'other'. */
  category: string;
  /** The event named by the entry, else the rider's only event at the venue (if exactly one). */
  vecId: number | null;
  /** The tax type named by the entry, else its consumable's. */
  namedTaxTypeId: number | null;
  /** The event's tax configuration for the category. */
  configTaxTypeId: number | null;
  appliesByDefault: boolean | null;
  /** The rate of the chosen type valid on the venue-local day of occurrence; null when none is. */
  rateBp: number | null;
}

export interface ContextQuery {
  venueId: number;
  partyType: PartyType;
  partyId: number;
  riderId: number | null;
  consumableId: number | null;
  vecId: number | null;
  category: string | null;
  taxTypeId: number | null;
  merchantId: number | null;
  occurredAt: Date;
  userId: number;
  claim: IdempotencyClaim | null;
}

const merchantPlan = (where: SQL) =>
  sql`(SELECT json_build_object('id', ${merchants.id}, 'name', ${companyName(merchants)},
    'feePercentBp', ${merchants.feePercentBp}, 'feeFixedMinor', ${merchants.feeFixedMinor},
    'userId', ${merchants.userId},
    'atVenue', EXISTS (SELECT 1 FROM merchant_participations mp WHERE mp.venue_id = $1 AND mp.merchant_id = ${merchants.id}))
    FROM ${merchants} WHERE ${where})`;

const PROFILE_TABLES: Record<PartyType, string> = {
  rider: 'riders',
  employer: 'employers',
  official: 'officials',
  simpleuser: 'simple_users',
  merchant: 'merchants',
};

/**
 * The context of an entry as SQL: CTEs and one row `x` of the EntryContext's fields. $1 venue,
 * $2 party id, $3 rider, $4 consumable, $5 event, $6 category, $7 tax type, $8 merchant, $9
 * occurred at, $10 user. Absent ids are 0 (ids are positive), so a prepared statement's generic
 * plan costs what a custom plan costs and PostgreSQL keeps the generic one (planned once).
 * The guarded post (post.repo) reads the same row in its writing statement.
 */
export const contextSql = (partyType: PartyType): { ctes: SQL; row: SQL } => ({
  ctes: sql`v AS (SELECT * FROM venues WHERE id = $1::int),
  c AS (SELECT * FROM consumables WHERE id = $4::int),
  k AS (SELECT COALESCE($6::text, (SELECT category FROM c), 'other') AS category,
      COALESCE($7::int, (SELECT tax_type_id FROM c)) AS named,
      COALESCE(NULLIF($5::int, 0), (SELECT min(vp.vec_id) FROM vec_participations vp
          JOIN venue_participations p ON p.id = vp.venue_participation_id
          WHERE p.venue_id = $1 AND p.rider_id = $3::int
          HAVING count(DISTINCT vp.vec_id) = 1)) AS vec_id,
      ($9::timestamptz AT TIME ZONE (SELECT time_zone FROM v))::date AS day),
  cfg AS (SELECT c.tax_type_id, c.applies_by_default FROM (
      SELECT tc.tax_type_id, tc.applies_by_default, 0 AS pref FROM tax_configurations tc, k
        WHERE tc.vec_id = k.vec_id AND tc.category = k.category
      UNION ALL
      -- No event to go by (a party with none or several): the venue's tax configuration of the
      -- category, where its events agree on it, so no charge goes without the VAT the show charges.
      SELECT min(tc.tax_type_id), bool_and(tc.applies_by_default), 1 FROM tax_configurations tc
        JOIN venue_event_categories e ON e.id = tc.vec_id, k
        WHERE k.vec_id IS NULL AND e.venue_id = $1::int AND tc.category = k.category
        HAVING count(DISTINCT tc.tax_type_id) = 1 AND count(DISTINCT tc.applies_by_default) = 1
    ) c ORDER BY c.pref LIMIT 1)`,
  row: sql`(SELECT
  (SELECT json_build_object('id', id, 'currency', currency, 'timeZone', time_zone,
     'pricesIncludeTax', prices_include_tax, 'maxEntryMinor', max_entry_minor,
     'showFrom', (extract(epoch FROM start_date::timestamp AT TIME ZONE time_zone) * 1000)::bigint,
     'showUntil', (extract(epoch FROM (end_date + 1)::timestamp AT TIME ZONE time_zone) * 1000)::bigint) FROM v) AS "venue",
  ${nameOfParty(partyType, param(2))} AS "partyName",
  ${partyAtVenue(partyType, param(1), param(2))} AS "partyAtVenue",
  (SELECT user_id FROM ${sql.raw(PROFILE_TABLES[partyType])} WHERE id = $2) AS "partyUserId",
  (SELECT json_build_object('id', id, 'name', btrim(first_name || ' ' || last_name),
     'employmentStatus', employment_status, 'taxOverride', tax_override)
     FROM riders WHERE id = $3) AS "rider",
  (SELECT json_build_object('id', id, 'venueId', venue_id, 'name', name, 'category', category,
     'unitPrice', unit_price_minor::text, 'taxTypeId', tax_type_id, 'active', active) FROM c) AS "consumable",
  (SELECT json_build_object('id', id, 'venueId', venue_id) FROM venue_event_categories WHERE id = $5) AS "vec",
  ${merchantPlan(sql`${merchants.id} = $8::int`)} AS "merchant",
  ${merchantPlan(sql`${merchants.userId} = $10::int`)} AS "ownMerchant",
  ${userName(param(10))} AS "createdByName",
  (SELECT json_build_object('category', k.category, 'vecId', k.vec_id, 'namedTaxTypeId', k.named,
     'configTaxTypeId', cfg.tax_type_id, 'appliesByDefault', cfg.applies_by_default,
     'rateBp', (SELECT r.rate_bp FROM tax_rates r WHERE r.tax_type_id = COALESCE(k.named, cfg.tax_type_id)
        AND r.valid_from <= k.day AND (r.valid_to IS NULL OR r.valid_to >= k.day)
        ORDER BY r.valid_from DESC LIMIT 1))
     FROM k LEFT JOIN cfg ON true) AS "tax",
  (SELECT day::text FROM k) AS "day") x`,
});

/** The context's JSON (a deterministic text) and its hash, in a CTE `f` of `ctes`, `row`. */
export const contextJson = (row: SQL): SQL =>
  sql`f AS MATERIALIZED (SELECT j AS context, md5(j::text) AS hash FROM (SELECT row_to_json(x) AS j FROM ${row}) o)`;

/** The context as one JSON object with its hash, and the stored response to the key $11 of user $10. */
const contextOf = (partyType: PartyType) => {
  const { ctes, row } = contextSql(partyType);
  return textOf(sql`WITH ${ctes}, ${contextJson(row)}
SELECT f.context AS "context", f.hash AS "hash",
  (SELECT json_build_object('requestHash', request_hash, 'status', status_code, 'body', response)
     FROM idempotency_keys WHERE user_id = $10 AND key = $11::text) AS "stored"
FROM f`);
};

const CONTEXT = Object.fromEntries(PARTY_TYPES.map((type) => [type, contextOf(type)])) as Record<PartyType, string>;
const idOrZero = (id: number | null) => id ?? 0;

/** The parameters $1..$10 of `contextSql`. */
export const contextParams = (q: ContextQuery): unknown[] => [
  q.venueId,
  q.partyId,
  idOrZero(q.riderId),
  idOrZero(q.consumableId),
  idOrZero(q.vecId),
  q.category,
  q.taxTypeId,
  idOrZero(q.merchantId),
  q.occurredAt.toISOString(),
  q.userId,
];

export async function loadContext(db: Db, q: ContextQuery): Promise<LoadedContext> {
  const [row] = await runFixed<LoadedContext>(db, `ledger.context.${q.partyType}`, CONTEXT[q.partyType], [
    ...contextParams(q),
    q.claim?.key ?? '',
  ]);
  if (!row) throw new Error('context query answered nothing');
  return row;
}
