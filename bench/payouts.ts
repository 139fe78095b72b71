import { rmSync } from 'node:fs';
import { invoiceNumberText, invoiceReference } from '../server/src/modules/invoices/payment-reference';
import { adminToken, report, round, seededDataDir, startServer } from './harness';

/**
 * The figure `payout.camt_5000_s`: the real server on PGlite matches a camt.053 statement
 * of 5,000 credits against 5,000 open invoices — upload, parse, match, post every payment and
 * mark the invoices paid — timed from the request to its answer.
 *
 * The show is seeded with plain SQL before the server starts (one process may open a PGlite
 * directory): 5,000 riders with an account at the venue and one issued invoice each. The credits
 * are what a bank sends: most name the invoice's RF reference (structured), some its number in
 * the remittance text (some of those pay part of it), some name nothing Paddock knows.
 */

const VENUE = 2;
const INVOICES = 5000;
const IBAN = 'DE89370400440532013000';
const SERVER_ENV = { NODE_ENV: 'test', LOG_LEVEL: 'warn', RATE_LIMIT_AUTH_MAX: '1000000' };

const grossOf = (i: number) => 5_000 + ((i * 37) % 45_000);
const decimal = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

async function seedShow(exec: (text: string) => Promise<unknown>): Promise<void> {
  await exec(`INSERT INTO venues (id, name, country, city, currency, time_zone, legal_name)
    VALUES (${VENUE}, 'Bench Show', 'DE', 'Aachen', 'EUR', 'Europe/Berlin', 'Bench Show GmbH')`);
  await exec(`SELECT setval(pg_get_serial_sequence('venues', 'id'), (SELECT max(id) FROM venues))`);
  await exec(`INSERT INTO venue_bank_accounts (venue_id, holder_name, iban, bic, currency, is_default)
    VALUES (${VENUE}, 'Bench Show GmbH', '${IBAN}', 'COBADEFFXXX', 'EUR', true)`);
  await exec(`INSERT INTO riders (first_name, last_name, email)
    SELECT 'Bench', 'Rider ' || lpad(g::text, 5, '0'), 'bench-' || g || '@bench.test' FROM generate_series(1, ${INVOICES}) g`);
  await exec(`INSERT INTO accounts (venue_id, kind, party_type, party_id)
    SELECT ${VENUE}, 'party', 'rider', id FROM riders WHERE email LIKE 'bench-%@bench.test'`);
  const invoices = Array.from({ length: INVOICES }, (_, k) => {
    const number = k + 1;
    return {
      number,
      text: invoiceNumberText(VENUE, number),
      ref: invoiceReference(VENUE, number),
      gross: grossOf(number),
    };
  });
  await exec(`INSERT INTO invoices (venue_id, kind, number, number_text, party_type, party_id, language, buyer, seller,
      lines, vat_summary, currency, net_minor, tax_minor, gross_minor, issue_date, due_date, payment_reference, status)
    SELECT ${VENUE}, 'invoice', i.number, i.text, 'rider', r.first + i.number - 1, 'de',
      json_build_object('name', 'Bench Rider ' || i.number), '{}'::jsonb, '[]'::jsonb, '[]'::jsonb, 'EUR',
      i.gross, 0, i.gross, current_date, current_date + 14, i.ref, 'issued'
    FROM json_to_recordset('${JSON.stringify(invoices)}'::json) AS i (number int, text text, ref text, gross bigint)
    CROSS JOIN (SELECT min(id) AS first FROM riders WHERE email LIKE 'bench-%@bench.test') r`);
  await exec(
    `INSERT INTO document_sequences (venue_id, series, last_number) VALUES (${VENUE}, 'invoice', ${INVOICES})`,
  );
}

/** 5,000 booked credits: 70 % by RF reference (exact), 20 % by number in the text (every other one partial), 10 % unknown. */
function statement(): string {
  const entries: string[] = [];
  for (let n = 1; n <= INVOICES; n++) {
    const gross = grossOf(n);
    let amount = gross;
    let remittance: string;
    if (n % 10 < 7) {
      remittance = `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${invoiceReference(VENUE, n)}</Ref></CdtrRefInf></Strd>`;
    } else if (n % 10 < 9) {
      if (n % 2) amount = Math.floor(gross / 2);
      remittance = `<Ustrd>Rechnung ${invoiceNumberText(VENUE, n)} Startgeld</Ustrd>`;
    } else {
      remittance = `<Ustrd>Spende Verein ${n}</Ustrd>`;
    }
    const amt = `<Amt Ccy="EUR">${decimal(amount)}</Amt>`;
    entries.push(
      `<Ntry>${amt}<CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-20</Dt></BookgDt>` +
        `<ValDt><Dt>2026-11-20</Dt></ValDt><AcctSvcrRef>BENCH-${n}</AcctSvcrRef>` +
        `<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>` +
        `<NtryDtls><TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>${amt}` +
        `<RltdPties><Dbtr><Pty><Nm>Bench Rider ${n}</Nm></Pty></Dbtr></RltdPties><RmtInf>${remittance}</RmtInf></TxDtls></NtryDtls></Ntry>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
<BkToCstmrStmt><GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2026-11-21T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>BENCH-STMT</Id><Acct><Id><IBAN>${IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>
${entries.join('\n')}
</Stmt></BkToCstmrStmt></Document>
`;
}

interface Counts {
  credits: number;
  matched: number;
  unmatched: number;
}

export async function benchPayouts(port: number): Promise<void> {
  const { dataDir } = await seededDataDir('payouts', (exec) => seedShow(exec));
  try {
    const server = await startServer({ ...SERVER_ENV, DATA_DIR: dataDir }, port);
    try {
      const token = await adminToken(server.url);
      const xml = statement();
      const upload = async () => {
        const form = new FormData();
        form.append('file', new Blob([xml], { type: 'application/xml' }), 'bench-camt053.xml');
        const t0 = performance.now();
        const res = await fetch(`${server.url}/api/v1/venue/${VENUE}/bankStatements/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        const body = (await res.json()) as { counts: Counts; posted_total: number };
        return { status: res.status, body, seconds: (performance.now() - t0) / 1000 };
      };
      const first = await upload();
      if (first.status !== 201) throw new Error(`the upload answered ${first.status}: ${JSON.stringify(first.body)}`);
      const { counts } = first.body;
      console.info(
        `bench: ${counts.credits} credits in ${Math.round(xml.length / 1024)} kB, ${counts.matched} matched, ${counts.unmatched} for review`,
      );
      if (counts.credits !== INVOICES || counts.matched !== INVOICES * 0.9)
        throw new Error(`unexpected matching: ${JSON.stringify(counts)}`);
      report({ name: 'payout.camt_5000_s', value: round(first.seconds), unit: 's', limit: { max: 5 } });
      const again = await upload();
      if (again.status !== 200) throw new Error(`the second upload answered ${again.status}`);
      console.info(`bench: the same statement again (already imported) in ${round(again.seconds)} s`);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
