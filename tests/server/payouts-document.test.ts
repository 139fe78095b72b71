import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { checkAccount } from '../../server/src/modules/payouts/payee-bank';
import { payoutPain001, type PainBatch } from '../../server/src/modules/payouts/payout-pain001';
import { sepaId, sepaText } from '../../server/src/modules/payouts/sepa-text';
import { PAIN001_XSD } from './payouts-fixtures';

/** A CdtTrfTxInf as fast-xml-parser reads it. */
interface Transfer {
  PmtId: { EndToEndId: string };
  Amt: { InstdAmt: { '#text': string; '@Ccy': string } };
  CdtrAgt?: { FinInstnId: { BICFI: string } };
  Cdtr: { Nm: string };
  CdtrAcct: { Id: { IBAN: string } };
  RmtInf: { Ustrd: string };
}

const validate = (xml: string) =>
  validateXML({ xml: { fileName: 'p.xml', contents: xml }, schema: { fileName: 's.xsd', contents: PAIN001_XSD } });

const batch = (over: Partial<PainBatch> = {}): PainBatch => ({
  messageId: 'PDK-V1-B7-20261126101530',
  createdAt: new Date('2026-11-26T10:15:30.123Z'),
  initiatingParty: 'Paddock Classic d.o.o.',
  debtor: { name: 'Paddock Classic d.o.o.', iban: 'SI56191000000123438', bic: 'BAKOSI2X' },
  currency: 'EUR',
  executionDate: '2026-12-01',
  transfers: [
    {
      endToEndId: 'PDK-B7-1',
      amountMinor: 1,
      name: 'Ångström Œuvre ß — “Reitstall” Nº 5 & Søn; Łódź/Kraków_x',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      reference: 'Paddock Classic payout 7',
    },
    {
      endToEndId: 'PDK-B7-2',
      amountMinor: 99_999_999_999,
      name: 'A'.repeat(90),
      iban: 'FR1420041010050500013M02606',
      bic: null,
      reference: `Paddock ${'very long show name '.repeat(10)} payout 7`,
    },
  ],
  ...over,
});

describe('SEPA text', () => {
  it('transliterates into the SEPA character set and cuts to length', () => {
    expect(sepaText('Ångström Œuvre ß — “Reitstall” Nº 5 & Søn; Łódź/Kraków_x', 70)).toBe(
      "Angstrom OEuvre ss - 'Reitstall' No 5 + Son, Lodz/Krakow-x",
    );
    expect(sepaText('Müller-Lüdenscheidt GmbH & Co. KG', 70)).toBe('Muller-Ludenscheidt GmbH + Co. KG');
    expect(sepaText('中文 名字', 70)).toBe('');
    expect(sepaText('x'.repeat(200), 140)).toHaveLength(140);
    expect(sepaId('//a b//c/')).toBe('a-b/c');
  });
});

describe('the pain.001.001.09 document', () => {
  it('writes every transfer with exact amounts, sums and counts, and validates against the EPC schema', async () => {
    const xml = payoutPain001(batch());
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false }).parse(
      xml,
    ) as {
      Document: { CstmrCdtTrfInitn: { GrpHdr: Record<string, string>; PmtInf: Record<string, unknown> } };
    };
    const { GrpHdr, PmtInf } = doc.Document.CstmrCdtTrfInitn;
    expect(GrpHdr).toMatchObject({
      MsgId: 'PDK-V1-B7-20261126101530',
      CreDtTm: '2026-11-26T10:15:30Z',
      NbOfTxs: '2',
      CtrlSum: '1000000000.00',
    });
    expect(PmtInf).toMatchObject({ NbOfTxs: '2', CtrlSum: '1000000000.00', ChrgBr: 'SLEV', PmtMtd: 'TRF' });
    const [first, second] = PmtInf.CdtTrfTxInf as Transfer[];
    expect(first!.Amt.InstdAmt).toEqual({ '#text': '0.01', '@Ccy': 'EUR' });
    expect(first!.Cdtr.Nm).toBe("Angstrom OEuvre ss - 'Reitstall' No 5 + Son, Lodz/Krakow-x");
    expect(first!.CdtrAgt?.FinInstnId.BICFI).toBe('COBADEFFXXX');
    expect(second!.Amt.InstdAmt['#text']).toBe('999999999.99');
    expect(second!.Cdtr.Nm).toHaveLength(70);
    expect(second!.CdtrAgt).toBeUndefined();
    expect(second!.RmtInf.Ustrd.length).toBeLessThanOrEqual(140);
    const result = await validate(xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    // A pure function of its data: the same batch, the same bytes.
    expect(payoutPain001(batch())).toBe(xml);
  });

  it('is refused by the schema when a transfer breaks the EPC rules (the check is real)', async () => {
    const xml = payoutPain001(batch()).replace(
      '<InstdAmt Ccy="EUR">0.01</InstdAmt>',
      '<InstdAmt Ccy="EUR">0.001</InstdAmt>',
    );
    expect((await validate(xml)).valid).toBe(false);
    expect(() => payoutPain001(batch({ transfers: [] }))).toThrow();
    expect(() => payoutPain001(batch({ transfers: [{ ...batch().transfers[0]!, amountMinor: 0 }] }))).toThrow();
  });
});

describe('a payee’s account', () => {
  it('is checked: IBAN (ISO 13616), SEPA country, BIC when given', () => {
    expect(checkAccount('DE89 3704 0044 0532 0130 00', null)).toEqual({
      status: 'ok',
      iban: 'DE89370400440532013000',
      bic: null,
    });
    expect(checkAccount('DE89370400440532013001', null).status).toBe('invalid_iban');
    expect(checkAccount('BR1800360305000010009795493C1', null).status).toBe('not_sepa');
    expect(checkAccount('DE89370400440532013000', 'not a bic').status).toBe('invalid_bic');
    expect(checkAccount('DE89370400440532013000', 'cobadeffxxx').bic).toBe('COBADEFFXXX');
    expect(checkAccount(null, null).status).toBe('no_account');
  });
});
