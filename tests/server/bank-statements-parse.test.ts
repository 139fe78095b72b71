import { describe, expect, it } from 'vitest';
import { CamtError, parseCamt053 } from '../../server/src/modules/bank-statements/camt053';
import { decide } from '../../server/src/modules/bank-statements/matching';
import { candidatesOf } from '../../server/src/modules/bank-statements/references';
import type { NewLine, OpenInvoice } from '../../server/src/modules/bank-statements/bank-statements.repo';
import { invoiceReference } from '../../server/src/modules/invoices/payment-reference';
import { camt053 } from './bank-statements-fixtures';

const IBAN = 'SI56191000000123438';

const codeOf = (xml: string) => {
  try {
    parseCamt053(xml);
    return 'ok';
  } catch (err) {
    return err instanceof CamtError ? err.code : String(err);
  }
};

describe('reading a camt.053', () => {
  it('reads each booked credit with its amount, date, debtor and references (001.08)', () => {
    const parsed = parseCamt053(
      camt053({
        entries: [
          {
            amount: 12_345,
            structured: 'RF18000100000042',
            text: 'Rechnung 1-00042 &amp; Boxen',
            bankRef: 'R1',
            debtorName: 'Müller & Söhne',
            debtorIban: 'DE89 3704 0044 0532 0130 00',
            bookingDate: '2026-11-19',
          },
          { amount: 500, credit: false, bankRef: 'R2' },
          { amount: 700, reversal: true, bankRef: 'R3' },
          { amount: 800, status: 'PDNG', bankRef: 'R4' },
        ],
      }),
    );
    expect(parsed.version).toBe('08');
    expect(parsed.accounts).toEqual([{ iban: IBAN, currency: 'EUR' }]);
    expect(parsed.statementIds).toEqual(['STMT-1']);
    expect(parsed.ignored).toBe(3);
    expect(parsed.credits).toEqual([
      {
        key: `${IBAN}|ntry|R1|0`,
        bookingDate: '2026-11-19',
        amountMinor: 12_345,
        currency: 'EUR',
        debtorName: 'Müller & Söhne',
        debtorIban: 'DE89370400440532013000',
        structuredReference: 'RF18000100000042',
        text: 'Rechnung 1-00042 &amp; Boxen',
        reference: 'RF18000100000042',
      },
    ]);
  });

  it('reads version 001.02, a namespace prefix, CDATA and amounts with zeros past the cents', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<!-- a bank's comment -->
<c:Document xmlns:c="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <c:BkToCstmrStmt><c:Stmt><c:Id>S2</c:Id>
    <c:Acct><c:Id><c:IBAN>${IBAN}</c:IBAN></c:Id></c:Acct>
    <c:Ntry><c:Amt Ccy="EUR">10.50000</c:Amt><c:CdtDbtInd>CRDT</c:CdtDbtInd><c:Sts>BOOK</c:Sts>
      <c:BookgDt><c:DtTm>2026-11-18T10:00:00</c:DtTm></c:BookgDt>
      <c:NtryDtls><c:TxDtls><c:Refs><c:AcctSvcrRef>TX-9</c:AcctSvcrRef><c:EndToEndId>E2E-7</c:EndToEndId></c:Refs>
        <c:AmtDtls><c:TxAmt><c:Amt Ccy="EUR">10.50</c:Amt></c:TxAmt></c:AmtDtls>
        <c:RltdPties><c:Dbtr><c:Nm>Anna &#x141;&#243;d&#378;</c:Nm></c:Dbtr></c:RltdPties>
        <c:RmtInf><c:Ustrd><![CDATA[Box <5> & hay]]></c:Ustrd></c:RmtInf>
      </c:TxDtls></c:NtryDtls>
    </c:Ntry>
  </c:Stmt></c:BkToCstmrStmt>
</c:Document>`;
    const parsed = parseCamt053(xml);
    expect(parsed.version).toBe('02');
    expect(parsed.credits).toEqual([
      expect.objectContaining({
        key: `${IBAN}|tx|TX-9`,
        bookingDate: '2026-11-18',
        amountMinor: 1_050,
        debtorName: 'Anna Łódź',
        text: 'Box <5> & hay E2E-7',
        reference: 'Box <5> & hay',
      }),
    ]);
  });

  it('splits a batched entry into its transactions when each says its amount', () => {
    const tx = (amount: string, ref: string, text: string) =>
      `<TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs><Amt Ccy="EUR">${amount}</Amt><RmtInf><Ustrd>${text}</Ustrd></RmtInf></TxDtls>`;
    const xml = camt053({ entries: [{ amount: 3_000, bankRef: 'BATCH', noDetails: true }] }).replace(
      '</BkTxCd>',
      `</BkTxCd><NtryDtls>${tx('10.00', 'a', 'first')}${tx('20.00', 'b', 'second')}</NtryDtls>`,
    );
    const parsed = parseCamt053(xml);
    expect(parsed.credits.map((c) => [c.key, c.amountMinor, c.reference])).toEqual([
      [`${IBAN}|ntry|BATCH|0`, 1_000, 'first'],
      [`${IBAN}|ntry|BATCH|1`, 2_000, 'second'],
    ]);
  });

  it('keys a credit without a bank reference by its fields: the same in two files, distinct when repeated in one', () => {
    const same = { amount: 4_200, text: 'Startgeld', debtorName: 'Rosa' };
    const day = parseCamt053(camt053({ statementId: 'DAY', entries: [same] }));
    const month = parseCamt053(camt053({ statementId: 'MONTH', entries: [{ amount: 1, text: 'x' }, same, same] }));
    expect(day.credits[0]!.key).toMatch(/\|h\|[0-9a-f]{32}\|1$/);
    expect(month.credits[1]!.key).toBe(day.credits[0]!.key);
    expect(month.credits[2]!.key).not.toBe(day.credits[0]!.key);
  });

  it('refuses what is not XML, not a camt.053, or carries amounts it cannot post', () => {
    expect(codeOf('hello')).toBe('not_xml');
    expect(codeOf('<Document><BkToCstmrStmt>')).toBe('not_xml');
    expect(codeOf('<a>1</b>')).toBe('not_xml');
    expect(codeOf('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>')).toBe('not_camt053');
    expect(
      codeOf('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrNtfctn/></Document>'),
    ).toBe('not_camt053');
    expect(codeOf('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt/></Document>')).toBe(
      'not_camt053',
    );
    expect(codeOf(camt053({ entries: [{ amount: 100 }] }).replaceAll('>1.00<', '>1.005<'))).toBe('not_camt053');
    expect(codeOf(camt053({ entries: [{ amount: 100 }] }).replaceAll('>1.00<', '>-1.00<'))).toBe('not_camt053');
    expect(codeOf(camt053({ entries: [{ amount: 100 }] }).replaceAll('Ccy="EUR"', 'Ccy="euro"'))).toBe('not_camt053');
    expect(codeOf(camt053({ entries: [{ amount: 100 }] }))).toBe('ok');
  });
});

describe('what a reference names', () => {
  it('finds RF references (spaced or not), the venue’s invoice numbers and bookkeeping numbers', () => {
    const rf = invoiceReference(1, 42);
    const spaced = rf.replace(/(.{4})/g, '$1 ');
    expect(candidatesOf(1, null, `Zahlung ${spaced} danke`)).toEqual({
      creditorRefs: [rf],
      invoiceNumbers: [],
      refIds: [],
    });
    expect(candidatesOf(1, rf, '')).toMatchObject({ creditorRefs: [rf] });
    expect(candidatesOf(1, null, 'RE 1-00042 und 2-00043, Kd 10023')).toEqual({
      creditorRefs: [],
      invoiceNumbers: [42],
      refIds: [10023],
    });
    // A wrong check digit is no reference; an IBAN's digits are no bookkeeping number.
    expect(candidatesOf(1, null, 'RF00 0001 0000 042 DE89370400440532013000')).toEqual({
      creditorRefs: [],
      invoiceNumbers: [],
      refIds: [],
    });
  });
});

describe('deciding the matches', () => {
  const invoice = (id: number, open: number): OpenInvoice => ({
    id,
    number: id,
    numberText: `1-${String(id).padStart(5, '0')}`,
    reference: invoiceReference(1, id),
    partyType: 'rider',
    partyId: 100 + id,
    open,
  });
  const line = (key: string, amount: number, text: string): NewLine => ({
    key,
    bookingDate: null,
    amountMinor: amount,
    currency: 'EUR',
    debtorName: null,
    debtorIban: null,
    structuredReference: null,
    text,
    reference: text,
    candidates: candidatesOf(1, null, text),
  });

  it('counts credits for one invoice in file order, leaves a credit naming two invoices for the office', () => {
    const decisions = decide(
      [
        line('a', 4_000, 'RE 1-00001'),
        line('b', 6_000, 'RE 1-00001'),
        line('c', 1, 'RE 1-00001'),
        line('d', 5_000, 'RE 1-00001 1-00002'),
        line('e', 5_000, 'RE 1-00002'),
        line('f', 100, 'Kd 10023'),
        line('g', 100, 'Kd 10024'),
      ],
      [invoice(1, 10_000), invoice(2, 4_000)],
      [
        { ref: 10023, partyType: 'employer', partyId: 7 },
        { ref: 10024, partyType: 'rider', partyId: 8 },
        { ref: 10024, partyType: 'employer', partyId: 9 },
      ],
    );
    expect(decisions.map((d) => [d.line.key, d.kind, d.invoice?.id ?? null, d.party])).toEqual([
      ['a', 'partial', 1, { type: 'rider', id: 101 }],
      ['b', 'exact', 1, { type: 'rider', id: 101 }],
      ['c', 'over', 1, { type: 'rider', id: 101 }],
      ['d', null, null, null],
      ['e', 'over', 2, { type: 'rider', id: 102 }],
      ['f', 'party', null, { type: 'employer', id: 7 }],
      ['g', null, null, null],
    ]);
  });
});
