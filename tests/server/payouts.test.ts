import { sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { rowsOf } from '../../server/src/db/rows';
import { checkBalances } from '../../server/src/modules/balance/balance-check';
import type { PayoutBatch, PayoutBatchList, PayoutDue } from '../../src/shared/schemas/payouts';
import { useSeededServer } from './helpers/use-server';
import { ledgerCounts, newKey } from './ledger-fixtures';
import { balances, countOf, IBANS, PAIN001_XSD, post, prize, seedPayoutFixtures } from './payouts-fixtures';

/** A CdtTrfTxInf as fast-xml-parser reads it. */
interface Transfer {
  PmtId: { EndToEndId: string };
  Amt: { InstdAmt: { '#text': string; '@Ccy': string } };
  CdtrAgt?: { FinInstnId: { BICFI: string } };
  Cdtr: { Nm: string };
  CdtrAcct: { Id: { IBAN: string } };
  RmtInf: { Ustrd: string };
}

const { server, f, db, call } = useSeededServer(seedPayoutFixtures);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (n) => n === 'CdtTrfTxInf',
});

const office = () => server().auth('organizer');
/** A day `n` days from today, YYYY-MM-DD (execution dates may not lie in the past). */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * What the venue owes after a small show: the rider won 250.00 and bought 100.00 at the
 * saddlery (150.00 due), the merchant's takings are 100.00 less its fee (2.5 % + 0.30 = 2.80),
 * the official was credited 400.00, the simple user (invalid IBAN) 80.00, the employer (no bank
 * account) 60.00.
 */
async function owedShow() {
  const auth = await office();
  const app = server().app;
  await prize(app, auth, 'rider', f.rider, 25_000);
  await post(app, auth, {
    kind: 'sale',
    party_type: 'rider',
    party_id: f.rider,
    merchant: f.merchant,
    unit_price: 10_000,
    description: 'Saddle pad',
  });
  await post(app, auth, {
    kind: 'credit',
    party_type: 'official',
    party_id: f.official,
    category: 'services',
    description: 'Compensation',
    unit_price: 40_000,
  });
  await prize(app, auth, 'simpleuser', f.simpleUser, 8_000);
  await prize(app, auth, 'employer', f.employer, 6_000);
}

const generateAs = async (body: Record<string, unknown>, key = newKey(), user = 'organizer', venue = 1) =>
  server().app.inject({
    method: 'POST',
    url: `/api/v1/venue/${venue}/payouts/`,
    headers: { ...(await server().auth(user)), 'idempotency-key': key },
    payload: body,
  });

const payoutCount = async () => countOf(db(), 'transactions', `kind = 'payout'`);
const reversalCount = async () => countOf(db(), 'transactions', `kind = 'reversal'`);

