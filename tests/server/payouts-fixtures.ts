import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../server/src/db/client';
import { rowsOf } from '../../server/src/db/rows';
import { seedInvoiceFixtures, type InvoiceFixtures } from './invoice-fixtures';
import { newKey, postEntry } from './ledger-fixtures';

interface Injector {
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
}

/**
 * The EPC's schema of a SEPA credit transfer initiation (pain.001.001.09, EPC132-08 2023), the
 * copy the project was given in ../shared/schemas, kept here so a clean checkout tests with it.
 */
export const PAIN001_XSD = readFileSync(
  new URL('./schemas/pain.001.001.09-EPC132-08-2023.xsd', import.meta.url),
  'utf8',
);

/** IBANs of the payees (valid ones pass ISO 13616; the last fails its check digits). */
export const IBANS = {
  rider: 'DE89370400440532013000',
  merchant: 'IT60X0542811101000000123456',
  official: 'FR1420041010050500013M02606',
  simpleUserInvalid: 'DE00370400440532013001',
  venue: 'SI56191000000123438',
} as const;

export interface PayoutFixtures extends InvoiceFixtures {
  /** The venue's bank account (venue_bank_accounts, SI…, BIC BAKOSI2X). */
  debtorAccount: number;
}

/**
 * The invoice fixtures plus the payees' bank accounts: the rider's (default, no BIC), the
 * merchant's (with BIC), the official's, the simple user's with an IBAN that fails the check; the
 * employer has none.
 */
export async function seedPayoutFixtures(db: Db): Promise<PayoutFixtures> {
  const f = await seedInvoiceFixtures(db);
  await db.execute(sql`INSERT INTO bank_accounts (owner_type, owner_id, holder_name, iban, bic, currency, is_default) VALUES
    ('rider', ${f.rider}, 'Rosa Rider', ${IBANS.rider}, NULL, 'EUR', true),
    ('rider', ${f.rider}, 'Rosa Rider (old)', 'DE02120300000000202051', NULL, 'EUR', false),
    ('merchant', ${f.merchant}, 'Selleria Mercante S.r.l.', ${IBANS.merchant}, 'BPMOIT22XXX', 'EUR', true),
    ('official', ${f.official}, 'Odile Officielle', ${IBANS.official}, NULL, 'EUR', true),
    ('simpleuser', ${f.simpleUser}, 'Szymon Prosty', ${IBANS.simpleUserInvalid}, NULL, 'EUR', true)`);
  const [account] = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM venue_bank_accounts WHERE venue_id = 1 ORDER BY id LIMIT 1`),
  );
  return { ...f, debtorAccount: Number(account!.id) };
}

/** Posts an entry at venue 1 as the caller; fails loudly. */
export async function post(app: Injector, auth: Record<string, string>, body: Record<string, unknown>) {
  const res = await postEntry(app, auth, { venue: 1, ...body }, newKey());
  if (res.statusCode !== 201) throw new Error(`post failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number; gross: number }>();
}

/** Prize money credited to a party at venue 1 (the venue owes it). */
export const prize = (
  app: Injector,
  auth: Record<string, string>,
  partyType: string,
  partyId: number,
  amount: number,
) =>
  post(app, auth, {
    kind: 'credit',
    party_type: partyType,
    party_id: partyId,
    category: 'prize_money',
    description: 'Prize money',
    unit_price: amount,
  });

/** Balances of the venue's accounts: `kind:party_type:party_id` → balance. */
export async function balances(db: Db, venueId = 1): Promise<Map<string, number>> {
  const rows = rowsOf<{ key: string; balance: string }>(
    await db.execute(sql`SELECT kind || ':' || party_type || ':' || party_id AS key, balance_minor::text AS balance
      FROM accounts WHERE venue_id = ${venueId}`),
  );
  return new Map(rows.map((r) => [r.key, Number(r.balance)]));
}

export async function countOf(db: Db, table: string, where = 'true'): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`)),
  );
  return Number(row!.n);
}
