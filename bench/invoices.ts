import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { openDatabase } from '../server/src/db/client';
import { seedDemoData } from '../server/src/demo/seed';
import { createDatabase, startCluster } from './postgres';
import { report, round, startServer } from './harness';
import { client, signIn } from './ledger-http';
import type { Exec } from './ledger-seed';

/**
 * The figures: an invoice run over a venue with 2,000 parties and 100,000 entries (the
 * Factur-X PDFs and XRechnung included) and an e-mail run to 1,000 recipients through a local
 * SMTP server, both on PostgreSQL through the real server.
 */

const PARTIES = 2000;
const ENTRIES = 100_000;
const RECIPIENTS = 1000;
const VENUE = 2;
const SERVER_ENV = { NODE_ENV: 'test', LOG_LEVEL: 'warn', RATE_LIMIT_AUTH_MAX: '1000000' };

/**
 * A second show with its issuer data and bank account, `PARTIES` riders enrolled, and `ENTRIES`
 * charges between them (22 % and 9.5 % VAT, gross prices, 1–3 units), posted as the ledger posts
 * them: the amounts positive, the party's account charged, revenue and tax credited.
 */
async function seedShow(exec: Exec): Promise<void> {
  await exec(`INSERT INTO venues (id, name, country, city, currency, time_zone, legal_name, address, postal_code, vat_id,
      invoice_email, contact_name, contact_phone, contact_email)
    VALUES (${VENUE}, 'Bench Show', 'DE', 'Aachen', 'EUR', 'Europe/Berlin', 'Bench Show GmbH', 'Albert-Servais-Allee 50',
      '52070', 'DE123456789', 'office@bench.test', 'Show office', '+49 241 917 10', 'office@bench.test')`);
  // An exempt tax type (stated, with its legal text) for a share of the lines.
  await exec(`INSERT INTO tax_types (code, name, category, exemption_reason, exemption_code)
    VALUES ('BENCH_EXEMPT', 'Exempt', 'E', 'Exempt under Article 132(1)(m) of Directive 2006/112/EC.', 'VATEX-EU-132-1M')`);
  await exec(`INSERT INTO tax_rates (tax_type_id, rate_bp, valid_from)
    SELECT id, 0, '2000-01-01' FROM tax_types WHERE code = 'BENCH_EXEMPT'`);
  await exec(`SELECT setval(pg_get_serial_sequence('venues', 'id'), (SELECT max(id) FROM venues))`);
  await exec(`INSERT INTO venue_bank_accounts (venue_id, holder_name, iban, bic, currency, is_default)
    VALUES (${VENUE}, 'Bench Show GmbH', 'DE89370400440532013000', 'COBADEFFXXX', 'EUR', true)`);
  await exec(`INSERT INTO riders (first_name, last_name, email, address, postal_code, city, country)
    SELECT 'Bench', 'Rider ' || lpad(g::text, 5, '0'), 'bench-' || g || '@bench.test', 'Street ' || g, '10' || lpad(g::text, 3, '0'),
      'Berlin', (ARRAY['DE', 'AT', 'FR', 'CH', 'PL'])[1 + g % 5] FROM generate_series(1, ${PARTIES}) g`);
  await exec(`INSERT INTO venue_participations (venue_id, rider_id, payer_type, payer_id)
    SELECT ${VENUE}, id, 'rider', id FROM riders WHERE email LIKE 'bench-%@bench.test'`);
  await exec(`INSERT INTO accounts (venue_id, kind, party_type, party_id)
    SELECT ${VENUE}, 'party', 'rider', id FROM riders WHERE email LIKE 'bench-%@bench.test'
    UNION ALL VALUES (${VENUE}, 'revenue', '', 0), (${VENUE}, 'tax', '', 2200), (${VENUE}, 'tax', '', 950)`);
  await exec(`INSERT INTO transactions (venue_id, kind, party_type, party_id, category, description, quantity,
      unit_price_minor, tax_type_id, tax_rate_bp, net_minor, tax_minor, gross_minor, currency, source, occurred_at, recorded_at)
    SELECT ${VENUE}, 'charge', 'rider', r.first + g % ${PARTIES}, 'other',
      (ARRAY['Box', 'Shavings', 'Hay', 'Electricity', 'Parking', 'Entry fee'])[1 + g % 6] || ' ' || g, e.qty,
      e.unit, CASE WHEN e.rate = 0 THEN r.exempt END, e.rate, e.gross - e.tax, e.tax, e.gross, 'EUR', 'office',
      now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
    FROM generate_series(1, ${ENTRIES}) g
    CROSS JOIN (SELECT min(id) AS first, (SELECT id FROM tax_types WHERE code = 'BENCH_EXEMPT') AS exempt
      FROM riders WHERE email LIKE 'bench-%@bench.test') r
    CROSS JOIN LATERAL (SELECT k.qty, k.unit, k.rate, k.unit * k.qty AS gross,
        round((k.unit * k.qty)::numeric * k.rate / (10000 + k.rate))::bigint AS tax
      FROM (SELECT 1 + g % 3 AS qty, (500 + g % 9000)::bigint AS unit,
          CASE WHEN g % 11 = 0 THEN 0 WHEN g % 3 = 0 THEN 950 ELSE 2200 END AS rate) k) e`);
  const ofVenue = `t.venue_id = ${VENUE}`;
  await exec(`INSERT INTO postings (transaction_id, account_id, amount_minor)
    SELECT t.id, a.id, -t.gross_minor FROM transactions t JOIN accounts a ON a.venue_id = t.venue_id AND a.kind = 'party'
        AND a.party_type = t.party_type AND a.party_id = t.party_id WHERE ${ofVenue}
    UNION ALL SELECT t.id, a.id, t.net_minor FROM transactions t JOIN accounts a ON a.venue_id = t.venue_id
        AND a.kind = 'revenue' WHERE ${ofVenue}
    UNION ALL SELECT t.id, a.id, t.tax_minor FROM transactions t JOIN accounts a ON a.venue_id = t.venue_id
        AND a.kind = 'tax' AND a.party_id = t.tax_rate_bp WHERE ${ofVenue} AND t.tax_minor <> 0`);
  await exec(`UPDATE accounts a SET balance_minor = s.total, posting_count = s.n, volume_minor = s.volume
    FROM (SELECT p.account_id, sum(p.amount_minor) AS total, count(*) AS n, sum(abs(p.amount_minor)) AS volume
      FROM postings p JOIN accounts x ON x.id = p.account_id WHERE x.venue_id = ${VENUE} GROUP BY p.account_id) s
    WHERE a.id = s.account_id`);
  await exec('ANALYZE');
}