async function download(id: number) {
  const res = await call('organizer', 'GET', `/api/v1/payoutBatch/${id}/pain001/`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('what the venue owes', () => {
  it('lists every payee with a positive balance, its account, and those that cannot be paid — none dropped', async () => {
    await owedShow();
    const res = await call('organizer', 'GET', '/api/v1/venue/1/payouts/due/');
    expect(res.statusCode, res.body).toBe(200);
    const due = res.json<PayoutDue>();
    const byKey = new Map(due.payees.map((p) => [`${p.party_type}:${p.account}`, p]));
    expect(byKey.get('rider:party')).toMatchObject({
      party_id: f.rider,
      amount: 15_000,
      status: 'ok',
      bank: { holder: 'Rosa Rider', iban: IBANS.rider, bic: null },
    });
    expect(byKey.get('merchant:merchant')).toMatchObject({
      party_id: f.merchant,
      amount: 9_720,
      status: 'ok',
      bank: { iban: IBANS.merchant, bic: 'BPMOIT22XXX' },
    });
    expect(byKey.get('official:party')).toMatchObject({ amount: 40_000, status: 'ok' });
    expect(byKey.get('simpleuser:party')).toMatchObject({ amount: 8_000, status: 'invalid_iban' });
    expect(byKey.get('employer:party')).toMatchObject({ amount: 6_000, status: 'no_account', bank: null });
    expect(due.payees).toHaveLength(5);
    expect(due.total).toBe(15_000 + 9_720 + 40_000 + 8_000 + 6_000);
    expect(due.payable_total).toBe(15_000 + 9_720 + 40_000);
    expect(due.debtor_accounts).toEqual([
      expect.objectContaining({ id: f.debtorAccount, iban: IBANS.venue, bic: 'BAKOSI2X', usable: true }),
    ]);
  });
});

describe('a payee outside the EEA', () => {
  it('is listed as needing BIC and address until both are there, then paid with them (EPC SCT rulebook)', async () => {
    await owedShow();
    const swiss = 'CH9300762011623852957';
    await db().execute(
      sql`UPDATE bank_accounts SET iban = ${swiss}, bic = NULL WHERE owner_type = 'rider' AND owner_id = ${f.rider}`,
    );
    await db().execute(
      sql`UPDATE riders SET address = NULL, city = NULL, postal_code = NULL, country = NULL WHERE id = ${f.rider}`,
    );
    const statusOf = async () =>
      (await call('organizer', 'GET', '/api/v1/venue/1/payouts/due/'))
        .json<PayoutDue>()
        .payees.find((p) => p.party_type === 'rider')?.status;
    expect(await statusOf()).toBe('needs_bic_address');
    // Chosen anyway, it is refused and nothing is written.
    const before = await payoutCount();
    const refused = await generateAs({
      payees: [{ party_type: 'rider', party_id: f.rider, account: 'party', amount: 15_000 }],
      debtor_account: f.debtorAccount,
      execution_date: inDays(5),
    });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('needs_bic_address');
    expect(await payoutCount()).toBe(before);
    // A BIC alone is not enough; with the address it is paid, both in the transfer.
    await db().execute(
      sql`UPDATE bank_accounts SET bic = 'UBSWCHZH80A' WHERE owner_type = 'rider' AND owner_id = ${f.rider}`,
    );
    expect(await statusOf()).toBe('needs_bic_address');
    await db().execute(
      sql`UPDATE riders SET address = 'Bahnhofstrasse 5', postal_code = '8001', city = 'Zürich', country = 'CH' WHERE id = ${f.rider}`,
    );
    expect(await statusOf()).toBe('ok');
    const res = await generateAs({
      payees: [{ party_type: 'rider', party_id: f.rider, account: 'party', amount: 15_000 }],
      debtor_account: f.debtorAccount,
      execution_date: inDays(5),
    });
    expect(res.statusCode, res.body).toBe(201);
    const xml = (await download(res.json<PayoutBatch>().id)).body;
    expect(xml).toContain('<BICFI>UBSWCHZH80A</BICFI>');
    expect(xml).toMatch(
      /<PstlAdr>\s*<StrtNm>Bahnhofstrasse 5<\/StrtNm>\s*<PstCd>8001<\/PstCd>\s*<TwnNm>Zurich<\/TwnNm>\s*<Ctry>CH<\/Ctry>\s*<\/PstlAdr>/,
    );
    const valid = await validateXML({
      xml: { fileName: 'payout.xml', contents: xml },
      schema: { fileName: 'pain.001.001.09.xsd', contents: PAIN001_XSD },
    });
    expect(valid.errors).toEqual([]);
  });
});

describe('a payout batch', () => {
  it('writes a pain.001.001.09 that reads back right and validates against the EPC schema, and posts each payout once', async () => {
    await owedShow();
    const before = await ledgerCounts(db());
    const key = newKey();
    const res = await generateAs({ payees: 'all', debtor_account: f.debtorAccount, execution_date: inDays(5) }, key);
    expect(res.statusCode, res.body).toBe(201);
    const batch = res.json<PayoutBatch>();
    expect(batch).toMatchObject({ status: 'generated', transaction_count: 3, control_sum: 64_720, currency: 'EUR' });
    expect(batch.message_id.length).toBeLessThanOrEqual(35);
    expect(batch.items.map((i) => i.transaction)).not.toContain(null);

    const file = await download(batch.id);
    expect(file.headers['content-type']).toContain('application/xml');
    const xml = file.body;
    const doc = parser.parse(xml) as {
      Document: {
        '@xmlns': string;
        CstmrCdtTrfInitn: { GrpHdr: Record<string, unknown>; PmtInf: Record<string, unknown> };
      };
    };
    expect(doc.Document['@xmlns']).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    const { GrpHdr, PmtInf } = doc.Document.CstmrCdtTrfInitn;
    expect(GrpHdr.MsgId).toBe(batch.message_id);
    expect(GrpHdr.NbOfTxs).toBe('3');
    expect(GrpHdr.CtrlSum).toBe('647.20');
    expect(PmtInf.NbOfTxs).toBe('3');
    expect(PmtInf.CtrlSum).toBe('647.20');
    expect(PmtInf.ReqdExctnDt).toEqual({ Dt: inDays(5) });
    expect(PmtInf.DbtrAcct).toEqual({ Id: { IBAN: IBANS.venue } });
    expect(PmtInf.DbtrAgt).toEqual({ FinInstnId: { BICFI: 'BAKOSI2X' } });
    const txs = (PmtInf.CdtTrfTxInf as Transfer[]).map((t) => ({
      e2e: t.PmtId.EndToEndId,
      amount: t.Amt.InstdAmt['#text'],
      currency: t.Amt.InstdAmt['@Ccy'],
      bic: t.CdtrAgt?.FinInstnId?.BICFI ?? null,
      name: t.Cdtr.Nm,
      iban: t.CdtrAcct.Id.IBAN,
      reference: t.RmtInf.Ustrd,
    }));
    expect(txs.map((t) => t.iban).sort()).toEqual([IBANS.merchant, IBANS.official, IBANS.rider].sort());
    const byIban = new Map(txs.map((t) => [t.iban, t]));
    expect(byIban.get(IBANS.rider)).toMatchObject({ amount: '150.00', currency: 'EUR', bic: null, name: 'Rosa Rider' });
    expect(byIban.get(IBANS.merchant)).toMatchObject({
      amount: '97.20',
      bic: 'BPMOIT22XXX',
      name: 'Selleria Mercante S.r.l.',
    });
    expect(byIban.get(IBANS.official)).toMatchObject({ amount: '400.00', bic: null });
    const [venue] = rowsOf<{ name: string }>(await db().execute(sql`SELECT name FROM venues WHERE id = 1`));
    for (const t of txs) {
      expect(t.reference).toBe(`${venue!.name} payout ${batch.id}`);
      expect(t.e2e.length).toBeLessThanOrEqual(35);
    }
    expect(new Set(txs.map((t) => t.e2e)).size).toBe(3);
    expect(batch.items.map((i) => i.end_to_end_id).sort()).toEqual(txs.map((t) => t.e2e).sort());

    const valid = await validateXML({
      xml: { fileName: 'payout.xml', contents: xml },
      schema: { fileName: 'pain.001.001.09.xsd', contents: PAIN001_XSD },
    });
    expect(valid.errors).toEqual([]);
    expect(valid.valid).toBe(true);

    // The ledger: three payouts, balanced; the payees' accounts are settled, the others untouched.
    const after = await ledgerCounts(db());
    expect(after.transactions - before.transactions).toBe(3);
    expect(await payoutCount()).toBe(3);
    const b = await balances(db());
    expect(b.get(`party:rider:${f.rider}`)).toBe(0);
    expect(b.get(`merchant:merchant:${f.merchant}`)).toBe(0);
    expect(b.get(`party:official:${f.official}`)).toBe(0);
    expect(b.get(`party:simpleuser:${f.simpleUser}`)).toBe(8_000);
    expect(b.get('payouts::0')).toBe(64_720);
    expect(b.has(`party:merchant:${f.merchant}`)).toBe(false);
    expect((await checkBalances(db(), 1)).ok).toBe(true);
    const [refs] = rowsOf<{ n: number }>(
      await db().execute(
        sql`SELECT count(*)::int AS n FROM transactions WHERE external_ref LIKE ${`payout:${batch.id}:%`} AND source = 'bank'`,
      ),
    );
    expect(refs!.n).toBe(3);

    // Downloading again: the same bytes, nothing posted. The same request again: the first answer.
    expect((await download(batch.id)).body).toBe(xml);
    const replay = await generateAs({ payees: 'all', debtor_account: f.debtorAccount, execution_date: inDays(5) }, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json<PayoutBatch>().id).toBe(batch.id);
    expect((await ledgerCounts(db())).transactions).toBe(after.transactions);
    expect(await countOf(db(), 'payout_batches')).toBe(1);

    // Paid: nobody payable is left; those who could not be paid still are listed.
    const due = (await call('organizer', 'GET', '/api/v1/venue/1/payouts/due/')).json<PayoutDue>();
    expect(due.payees.map((p) => p.status).sort()).toEqual(['invalid_iban', 'no_account']);
    const again = await generateAs({ payees: 'all', debtor_account: f.debtorAccount, execution_date: inDays(5) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ fields: { payees: ['nothing_to_pay'] } });

    const list = (await call('organizer', 'GET', '/api/v1/venue/1/payouts/')).json<PayoutBatchList>();
    expect(list.results.map((r) => r.id)).toEqual([batch.id]);
  });

  it('pays chosen payees part of what is owed; a debtor account without BIC goes as NOTPROVIDED and still validates', async () => {
    await owedShow();
    await db().execute(sql`UPDATE venue_bank_accounts SET bic = NULL WHERE id = ${f.debtorAccount}`);
    const res = await generateAs({
      payees: [{ party_type: 'rider', party_id: f.rider, amount: 10_000 }],
      debtor_account: f.debtorAccount,
      execution_date: inDays(6),
    });
    expect(res.statusCode, res.body).toBe(201);
    const batch = res.json<PayoutBatch>();
    expect(batch.items).toEqual([expect.objectContaining({ party_type: 'rider', amount: 10_000, iban: IBANS.rider })]);
    expect((await balances(db())).get(`party:rider:${f.rider}`)).toBe(5_000);
    const xml = (await download(batch.id)).body;
    expect(xml).toContain('<Othr>');
    expect(xml).toContain('<Id>NOTPROVIDED</Id>');
    const valid = await validateXML({
      xml: { fileName: 'p.xml', contents: xml },
      schema: { fileName: 's.xsd', contents: PAIN001_XSD },
    });
    expect(valid.valid).toBe(true);
  });

  it('refuses a payee without an account, with an invalid IBAN, owed nothing or less than asked: 400 per payee, nothing written', async () => {
    await owedShow();
    const before = await ledgerCounts(db());
    const res = await generateAs({
      payees: [
        { party_type: 'rider', party_id: f.rider, amount: 15_000 },
        { party_type: 'simpleuser', party_id: f.simpleUser, amount: 8_000 },
        { party_type: 'employer', party_id: f.employer, amount: 6_000 },
        { party_type: 'official', party_id: f.official, amount: 40_001 },
        { party_type: 'rider', party_id: f.employedRider, amount: 100 },
        { party_type: 'rider', party_id: f.rider, amount: 1 },
      ],
      debtor_account: f.debtorAccount,
      execution_date: inDays(5),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'validation',
      fields: {
        payees: [
          null,
          { party_id: ['invalid_iban'] },
          { party_id: ['no_bank_account'] },
          { amount: ['over_owed'] },
          { amount: ['nothing_owed'] },
          { party_id: ['duplicate'] },
        ],
      },
    });
    const zero = await generateAs({
      payees: [{ party_type: 'rider', party_id: f.rider, amount: 0 }],
      debtor_account: f.debtorAccount,
      execution_date: inDays(5),
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toMatchObject({ fields: { payees: { 0: { amount: ['too_small'] } } } });
    const noKey = await call('organizer', 'POST', '/api/v1/venue/1/payouts/', {
      payees: 'all',
      debtor_account: f.debtorAccount,
      execution_date: inDays(5),
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ error: 'idempotency_key_required' });
    const badDate = await generateAs({ payees: 'all', debtor_account: f.debtorAccount, execution_date: '2026-13-01' });
    expect(badDate.json()).toMatchObject({ fields: { execution_date: ['invalid_date'] } });
    const past = await generateAs({ payees: 'all', debtor_account: f.debtorAccount, execution_date: inDays(-3) });
    expect(past.json()).toMatchObject({ fields: { execution_date: ['too_small'] } });
    expect(await ledgerCounts(db())).toEqual(before);
    expect(await countOf(db(), 'payout_batches')).toBe(0);
  });

  it('refuses a debtor account with an IBAN that fails the check, and a show that does not keep euro', async () => {
    await owedShow();
    await db().execute(sql`UPDATE venue_bank_accounts SET iban = 'SI56191000000123439' WHERE id = ${f.debtorAccount}`);
    const res = await generateAs({ payees: 'all', debtor_account: f.debtorAccount, execution_date: inDays(5) });
    expect(res.json()).toMatchObject({ fields: { debtor_account: ['invalid_iban'] } });
    const due = (await call('organizer', 'GET', '/api/v1/venue/1/payouts/due/')).json<PayoutDue>();
    expect(due.debtor_accounts[0]!.usable).toBe(false);
    const other = await generateAs({ payees: 'all', debtor_account: 999_999, execution_date: inDays(5) });
    expect(other.json()).toMatchObject({ fields: { debtor_account: ['does_not_exist'] } });

    await db().execute(
      sql`INSERT INTO venue_bank_accounts (venue_id, holder_name, iban, currency) VALUES (${f.venue2}, 'Other', 'CH9300762011623852957', 'CHF')`,
    );
    const chf = await generateAs(
      { payees: 'all', debtor_account: f.debtorAccount, execution_date: inDays(5) },
      newKey(),
      'admin',
      f.venue2,
    );
    expect(chf.json()).toMatchObject({ fields: { __all__: ['not_sepa_currency'] } });
    expect(await payoutCount()).toBe(0);
  });

  it('cancels a batch not sent yet: each reversal posted once, the balances owed again; a sent batch cannot be cancelled', async () => {
    await owedShow();
    const owed = await balances(db());
    const batch = (
      await generateAs({ payees: 'all', debtor_account: f.debtorAccount, execution_date: inDays(5) })
    ).json<PayoutBatch>();
    const cancel = await call('organizer', 'POST', `/api/v1/payoutBatch/${batch.id}/cancel/`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = cancel.json<PayoutBatch>();
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancelled_at).not.toBeNull();
    expect(cancelled.items.every((i) => i.reversal !== null)).toBe(true);
    expect(await reversalCount()).toBe(3);
    const restored = await balances(db());
    for (const key of [`party:rider:${f.rider}`, `merchant:merchant:${f.merchant}`, `party:official:${f.official}`])
      expect(restored.get(key)).toBe(owed.get(key));
    expect(restored.get('payouts::0')).toBe(0);
    expect((await checkBalances(db(), 1)).ok).toBe(true);

    // Again: nothing more; marking it sent: refused.
    const twice = await call('organizer', 'POST', `/api/v1/payoutBatch/${batch.id}/cancel/`);
    expect(twice.statusCode).toBe(200);
    expect(await reversalCount()).toBe(3);
    const sent = await call('organizer', 'POST', `/api/v1/payoutBatch/${batch.id}/sent/`);
    expect(sent.statusCode).toBe(400);
    expect(sent.json()).toMatchObject({ fields: { __all__: ['batch_cancelled'] } });
    // The file stays downloadable as it was.
    expect((await download(batch.id)).body).toContain(batch.message_id);

    // A new batch, marked sent, cannot be cancelled.
    const next = (
      await generateAs({ payees: 'all', debtor_account: f.debtorAccount, execution_date: inDays(7) })
    ).json<PayoutBatch>();
    const marked = await call('organizer', 'POST', `/api/v1/payoutBatch/${next.id}/sent/`);
    expect(marked.json<PayoutBatch>()).toMatchObject({ status: 'sent' });
    expect((await call('organizer', 'POST', `/api/v1/payoutBatch/${next.id}/sent/`)).statusCode).toBe(200);
    const refused = await call('organizer', 'POST', `/api/v1/payoutBatch/${next.id}/cancel/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { __all__: ['batch_sent'] } });
    expect(await reversalCount()).toBe(3);
  });

  it('a payout entry is corrected only by cancelling its batch: the ledger refuses to edit or delete it', async () => {
    await owedShow();
    const batch = (
      await generateAs({ payees: 'all', debtor_account: f.debtorAccount, execution_date: inDays(5) })
    ).json<PayoutBatch>();
    const entry = batch.items[0]!.transaction!;
    const removed = await call('organizer', 'DELETE', `/api/v1/transaction/${entry}/`);
    expect(removed.statusCode, removed.body).toBe(400);
    expect(removed.json()).toMatchObject({ fields: { __all__: ['managed_entry'] } });
    const edited = await call('admin', 'PATCH', `/api/v1/transaction/${entry}/`, { description: 'changed' });
    expect(edited.statusCode, edited.body).toBe(400);
    expect(edited.json()).toMatchObject({ fields: { __all__: ['managed_entry'] } });
    expect(await reversalCount()).toBe(0);
  });

  it('two requests at once with different keys pay each payee once', async () => {
    await owedShow();
    const body = { payees: 'all', debtor_account: f.debtorAccount, execution_date: inDays(5) };
    const [a, b] = await Promise.all([generateAs(body), generateAs(body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    expect(await payoutCount()).toBe(3);
    expect((await checkBalances(db(), 1)).ok).toBe(true);
  });
});

describe('who may pay out', () => {
  it('only the venue’s office and admins; an unknown venue or batch is 404 before 403', async () => {
    await owedShow();
    const batch = (
      await generateAs({ payees: 'all', debtor_account: f.debtorAccount, execution_date: inDays(5) })
    ).json<PayoutBatch>();
    expect((await call('admin', 'GET', `/api/v1/payoutBatch/${batch.id}/`)).statusCode).toBe(200);
    for (const user of ['rider', 'merchant', 'stable', 'official']) {
      expect((await call(user, 'GET', '/api/v1/venue/1/payouts/due/')).statusCode).toBe(403);
      expect((await call(user, 'GET', `/api/v1/payoutBatch/${batch.id}/pain001/`)).statusCode).toBe(403);
      expect((await call(user, 'POST', `/api/v1/payoutBatch/${batch.id}/cancel/`)).statusCode).toBe(403);
    }
    expect((await call('organizer', 'GET', `/api/v1/venue/${f.venue2}/payouts/due/`)).statusCode).toBe(403);
    expect((await call('organizer', 'GET', '/api/v1/venue/999999/payouts/due/')).statusCode).toBe(404);
    expect((await call('organizer', 'GET', '/api/v1/payoutBatch/999999/')).statusCode).toBe(404);
    expect(
      await generateAs(
        { payees: 'all', debtor_account: f.debtorAccount, execution_date: inDays(5) },
        newKey(),
        'organizer',
        f.venue2,
      ),
    ).toMatchObject({ statusCode: 403 });

    // A batch of another venue is not the organizer's.
    await db().execute(sql`UPDATE venues SET currency = 'EUR' WHERE id = ${f.venue2}`);
    const [account] = rowsOf<{ id: number }>(
      await db().execute(
        sql`INSERT INTO venue_bank_accounts (venue_id, holder_name, iban, currency) VALUES (${f.venue2}, 'Other Show', ${IBANS.venue}, 'EUR') RETURNING id`,
      ),
    );
    // Odile judges at the other show too: only there is she paid by it.
    await db().execute(
      sql`INSERT INTO official_participations (venue_id, official_id, function) VALUES (${f.venue2}, ${f.official}, 'judge')`,
    );
    await post(server().app, await server().auth('admin'), {
      venue: f.venue2,
      kind: 'credit',
      party_type: 'official',
      party_id: f.official,
      category: 'services',
      description: 'Fee',
      unit_price: 5_000,
    });
    const foreign = await generateAs(
      { payees: 'all', debtor_account: Number(account!.id), execution_date: inDays(5) },
      newKey(),
      'admin',
      f.venue2,
    );
    expect(foreign.statusCode, foreign.body).toBe(201);
    const id = foreign.json<PayoutBatch>().id;
    expect((await call('organizer', 'GET', `/api/v1/payoutBatch/${id}/`)).statusCode).toBe(403);
    expect((await call('organizer', 'GET', `/api/v1/payoutBatch/${id}/pain001/`)).statusCode).toBe(403);
    expect((await call('organizer', 'POST', `/api/v1/payoutBatch/${id}/sent/`)).statusCode).toBe(403);
  });
});
