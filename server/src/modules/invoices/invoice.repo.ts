import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@shared/constants';
import type { PartyType } from '@shared/ledger';
import type { InvoiceParty } from '@shared/schemas/invoices';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { anyPartyAtVenue } from '../participation/party-at-venue';

/**
 * The queries of invoicing. What an invoice bills (DOMAIN.md "Invoice"): a party's charges,
 * fees and merchant sales at the venue that are on no invoice yet and were not reversed before
 * invoicing (a pre-invoice correction cancels out and is billed by neither). Payments, payouts
 * and credits are settlements, not supplies; officials' compensation comes by compensation bill.
 */
export const INVOICED_KINDS = ['charge', 'fee', 'sale'] as const;
const kinds = sql.raw(INVOICED_KINDS.map((k) => `'${k}'`).join(', '));
const parties = sql.raw(`'rider', 'employer', 'simpleuser', 'official'`);

/**
 * The condition of an uninvoiced, invoiceable entry `t`. Prize money is no supply:
 * neither its credits nor the charge that takes back part of one after a corrected ranking are
 * billed; the invoice shows the prize money credited beside its total (render.ts prizeMoneyOf).
 * A venue bills only the parties that take part in it: its invoice carries their address.
 */
export const uninvoiced = (cutoff: number | null): SQL => sql`t.invoice_id IS NULL
  AND t.kind IN (${kinds}) AND t.party_type IN (${parties}) AND t.category IS DISTINCT FROM 'prize_money'
  AND NOT EXISTS (SELECT 1 FROM transactions r WHERE r.reversal_of_id = t.id)
  AND ${anyPartyAtVenue(sql`t.party_type`, sql`t.venue_id`, sql`t.party_id`)}
  ${cutoff === null ? sql`` : sql`AND t.id <= ${cutoff}`}`;

export interface PartyKey {
  type: PartyType;
  id: number;
}

export const partyKey = (p: PartyKey) => `${p.type}:${p.id}`;
export function parsePartyKey(key: string): PartyKey {
  const [type, id] = key.split(':');
  return { type: type as PartyType, id: Number(id) };
}

/** Parties of the venue with uninvoiced entries up to `cutoff`, in a stable order. */
export async function partiesToInvoice(db: Db, venueId: number, cutoff: number): Promise<PartyKey[]> {
  const rows = rowsOf<{ type: PartyType; id: number }>(
    await db.execute(sql`SELECT DISTINCT t.party_type AS type, t.party_id AS id FROM transactions t
      WHERE t.venue_id = ${venueId} AND ${uninvoiced(cutoff)} ORDER BY 1, 2`),
  );
  return rows.map((r) => ({ type: r.type, id: Number(r.id) }));
}

/** The newest entry id (a run bills what was recorded before it started). */
export async function lastEntryId(db: Db): Promise<number> {
  const [row] = rowsOf<{ id: string | number | null }>(await db.execute(sql`SELECT max(id) AS id FROM transactions`));
  return Number(row?.id ?? 0);
}

export async function countUninvoiced(db: Db, venueId: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`SELECT count(*)::int AS n FROM transactions t WHERE t.venue_id = ${venueId} AND ${uninvoiced(null)}`,
    ),
  );
  return Number(row?.n ?? 0);
}

export interface EntryRow {
  id: number;
  /** The day it happened, in the venue's time zone (YYYY-MM-DD). */
  occurredAt: string;
  kind: string;
  description: string;
  quantity: number;
  netMinor: number;
  taxMinor: number;
  grossMinor: number;
  taxRateBp: number;
  /** Charged at a price including VAT (the net was split off the gross). */
  pricesIncludeTax: boolean;
  taxTypeId: number | null;
  /** The charge category (box, shavings, entry_fee, services, …): where the supply is taxed. */
  category: string | null;
  /** The tax type's explicit VAT category and legal text (null: no tax type). */
  taxCategory: string | null;
  exemptionReason: string | null;
  exemptionCode: string | null;
  beneficiary: string | null;
  merchant: string | null;
}