interface RunState {
  id: number;
  status: string;
  done: number;
  total: number;
  failed: number;
}

async function runToEnd(http: ReturnType<typeof client>, headers: Record<string, string>, path: string, body: string) {
  const started = performance.now();
  const res = await http.request('POST', path, headers, body);
  if (res.status !== 202) throw new Error(`${path} answered ${res.status}: ${res.body}`);
  let run = JSON.parse(res.body) as RunState;
  while (run.status === 'queued' || run.status === 'running') {
    await new Promise((r) => setTimeout(r, 200));
    run = JSON.parse((await http.request('GET', `/api/v1/jobs/${run.id}/`, headers)).body) as RunState;
  }
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 'done' || run.failed) throw new Error(`run ${run.id} ended ${run.status}, ${run.failed} failed`);
  return { seconds, run };
}

const VALIDATE = fileURLToPath(new URL('../tests/validators/einvoice/validate.sh', import.meta.url));
const SAMPLE_INVOICES = 50;
const SAMPLE_CREDIT_NOTES = 10;

/**
 * `einvoice.validate_all_ok`: 50 invoices spread over the run (buyers in five countries, one
 * outside the EU; 22 %, 9.5 % and exempt lines) and 10 credit notes of them, whole and in part,
 * each as its Factur-X PDF and its XRechnung, checked by the official EN 16931 and XRechnung rule
 * sets in one validator run: the share of documents whose files have no fatal failure. Without
 * Java and Saxon the figure is 0 and says why (the bench fails).
 */
