/**
 * Set-based seeds for the ledger figures: transactions, their postings and the accounts'
 * running totals, consistent with each other (the balance check of the seeded data is ok).
 * Plain SQL, so PostgreSQL and PGlite run the same statements.
 */

export type Exec = (text: string) => Promise<unknown>;

/** A tax type (22 %) and a consumable of venue 1 that carries it; returns the consumable's id. */
export async function seedPriceList(exec: Exec): Promise<number> {
  await exec(`INSERT INTO tax_types (code, name) VALUES ('BENCH_VAT', 'Bench VAT 22 %')`);
  await exec(`INSERT INTO tax_rates (tax_type_id, rate_bp, valid_from)
    SELECT id, 2200, '2000-01-01' FROM tax_types WHERE code = 'BENCH_VAT'`);
  const inserted = await exec(`INSERT INTO consumables (venue_id, name, category, unit_price_minor, tax_type_id)
    SELECT 1, 'Bench box', 'box', 15000, id FROM tax_types WHERE code = 'BENCH_VAT' RETURNING id`);
  return Number((inserted as { rows: { id: number }[] }).rows[0]!.id);
}

/**
 * `parties` riders with a party account at `venue`, and `count` entries between them: nine in
 * ten charges (22 % or 9.5 % VAT, gross prices), one in ten payments in cash.
 */
export async function seedLedger(exec: Exec, venue: number, parties: number, count: number): Promise<void> {
  const tag = `bench-${venue}`;
  await exec(`INSERT INTO riders (first_name, last_name, email)
    SELECT 'Bench', 'Rider ' || lpad(g::text, 5, '0'), '${tag}-' || g || '@bench.test' FROM generate_series(1, ${parties}) g`);
  await exec(`INSERT INTO accounts (venue_id, kind, party_type, party_id)
    SELECT ${venue}, 'party', 'rider', id FROM riders WHERE email LIKE '${tag}-%'
    UNION ALL VALUES (${venue}, 'revenue', '', 0), (${venue}, 'tax', '', 2200), (${venue}, 'tax', '', 950), (${venue}, 'cash', '', 0)
    ON CONFLICT DO NOTHING`);
  await exec(`INSERT INTO transactions (venue_id, kind, party_type, party_id, category, description, quantity,
      unit_price_minor, tax_rate_bp, net_minor, tax_minor, gross_minor, currency, source, occurred_at, recorded_at)
    SELECT ${venue}, e.kind, 'rider', r.first + g % ${parties}, 'other', 'Bench entry ' || g, 1,
      e.gross, e.rate, e.gross - e.tax, e.tax, e.gross, 'EUR', 'office',
      now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
    FROM generate_series(1, ${count}) g
    CROSS JOIN (SELECT min(id) AS first FROM riders WHERE email LIKE '${tag}-%') r
    CROSS JOIN LATERAL (SELECT k.kind, k.rate, k.gross,
        CASE WHEN k.rate = 0 THEN 0 ELSE round(k.gross::numeric * k.rate / (10000 + k.rate))::bigint END AS tax
      FROM (SELECT CASE WHEN g % 10 = 0 THEN 'payment' ELSE 'charge' END AS kind,
          CASE WHEN g % 10 = 0 THEN 0 WHEN g % 3 = 0 THEN 950 ELSE 2200 END AS rate,
          (500 + g % 20000)::bigint AS gross) k) e`);
  const ofVenue = `t.venue_id = ${venue}`;
  await exec(`INSERT INTO postings (transaction_id, account_id, amount_minor)
    SELECT t.id, a.id, CASE WHEN t.kind = 'payment' THEN t.gross_minor ELSE -t.gross_minor END
      FROM transactions t JOIN accounts a ON a.venue_id = t.venue_id AND a.kind = 'party'
        AND a.party_type = t.party_type AND a.party_id = t.party_id WHERE ${ofVenue}
    UNION ALL SELECT t.id, a.id, t.net_minor FROM transactions t JOIN accounts a ON a.venue_id = t.venue_id
        AND a.kind = 'revenue' WHERE ${ofVenue} AND t.kind = 'charge'
    UNION ALL SELECT t.id, a.id, t.tax_minor FROM transactions t JOIN accounts a ON a.venue_id = t.venue_id
        AND a.kind = 'tax' AND a.party_id = t.tax_rate_bp WHERE ${ofVenue} AND t.kind = 'charge' AND t.tax_minor <> 0
    UNION ALL SELECT t.id, a.id, -t.gross_minor FROM transactions t JOIN accounts a ON a.venue_id = t.venue_id
        AND a.kind = 'cash' WHERE ${ofVenue} AND t.kind = 'payment'`);
  await exec(`UPDATE accounts a SET balance_minor = s.total, posting_count = s.n
    FROM (SELECT p.account_id, sum(p.amount_minor) AS total, count(*) AS n FROM postings p
      JOIN accounts x ON x.id = p.account_id WHERE x.venue_id = ${venue} GROUP BY p.account_id) s
    WHERE a.id = s.account_id`);
  await exec(`UPDATE accounts a SET charged_minor = s.charged, tax_minor = s.tax, paid_minor = s.paid
    FROM (SELECT t.party_id, COALESCE(sum(t.gross_minor) FILTER (WHERE t.kind = 'charge'), 0) AS charged,
        COALESCE(sum(t.tax_minor) FILTER (WHERE t.kind = 'charge'), 0) AS tax,
        COALESCE(sum(t.gross_minor) FILTER (WHERE t.kind = 'payment'), 0) AS paid
      FROM transactions t WHERE ${ofVenue} GROUP BY t.party_id) s
    WHERE a.venue_id = ${venue} AND a.kind = 'party' AND a.party_type = 'rider' AND a.party_id = s.party_id`);
  await exec(`UPDATE accounts a SET charged_minor = s.net, tax_minor = s.tax
    FROM (SELECT t.tax_rate_bp, sum(t.net_minor) AS net, sum(t.tax_minor) AS tax FROM transactions t
      WHERE ${ofVenue} AND t.kind = 'charge' GROUP BY t.tax_rate_bp) s
    WHERE a.venue_id = ${venue} AND a.kind = 'tax' AND a.party_id = s.tax_rate_bp`);
  await exec('ANALYZE');
}
