import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/src/db/rows';
import { checkBalances } from '../../server/src/modules/balance/balance-check';
import { LINES_PER_STATEMENT } from '../../server/src/modules/bank-statements/bank-statements.repo';
import type { Invoice } from '../../src/shared/schemas/invoices';
import type { BankStatementLine, ReviewList, StatementImport } from '../../src/shared/schemas/payouts';
import { camt053, multipart, type CamtEntry } from './bank-statements-fixtures';
import { useSeededServer } from './helpers/use-server';
import { charge } from './invoice-fixtures';
import { ledgerCounts } from './ledger-fixtures';
import { balances, countOf, seedPayoutFixtures } from './payouts-fixtures';

const { server, f, db, call } = useSeededServer(seedPayoutFixtures);

async function upload(xml: string | Buffer, user = 'organizer', venue = 1) {
  const body = multipart(xml);
  return server().app.inject({
    method: 'POST',
    url: `/api/v1/venue/${venue}/bankStatements/`,
    headers: { ...(await server().auth(user)), ...body.headers },
    payload: body.payload,
  });
}

async function imported(xml: string, status = 201): Promise<StatementImport> {
  const res = await upload(xml);
  expect(res.statusCode, res.body).toBe(status);
  return res.json<StatementImport>();
}

/** Two open invoices: the rider's (2 boxes, 300.00) and the employer's for its employed rider (1 box, 150.00). */
async function twoInvoices(): Promise<{ rider: Invoice; employer: Invoice }> {
  const auth = await server().auth('organizer');
  await charge(server().app, auth, { party_type: 'rider', party_id: f.rider, consumable: f.box, quantity: 2 });
  await charge(server().app, auth, { party_type: 'rider', party_id: f.employedRider, consumable: f.box });
  const issue = async (participation: number) => {
    const res = await call(
      'organizer',
      'GET',
      `/api/v1/venue/1/generateInvoice/?venueParticipationID=${participation}`,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Invoice>();
  };
  return { rider: await issue(f.participation), employer: await issue(f.employedParticipation) };
}

const statusOf = async (invoice: number) =>
  rowsOf<{ status: string }>(await db().execute(sql`SELECT status FROM invoices WHERE id = ${invoice}`))[0]!.status;
const bankPayments = () => countOf(db(), 'transactions', `kind = 'payment' AND source = 'bank'`);
const review = async (status = 'unmatched') =>
  (await call('organizer', 'GET', `/api/v1/venue/1/bankStatements/review/?status=${status}`)).json<ReviewList>();

describe('matching a camt.053', () => {
  it('matches exact payments by RF reference and by invoice number, posts each once and marks the invoices paid', async () => {
    const { rider, employer } = await twoInvoices();
    const result = await imported(
      camt053({
        entries: [
          {
            amount: 30_000,
            structured: rider.payment_reference,
            bankRef: 'B-1',
            debtorName: 'Rosa Rider',
            debtorIban: 'DE89370400440532013000',
          },
          {
            amount: 15_000,
            text: `Rechnung ${employer.number} danke`,
            bankRef: 'B-2',
            debtorName: 'Gestüt Arbeitgeber GmbH',
          },
          { amount: 2_000, credit: false, bankRef: 'B-3' },
        ],
      }),
    );
    expect(result.already_imported).toBe(false);
    expect(result.counts).toMatchObject({
      credits: 2,
      matched: 2,
      exact: 2,
      partial: 0,
      unmatched: 0,
      duplicates: 0,
      ignored: 1,
    });
    expect(result.posted_total).toBe(45_000);
    expect(result.statement).toMatchObject({
      statement_id: 'STMT-1',
      iban: 'SI56191000000123438',
      credit_count: 2,
      matched_count: 2,
    });
    expect(await statusOf(rider.id)).toBe('paid');
    expect(await statusOf(employer.id)).toBe('paid');
    const b = await balances(db());
    expect(b.get(`party:rider:${f.rider}`)).toBe(0);
    expect(b.get(`party:employer:${f.employer}`)).toBe(0);
    expect(b.get('bank::0')).toBe(-45_000);
    expect(await bankPayments()).toBe(2);
    const refs = rowsOf<{ ref: string }>(
      await db().execute(sql`SELECT external_ref AS ref FROM transactions WHERE source = 'bank' ORDER BY id`),
    ).map((r) => r.ref);
    expect(refs).toEqual(['bank:1:SI56191000000123438|ntry|B-1|0', 'bank:1:SI56191000000123438|ntry|B-2|0']);
    expect((await checkBalances(db(), 1)).ok).toBe(true);
    const matched = await review('matched');
    expect(matched.results.map((l) => l.invoice?.number).sort()).toEqual([employer.number, rider.number].sort());
    expect(matched.results.every((l) => l.transaction !== null)).toBe(true);
  });

  it('takes a partial payment against the invoice’s party and marks the invoice paid when the rest arrives', async () => {
    const { rider } = await twoInvoices();
    const first = await imported(
      camt053({
        statementId: 'S-1',
        entries: [{ amount: 10_000, text: `RF: ${rider.payment_reference.replace(/(.{4})/g, '$1 ')}`, bankRef: 'P-1' }],
      }),
    );
    expect(first.counts).toMatchObject({ matched: 1, partial: 1 });
    expect(await statusOf(rider.id)).toBe('issued');
    expect((await balances(db())).get(`party:rider:${f.rider}`)).toBe(-20_000);
    // The rest in two transfers of one statement: the second completes it.
    const rest = await imported(
      camt053({
        statementId: 'S-2',
        entries: [
          { amount: 5_000, text: `Invoice ${rider.number}`, bankRef: 'P-2' },
          { amount: 15_000, text: `Invoice ${rider.number}`, bankRef: 'P-3' },
        ],
      }),
    );
    expect(rest.counts).toMatchObject({ matched: 2, partial: 1, exact: 1 });
    expect(await statusOf(rider.id)).toBe('paid');
    expect((await balances(db())).get(`party:rider:${f.rider}`)).toBe(0);
  });

  it('posts the whole of an overpayment: the invoice is paid and the rest is a credit balance the venue owes', async () => {
    const { rider } = await twoInvoices();
    const result = await imported(
      camt053({ entries: [{ amount: 32_000, structured: rider.payment_reference, bankRef: 'O-1' }] }),
    );
    expect(result.counts).toMatchObject({ matched: 1, over: 1 });
    expect(await statusOf(rider.id)).toBe('paid');
    expect((await balances(db())).get(`party:rider:${f.rider}`)).toBe(2_000);
    const due = (await call('organizer', 'GET', '/api/v1/venue/1/payouts/due/')).json<{
      payees: { party_id: number; amount: number }[];
    }>();
    expect(due.payees).toEqual([expect.objectContaining({ party_id: f.rider, amount: 2_000 })]);
  });

  it('matches a party by its bookkeeping ref id when no invoice is named', async () => {
    await twoInvoices();
    await db().execute(sql`UPDATE riders SET bookkeeping_ref_id = 10023 WHERE id = ${f.rider}`);
    await db().execute(sql`UPDATE employers SET bookkeeping_ref_id = 10024 WHERE id = ${f.employer}`);
    const result = await imported(
      camt053({ entries: [{ amount: 7_500, text: 'Kundennr. 10023 Anzahlung', bankRef: 'K-1' }] }),
    );
    expect(result.counts).toMatchObject({ matched: 1, party: 1 });
    expect((await balances(db())).get(`party:rider:${f.rider}`)).toBe(-30_000 + 7_500);
    const [line] = (await review('matched')).results;
    expect(line).toMatchObject({ party: { type: 'rider', id: f.rider }, invoice: null });
  });

  it('takes a statement of more credits than one write holds: every line once, in order, each match posted once', async () => {
    await twoInvoices();
    await db().execute(sql`UPDATE riders SET bookkeeping_ref_id = 10023 WHERE id = ${f.rider}`);
    const before = await bankPayments();
    const count = 2 * LINES_PER_STATEMENT + 37;
    const entries: CamtEntry[] = Array.from({ length: count }, (_, i) =>
      i % 3 === 0
        ? { amount: 100 + i, text: `Kundennr. 10023 Teil ${i}`, bankRef: `BIG-${i}` }
        : { amount: 100 + i, text: `unknown ${i}`, bankRef: `BIG-${i}` },
    );
    const matched = entries.filter((_, i) => i % 3 === 0);
    const result = await imported(camt053({ entries }));
    expect(result.counts).toMatchObject({ credits: count, matched: matched.length, unmatched: count - matched.length });
    expect(await bankPayments()).toBe(before + matched.length);
    const lines = rowsOf<{ key: string; amount: string; transaction_id: string | null }>(
      await db()
        .execute(sql`SELECT line_key AS key, amount_minor::text AS amount, transaction_id::text AS transaction_id
        FROM bank_statement_lines WHERE statement_id = ${result.statement.id} ORDER BY id`),
    );
    expect(lines.map((l) => Number(l.amount))).toEqual(entries.map((e) => e.amount));
    expect(lines.filter((l) => l.transaction_id !== null)).toHaveLength(matched.length);
    expect(new Set(lines.map((l) => l.transaction_id).filter(Boolean)).size).toBe(matched.length);
    expect((await balances(db())).get(`party:rider:${f.rider}`)).toBe(
      -30_000 + matched.reduce((sum, e) => sum + e.amount, 0),
    );
    expect((await checkBalances(db())).ok).toBe(true);
  });

  it('leaves unknown references for the review list, where the office assigns or ignores them', async () => {
    const { rider, employer } = await twoInvoices();
    const result = await imported(
      camt053({
        entries: [
          { amount: 30_000, text: 'Startgeld Rosa', bankRef: 'U-1', debtorName: 'Rosa Rider' },
          { amount: 1_234, text: `Rechnungen ${rider.number} und ${employer.number}`, bankRef: 'U-2' },
          { amount: 999, text: 'Spende', bankRef: 'U-3' },
          { amount: 500, structured: 'RF18000100099999', bankRef: 'U-4' },
        ],
      }),
    );
    expect(result.counts).toMatchObject({ credits: 4, matched: 0, unmatched: 4 });
    expect(await bankPayments()).toBe(0);
    const open = await review();
    expect(open.count).toBe(4);
    const byAmount = new Map(open.results.map((l) => [l.amount, l]));
    const rosa = byAmount.get(30_000)!;
    expect(rosa).toMatchObject({
      status: 'unmatched',
      debtor_name: 'Rosa Rider',
      reference: 'Startgeld Rosa',
      transaction: null,
    });

    const assigned = await call('organizer', 'POST', `/api/v1/bankStatementLine/${rosa.id}/assign/`, {
      invoice: rider.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json<BankStatementLine>()).toMatchObject({
      status: 'assigned',
      invoice: { id: rider.id, number: rider.number },
      party: { type: 'rider', id: f.rider },
      assigned_by: expect.any(String),
    });
    expect(await statusOf(rider.id)).toBe('paid');
    expect(await bankPayments()).toBe(1);
    const again = await call('organizer', 'POST', `/api/v1/bankStatementLine/${rosa.id}/assign/`, {
      invoice: rider.id,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ fields: { __all__: ['line_not_open'] } });
    expect(await bankPayments()).toBe(1);

    const toParty = await call('organizer', 'POST', `/api/v1/bankStatementLine/${byAmount.get(1_234)!.id}/assign/`, {
      party_type: 'employer',
      party_id: f.employer,
    });
    expect(toParty.json<BankStatementLine>()).toMatchObject({
      status: 'assigned',
      invoice: null,
      party: { type: 'employer', id: f.employer },
    });
    expect(await statusOf(employer.id)).toBe('issued');

    const ignored = await call('organizer', 'POST', `/api/v1/bankStatementLine/${byAmount.get(999)!.id}/ignore/`);
    expect(ignored.json<BankStatementLine>()).toMatchObject({ status: 'ignored', transaction: null });
    expect((await review()).results.map((l) => l.amount)).toEqual([500]);
    expect((await review('ignored')).count).toBe(1);

    // Bad assignments: field errors, nothing posted.
    const line = byAmount.get(500)!.id;
    for (const [body, fields] of [
      [{}, { invoice: ['required'] }],
      [{ invoice: rider.id, party_type: 'rider', party_id: f.rider }, { __all__: ['invalid'] }],
      [{ party_type: 'rider' }, { party_id: ['required'] }],
      [{ invoice: 999_999 }, { invoice: ['does_not_exist'] }],
      [{ party_type: 'rider', party_id: 999_999 }, { party_id: ['does_not_exist'] }],
    ] as const) {
      const res = await call('organizer', 'POST', `/api/v1/bankStatementLine/${line}/assign/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ fields });
    }
    expect(await bankPayments()).toBe(2);
    expect((await checkBalances(db(), 1)).ok).toBe(true);
  });
});

describe('the same credit twice', () => {
  it('answers the same file again as already imported and posts nothing', async () => {
    const { rider } = await twoInvoices();
    const xml = camt053({ entries: [{ amount: 30_000, structured: rider.payment_reference, bankRef: 'D-1' }] });
    const first = await imported(xml);
    const before = await ledgerCounts(db());
    const second = await imported(xml, 200);
    expect(second.already_imported).toBe(true);
    expect(second.statement.id).toBe(first.statement.id);
    expect(second.posted_total).toBe(0);
    expect(await ledgerCounts(db())).toEqual(before);
    expect(await countOf(db(), 'bank_statements')).toBe(1);
    expect(await countOf(db(), 'bank_statement_lines')).toBe(1);
  });

  it('takes an entry that comes again in another file once — by the bank’s reference or, without one, by its fields', async () => {
    const { rider, employer } = await twoInvoices();
    const withRef: CamtEntry = { amount: 30_000, structured: rider.payment_reference, bankRef: 'DUP-1' };
    const noRef: CamtEntry = { amount: 15_000, text: `Invoice ${employer.number}`, debtorName: 'Emil' };
    await imported(camt053({ statementId: 'DAY-1', entries: [withRef, noRef] }));
    const before = await ledgerCounts(db());
    const month = await imported(
      camt053({ statementId: 'MONTH-11', entries: [withRef, noRef, { amount: 777, text: 'new', bankRef: 'NEW-1' }] }),
    );
    expect(month.counts).toMatchObject({ credits: 3, duplicates: 2, matched: 0, unmatched: 1 });
    expect(month.posted_total).toBe(0);
    expect((await ledgerCounts(db())).transactions).toBe(before.transactions);
    expect(await bankPayments()).toBe(2);
    expect(await countOf(db(), 'bank_statement_lines')).toBe(3);
  });

  it('takes a credit once when two statements holding it arrive at the same time', async () => {
    const { rider } = await twoInvoices();
    const shared: CamtEntry = { amount: 30_000, structured: rider.payment_reference, bankRef: 'SAME-1' };
    const day = camt053({ statementId: 'AT-ONCE-1', entries: [shared] });
    const month = camt053({
      statementId: 'AT-ONCE-2',
      entries: [shared, { amount: 100, text: 'x', bankRef: 'OTHER' }],
    });
    const [a, b, c] = await Promise.all([upload(day), upload(month), upload(day)]);
    expect([a.statusCode, b.statusCode, c.statusCode].sort()).toEqual([200, 201, 201]);
    expect(await bankPayments()).toBe(1);
    expect(await countOf(db(), 'bank_statements')).toBe(2);
    expect(await countOf(db(), 'bank_statement_lines')).toBe(2);
    expect(await statusOf(rider.id)).toBe('paid');
    expect((await checkBalances(db(), 1)).ok).toBe(true);
  });

  it('reads version 001.02 and an entry without transaction details', async () => {
    const { rider, employer } = await twoInvoices();
    const result = await imported(
      camt053({
        version: '02',
        entries: [
          { amount: 30_000, structured: rider.payment_reference, bankRef: 'V2-1', debtorName: 'Rosa' },
          { amount: 15_000, text: `Rechnung ${employer.number}`, bankRef: 'V2-2', noDetails: true },
          { amount: 100, text: 'pending', bankRef: 'V2-3', status: 'PDNG' },
        ],
      }),
    );
    expect(result.counts).toMatchObject({ credits: 2, matched: 2, exact: 2, ignored: 1 });
    const lines = (await review('matched')).results;
    expect(lines.find((l) => l.amount === 30_000)).toMatchObject({ debtor_name: 'Rosa' });
  });
});

describe('a statement that is refused', () => {
  it('refuses another currency, another account, a file that is not XML or not a camt.053: a translated error, nothing stored', async () => {
    const { rider } = await twoInvoices();
    const before = await ledgerCounts(db());
    const entries: CamtEntry[] = [{ amount: 30_000, structured: rider.payment_reference, bankRef: 'X-1' }];
    const cases: [string | Buffer, string][] = [
      [camt053({ currency: 'CHF', entries }), 'currency_mismatch'],
      [camt053({ entries: [{ ...entries[0]!, currency: 'USD' }] }), 'currency_mismatch'],
      [camt053({ iban: 'DE89370400440532013000', entries }), 'unknown_account'],
      ['this is not a statement', 'not_xml'],
      ['<Document><BkToCstmrStmt><Stmt>', 'not_xml'],
      [
        '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn/></Document>',
        'not_camt053',
      ],
      [camt053({ entries }).replaceAll('300.00', '300,00'), 'not_camt053'],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]), 'not_xml'],
    ];
    for (const [content, code] of cases) {
      const res = await upload(content);
      expect(res.statusCode, `${code}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', fields: { file: [code] } });
    }
    const empty = await server().app.inject({
      method: 'POST',
      url: '/api/v1/venue/1/bankStatements/',
      headers: await server().auth('organizer'),
      payload: {},
    });
    expect(empty.json()).toMatchObject({ fields: { file: ['required'] } });
    expect(await ledgerCounts(db())).toEqual(before);
    expect(await countOf(db(), 'bank_statements')).toBe(0);
    expect(await countOf(db(), 'bank_statement_lines')).toBe(0);
  });

  it('lets only the venue’s office upload, review and assign; an unknown venue or line is 404 before 403', async () => {
    const { rider } = await twoInvoices();
    const xml = camt053({ entries: [{ amount: 1_000, text: 'unknown', bankRef: 'A-1' }] });
    for (const user of ['rider', 'merchant', 'stable', 'welcomedesk']) {
      expect((await upload(xml, user)).statusCode).toBe(403);
      expect((await call(user, 'GET', '/api/v1/venue/1/bankStatements/review/')).statusCode).toBe(403);
    }
    expect((await upload(xml, 'organizer', f.venue2)).statusCode).toBe(403);
    expect((await upload(xml, 'organizer', 999_999)).statusCode).toBe(404);
    expect(await countOf(db(), 'bank_statements')).toBe(0);
    await imported(xml);
    const [line] = (await review()).results;
    expect(
      (await call('rider', 'POST', `/api/v1/bankStatementLine/${line!.id}/assign/`, { invoice: rider.id })).statusCode,
    ).toBe(403);
    expect((await call('organizer', 'POST', '/api/v1/bankStatementLine/999999/ignore/')).statusCode).toBe(404);
    // A line of another venue is not this organizer's.
    await db().execute(sql`UPDATE bank_statement_lines SET venue_id = ${f.venue2} WHERE id = ${line!.id}`);
    expect((await call('organizer', 'POST', `/api/v1/bankStatementLine/${line!.id}/ignore/`)).statusCode).toBe(403);
    expect((await call('admin', 'POST', `/api/v1/bankStatementLine/${line!.id}/ignore/`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', '/api/v1/venue/1/bankStatements/')).json()).toMatchObject({
      results: [{ credit_count: 1 }],
    });
  });
});