/**
 * Locks the party's uninvoiced entries (so a concurrent issuer, edit or reversal waits), then
 * reads them again in a fresh statement: an entry reversed just before the lock is left out.
 */
export async function lockEntries(
  tx: Db,
  venueId: number,
  party: PartyKey,
  cutoff: number | null,
): Promise<EntryRow[]> {
  const locked = rowsOf<{ id: string | number }>(
    await tx.execute(sql`SELECT t.id FROM transactions t
      WHERE t.venue_id = ${venueId} AND t.party_type = ${party.type} AND t.party_id = ${party.id} AND ${uninvoiced(cutoff)}
      ORDER BY t.id FOR UPDATE OF t`),
  ).map((r) => Number(r.id));
  if (!locked.length) return [];
  const rows = rowsOf<EntryRow & { id: string | number }>(
    await tx.execute(sql`SELECT t.id, (t.occurred_at AT TIME ZONE v.time_zone)::date::text AS "occurredAt", t.kind, t.description, t.quantity,
        t.net_minor AS "netMinor", t.tax_minor AS "taxMinor", t.gross_minor AS "grossMinor",
        t.tax_rate_bp AS "taxRateBp", t.prices_include_tax AS "pricesIncludeTax", t.tax_type_id AS "taxTypeId", tt.category AS "taxCategory", t.category,
        tt.exemption_reason AS "exemptionReason", tt.exemption_code AS "exemptionCode",
        (SELECT btrim(r.first_name || ' ' || r.last_name) FROM riders r WHERE r.id = t.beneficiary_rider_id) AS beneficiary,
        (SELECT COALESCE(NULLIF(btrim(m.company_name), ''), btrim(m.first_name || ' ' || m.last_name))
           FROM merchants m WHERE m.id = t.merchant_id) AS merchant
      FROM transactions t JOIN venues v ON v.id = t.venue_id LEFT JOIN tax_types tt ON tt.id = t.tax_type_id
      WHERE t.id IN (${sql.join(
        locked.map((id) => sql`${id}`),
        sql`, `,
      )}) AND ${uninvoiced(null)}
      ORDER BY t.occurred_at, t.id`),
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    netMinor: Number(r.netMinor),
    taxMinor: Number(r.taxMinor),
    grossMinor: Number(r.grossMinor),
    taxRateBp: Number(r.taxRateBp),
  }));
}

/** The next number of a venue's series, in the caller's transaction (gapless: a rollback gives it back). */
export async function nextNumber(tx: Db, venueId: number, series: 'invoice' | 'compensation'): Promise<number> {
  await tx.execute(
    sql`INSERT INTO document_sequences (venue_id, series) VALUES (${venueId}, ${series}) ON CONFLICT DO NOTHING`,
  );
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`UPDATE document_sequences SET last_number = last_number + 1
      WHERE venue_id = ${venueId} AND series = ${series} RETURNING last_number AS n`),
  );
  if (!row) throw new Error('no document sequence');
  return Number(row.n);
}

export interface Issuer extends InvoiceParty {
  venueName: string;
  feiId: string | null;
  startDate: string | null;
  endDate: string | null;
  currency: string;
  timeZone: string;
  dueDays: number;
  iban: string | null;
  bic: string | null;
  bankName: string | null;
  logoUrl: string | null;
  /** The seller's tax number (EN 16931 BT-32) and the show office's contact (BG-6; XRechnung BR-DE-2, BR-DE-6, BR-DE-7). */
  taxNumber: string | null;
  /** BT-30: the register entry that identifies the seller where no VAT id may be named. */
  legalRegistrationId: string | null;
  contactName: string | null;
  phone: string | null;
  contactEmail: string | null;
}