async function validateSample(http: ReturnType<typeof client>, headers: Record<string, string>, ids: number[]) {
  const name = 'einvoice.validate_all_ok';
  const check = spawnSync('sh', [
    '-c',
    'command -v java && test -f /usr/share/java/Saxon-HE.jar && command -v pdfdetach',
  ]);
  if (check.status !== 0) {
    console.error(
      `${name}: skipped — needs Java, Saxon-HE and pdfdetach (apt-get install default-jre-headless libsaxonhe-java poppler-utils)`,
    );
    report({ name, value: 0, unit: 'share', limit: { min: 1 } });
    return;
  }
  const step = Math.max(1, Math.floor(ids.length / SAMPLE_INVOICES));
  const sample = ids.filter((_, i) => i % step === 0).slice(0, SAMPLE_INVOICES);
  const documents = [...sample];
  for (const [i, id] of sample.slice(0, SAMPLE_CREDIT_NOTES).entries()) {
    const invoice = JSON.parse((await http.request('GET', `/api/v1/invoice/${id}/`, headers)).body) as {
      lines: { transaction: number }[];
    };
    // Every other one credits the first line only, the others the whole invoice.
    const body = i % 2 ? { lines: [invoice.lines[0]!.transaction], reason: 'Box not used' } : { reason: 'Withdrawn' };
    const res = await http.request('POST', `/api/v1/invoice/${id}/creditNote/`, headers, JSON.stringify(body));
    if (res.status !== 201) throw new Error(`credit note of ${id}: ${res.status} ${res.body}`);
    documents.push((JSON.parse(res.body) as { id: number }).id);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-einvoice-'));
  try {
    const files: string[] = [];
    for (const id of documents) {
      const pdf = await http.requestBytes('GET', `/api/v1/invoice/${id}/pdf/`, headers);
      const xml = await http.request('GET', `/api/v1/invoice/${id}/xrechnung/`, headers);
      if (pdf.status !== 200 || xml.status !== 200) throw new Error(`documents of ${id}: ${pdf.status} ${xml.status}`);
      files.push(path.join(dir, `doc${id}.pdf`), path.join(dir, `doc${id}-ubl.xml`));
      writeFileSync(files[files.length - 2]!, pdf.body);
      writeFileSync(files[files.length - 1]!, xml.body);
    }
    const run = spawnSync(VALIDATE, files, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (run.status === 2) throw new Error(`the validators could not run: ${run.stdout}${run.stderr}`);
    const failed = new Set(
      run.stdout
        .split('\n')
        .filter((line) => line.startsWith('FAIL'))
        .map((line) => /doc(\d+)/.exec(line)?.[1])
        .filter(Boolean),
    );
    if (failed.size)
      console.error(
        run.stdout
          .split('\n')
          .filter((line) => line.startsWith('FAIL'))
          .slice(0, 20)
          .join('\n'),
      );
    report({
      name,
      value: round((documents.length - failed.size) / documents.length, 3),
      unit: 'share',
      limit: { min: 1 },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchInvoices(port: number): Promise<void> {
  const cluster = await startCluster(54900 + (process.pid % 90));
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        done();
      });
    },
  });
  const smtpPort = port + 25;
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  try {
    const url = await createDatabase(cluster.url, 'bench_invoices');
    const database = await openDatabase({ databaseUrl: url, dataDir: tmpdir() });
    try {
      await database.migrate();
      await seedDemoData(database.db, 1024);
      await seedShow((text) => database.db.execute(text));
    } finally {
      await database.close();
    }
    const server = await startServer(
      { ...SERVER_ENV, DATABASE_URL: url, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
      port,
    );
    const http = client(server.url, 4);
    try {
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${await signIn(http)}` };
      const invoices = await runToEnd(http, headers, `/api/v1/venue/${VENUE}/generateInvoices/`, '{}');
      if (invoices.run.done !== PARTIES) throw new Error(`the run made ${invoices.run.done} invoices`);
      report({ name: 'invoice.run_2000_s', value: round(invoices.seconds), unit: 's', limit: { max: 60 } });
      report({ name: 'invoice.pdf_per_s', value: round(PARTIES / invoices.seconds, 1), unit: 'invoices/s' });

      const page = JSON.parse(
        (await http.request('GET', `/api/v1/venue/${VENUE}/invoices/?page_size=${RECIPIENTS}`, headers)).body,
      ) as { results: { id: number }[] };
      const ids = page.results.map((i) => i.id);
      const before = received;
      const emails = await runToEnd(
        http,
        headers,
        `/api/v1/venue/${VENUE}/emailInvoices/`,
        JSON.stringify({ invoices: ids, resend: false }),
      );
      if (received - before !== RECIPIENTS) throw new Error(`the SMTP server received ${received - before} messages`);
      report({ name: 'email.run_1000_s', value: round(emails.seconds), unit: 's', limit: { max: 30 } });

      await validateSample(http, headers, ids);
    } finally {
      http.close();
      await server.stop();
    }
  } finally {
    smtp.close(() => {});
    cluster.stop();
  }
}
