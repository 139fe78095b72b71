import { sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { FEDERATION_HOLDERS } from '@shared/schemas/owner';
import type { PayoutBatch } from '@shared/schemas/payouts';
import { rowsOf } from '../../server/src/db/rows';
import { bankAccounts } from '../../server/src/db/schema';
import { useSeededServer } from './helpers/use-server';
import { newKey } from './ledger-fixtures';
import { PAIN001_XSD, prize, seedPayoutFixtures } from './payouts-fixtures';

/**
 * The SVPS variant of a rider's bank accounts: the federation's account with the
 * rider's member number, created by an admin only, and used by the payout file with the member
 * number in the remittance.
 */
const { server, f, db, call } = useSeededServer(seedPayoutFixtures);

/** The federation's account (a valid Swiss IBAN: SEPA, mod 97). */
const SVPS_IBAN = 'CH9300762011623852957';
const svps = (extra: object = {}) => ({
  kind: 'federation',
  federation: 'SVPS',
  holder_name: FEDERATION_HOLDERS.SVPS,
  iban: 'CH93 0076 2011 6238 5295 7',
  member_number: 'ch12345',
  ...extra,
});
const base = () => `/api/v1/rider/${f.rider}/bankAccounts/`;
const federationRows = async () =>
  (await db().select().from(bankAccounts).orderBy(bankAccounts.id)).filter((row) => row.kind === 'federation');

describe('SVPS bank accounts', () => {
  it('an admin adds one beside the own accounts; the member number is required and checked, the IBAN too', async () => {
    const missing = await call('admin', 'POST', base(), svps({ member_number: undefined }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ member_number: ['required'] });
    for (const bad of ['12 34-5', 'A'.repeat(21), '12/345']) {
      const res = await call('admin', 'POST', base(), svps({ member_number: bad }));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().fields, bad).toEqual({ member_number: ['invalid_member_number'] });
    }
    const iban = await call('admin', 'POST', base(), svps({ iban: 'CH9300762011623852958' }));
    expect(iban.json().fields).toEqual({ iban: ['invalid_iban'] });
    const noFederation = await call('admin', 'POST', base(), svps({ federation: null }));
    expect(noFederation.json().fields).toEqual({ federation: ['required'] });
    expect(await federationRows()).toEqual([]);

    const created = await call('admin', 'POST', base(), svps({ is_default: true, bic: 'UBSWCHZH80A' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      kind: 'federation',
      federation: 'SVPS',
      member_number: 'CH12345',
      iban: SVPS_IBAN,
      holder_name: FEDERATION_HOLDERS.SVPS,
      is_default: true,
    });
    const list = (await call('rider', 'GET', base())).json<{ results: { kind: string; is_default: boolean }[] }>();
    expect(list.results.map((a) => [a.kind, a.is_default])).toEqual([
      ['own', false],
      ['own', false],
      ['federation', true],
    ]);
    // Back to an own account: the federation and member number go with it.
    const own = await call('admin', 'PATCH', `/api/v1/bankAccount/${created.json().id}/`, { kind: 'own' });
    expect(own.json()).toMatchObject({ kind: 'own', federation: null, member_number: null });
  });

  it('only an admin creates, changes or removes one; the rider reads it and keeps their own accounts', async () => {
    const forbidden = await call('rider', 'POST', base(), svps());
    expect(forbidden.statusCode).toBe(403);
    expect(await federationRows()).toEqual([]);
    const id = (await call('admin', 'POST', base(), svps())).json<{ id: number }>().id;
    expect((await call('rider', 'GET', `/api/v1/bankAccount/${id}/`)).json()).toMatchObject({
      member_number: 'CH12345',
    });
    expect((await call('rider', 'PATCH', `/api/v1/bankAccount/${id}/`, { member_number: '999' })).statusCode).toBe(403);
    expect((await call('rider', 'DELETE', `/api/v1/bankAccount/${id}/`)).statusCode).toBe(403);
    expect(await federationRows()).toMatchObject([{ id, memberNumber: 'CH12345' }]);
    // Their own account cannot become one either; as an own account it stays theirs to edit.
    const [own] = rowsOf<{ id: number }>(
      await db().execute(
        sql`SELECT id FROM bank_accounts WHERE owner_type = 'rider' AND owner_id = ${f.rider} AND kind = 'own' ORDER BY id LIMIT 1`,
      ),
    );
    const convert = await call('rider', 'PATCH', `/api/v1/bankAccount/${own!.id}/`, svps());
    expect(convert.statusCode).toBe(403);
    expect(
      (await call('rider', 'PATCH', `/api/v1/bankAccount/${own!.id}/`, { bank_name: 'Hausbank' })).statusCode,
    ).toBe(200);
    // An admin changes and removes it.
    const patched = await call('admin', 'PATCH', `/api/v1/bankAccount/${id}/`, { member_number: 'svps-1' });
    expect(patched.json().fields).toEqual({ member_number: ['invalid_member_number'] });
    expect((await call('admin', 'PATCH', `/api/v1/bankAccount/${id}/`, { member_number: '777' })).json()).toMatchObject(
      { member_number: '777', kind: 'federation' },
    );
    expect((await call('admin', 'DELETE', `/api/v1/bankAccount/${id}/`)).statusCode).toBe(204);
  });

  it("pays the rider's prize money to the federation with the member number and the name in the remittance", async () => {
    const created = await call('admin', 'POST', base(), svps({ is_default: true, bic: 'UBSWCHZH80A' }));
    expect(created.statusCode).toBe(201);
    const office = await server().auth('organizer');
    await prize(server().app, office, 'rider', f.rider, 12_500);
    const res = await server().app.inject({
      method: 'POST',
      url: '/api/v1/venue/1/payouts/',
      headers: { ...office, 'idempotency-key': newKey() },
      payload: {
        payees: [{ party_type: 'rider', party_id: f.rider, account: 'party', amount: 12_500 }],
        debtor_account: f.debtorAccount,
        execution_date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const batch = res.json<PayoutBatch>();
    const file = await call('organizer', 'GET', `/api/v1/payoutBatch/${batch.id}/pain001/`);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false }).parse(
      file.body,
    ) as {
      Document: {
        CstmrCdtTrfInitn: {
          PmtInf: {
            CdtTrfTxInf: {
              Amt: { InstdAmt: { '#text': string } };
              Cdtr: { Nm: string };
              CdtrAcct: { Id: { IBAN: string } };
              RmtInf: { Ustrd: string };
            };
          };
        };
      };
    };
    const transfer = doc.Document.CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf;
    expect(transfer.CdtrAcct.Id.IBAN).toBe(SVPS_IBAN);
    expect(transfer.Cdtr.Nm).toBe('Schweizerischer Verband fur Pferdesport SVPS');
    expect(transfer.Amt.InstdAmt['#text']).toBe('125.00');
    expect(transfer.RmtInf.Ustrd).toBe(`SVPS member CH12345 Rosa Rider / Paddock Classic payout ${batch.id}`);
    // Outside the EEA: the federation's bank's BIC and the federation's own address (EPC SCT rulebook).
    expect(file.body).toContain('<BICFI>UBSWCHZH80A</BICFI>');
    expect(file.body).toMatch(/<PstlAdr>[\s\S]*<TwnNm>Bern 22<\/TwnNm>\s*<Ctry>CH<\/Ctry>\s*<\/PstlAdr>/);
    expect(batch.items[0]).toMatchObject({ iban: SVPS_IBAN, reference: transfer.RmtInf.Ustrd });
    const valid = await validateXML({
      xml: { fileName: 'payout.xml', contents: file.body },
      schema: { fileName: 'pain.001.001.09.xsd', contents: PAIN001_XSD },
    });
    expect(valid.errors).toEqual([]);
  });
});