/** The venue as the seller on its invoices, with its default bank account in its currency. */
export async function issuerOf(db: Db, venueId: number): Promise<Issuer | undefined> {
  const [row] = rowsOf<Issuer & { dueDays: number }>(
    await db.execute(sql`SELECT v.name AS "venueName", COALESCE(NULLIF(btrim(v.legal_name), ''), v.name) AS name,
        v.address, v.postal_code AS "postalCode", v.city, v.country, v.vat_id AS "vatId", v.invoice_email AS email,
        v.fei_id AS "feiId", v.start_date::text AS "startDate", v.end_date::text AS "endDate", v.currency,
        v.time_zone AS "timeZone", v.invoice_due_days AS "dueDays", v.whitelabel_logo_url AS "logoUrl",
        NULLIF(btrim(v.tax_number), '') AS "taxNumber",
        NULLIF(btrim(v.legal_registration_id), '') AS "legalRegistrationId", NULLIF(btrim(v.contact_name), '') AS "contactName",
        NULLIF(btrim(v.contact_phone), '') AS phone, NULLIF(btrim(v.contact_email), '') AS "contactEmail",
        b.iban, b.bic, b.bank_name AS "bankName"
      FROM venues v
      LEFT JOIN LATERAL (SELECT iban, bic, bank_name FROM venue_bank_accounts
        WHERE venue_id = v.id ORDER BY is_default DESC, (currency = v.currency) DESC, id LIMIT 1) b ON true
      WHERE v.id = ${venueId}`),
  );
  if (!row) return undefined;
  const r = row as unknown as Record<string, unknown>;
  return {
    ...row,
    postal_code: (r.postalCode as string | null) ?? null,
    vat_id: (r.vatId as string | null) ?? null,
  } as Issuer;
}

const PROFILE_SQL: Record<string, { table: string; name: string; vat: string; leitweg?: string }> = {
  rider: { table: 'riders', name: `btrim(p.first_name || ' ' || p.last_name)`, vat: 'NULL' },
  employer: {
    table: 'employers',
    name: `COALESCE(NULLIF(btrim(p.company_name), ''), btrim(p.first_name || ' ' || p.last_name))`,
    vat: 'p.vat_id',
    leitweg: 'p.leitweg_id',
  },
  simpleuser: { table: 'simple_users', name: `btrim(p.first_name || ' ' || p.last_name)`, vat: 'NULL' },
  official: { table: 'officials', name: `btrim(p.first_name || ' ' || p.last_name)`, vat: 'NULL' },
};

export interface Buyer extends InvoiceParty {
  language: Language;
  /** A rider's tax override (SKIP: reverse charge). */
  taxOverride: string | null;
  /** A German public buyer's Leitweg-ID (employers only): the invoice's buyer reference (BT-10). */
  leitweg_id?: string | null;
}

/** The party as the buyer: its profile's name, address and VAT id, its user's language and e-mail. */
export async function buyerOf(db: Db, party: PartyKey): Promise<Buyer | undefined> {
  const p = PROFILE_SQL[party.type];
  if (!p) return undefined;
  const [row] = rowsOf<{
    name: string;
    address: string | null;
    postalCode: string | null;
    city: string | null;
    country: string | null;
    vatId: string | null;
    email: string | null;
    language: string | null;
    taxOverride: string | null;
    leitwegId: string | null;
  }>(
    await db.execute(sql`SELECT ${sql.raw(p.name)} AS name, p.address, p.postal_code AS "postalCode", p.city, p.country,
        ${sql.raw(p.vat)} AS "vatId", COALESCE(p.email, u.email) AS email, u.language,
        ${sql.raw(party.type === 'rider' ? 'p.tax_override' : 'NULL')} AS "taxOverride",
        ${sql.raw(p.leitweg ?? 'NULL')} AS "leitwegId"
      FROM ${sql.raw(p.table)} p LEFT JOIN users u ON u.id = p.user_id WHERE p.id = ${party.id}`),
  );
  if (!row) return undefined;
  return {
    name: row.name || '—',
    address: row.address,
    postal_code: row.postalCode,
    city: row.city,
    country: row.country,
    vat_id: row.vatId,
    email: row.email,
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
    taxOverride: row.taxOverride,
    ...(row.leitwegId ? { leitweg_id: row.leitwegId } : {}),
  };
}
