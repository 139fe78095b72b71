import { create } from 'xmlbuilder2';
import { minorToDecimalString } from '@shared/money';
import type { PayeeAddress } from './payee-bank';
import { sepaId, sepaText } from './sepa-text';

/**
 * The SEPA credit transfer initiation of a payout batch (ISO 20022 pain.001.001.09 as the EPC's
 * SCT implementation guidelines EPC132-08 2023 restrict it; CONVENTIONS 13: a pure function of
 * its data, tests read the XML back and validate it against the EPC schema in tests/server/schemas).
 *
 * Built with xmlbuilder2 rather than the `sepa` package: `sepa` takes amounts as floating-point
 * numbers and sums them for the control sum, where Paddock keeps integer minor units end to end
 * (here they become decimal strings once, exactly); and the output must be a fixed function of
 * the batch (the same bytes on every download), with the text in the SEPA character set.
 *
 * One payment information block: one debtor account, one execution date, service level SEPA,
 * charges shared (SLEV), batch booking. Per transfer: EndToEndId, the amount, the creditor's
 * agent (BIC) only when it is known (EPC: optional for SEPA payments with an IBAN), the
 * creditor's name (70 characters), IBAN and unstructured remittance (140 characters).
 */

export const PAIN001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

/** A structured pain.001.001.09 PostalAddress24 (schema order: StrtNm, PstCd, TwnNm, Ctry). */
function postalAddress(address: PayeeAddress) {
  const street = sepaText((address.address ?? '').split(/\r?\n/)[0] ?? '', 70);
  const postCode = sepaText(address.postalCode ?? '', 16);
  const town = sepaText(address.city ?? '', 35);
  return {
    ...(street ? { StrtNm: street } : {}),
    ...(postCode ? { PstCd: postCode } : {}),
    ...(town ? { TwnNm: town } : {}),
    Ctry: address.country!.trim().toUpperCase(),
  };
}

export interface PainTransfer {
  endToEndId: string;
  amountMinor: number;
  name: string;
  iban: string;
  bic: string | null;
  reference: string;
  /** The payee's postal address, given for an account outside the EEA (EPC SCT rulebook). */
  address?: PayeeAddress | null;
}

export interface PainBatch {
  messageId: string;
  /** GrpHdr/CreDtTm: when the batch was made. */
  createdAt: Date;
  initiatingParty: string;
  debtor: { name: string; iban: string; bic: string | null };
  currency: string;
  executionDate: string;
  transfers: readonly PainTransfer[];
}

/** The limits of the fields, as the EPC schema has them. */
export const PAIN_LIMITS = { id: 35, name: 70, remittance: 140 } as const;

/** `2026-11-26T09:15:02` (ISODateTime in UTC without fractions: the guidelines' format). */
const isoSeconds = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

const agent = (bic: string | null) =>
  bic ? { FinInstnId: { BICFI: bic } } : { FinInstnId: { Othr: { Id: 'NOTPROVIDED' } } };

/** The pain.001.001.09 document of a batch, as UTF-8 text. */
export function payoutPain001(batch: PainBatch): string {
  if (!batch.transfers.length) throw new Error('a payout file needs at least one transfer');
  let sum = 0;
  for (const t of batch.transfers) {
    if (!Number.isSafeInteger(t.amountMinor) || t.amountMinor <= 0) throw new Error('a transfer amount is positive');
    sum += t.amountMinor;
  }
  if (!Number.isSafeInteger(sum)) throw new Error('the control sum is out of range');
  const count = String(batch.transfers.length);
  const controlSum = minorToDecimalString(sum);
  const messageId = sepaId(batch.messageId);
  const doc = {
    Document: {
      '@xmlns': PAIN001_NAMESPACE,
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: messageId,
          CreDtTm: isoSeconds(batch.createdAt),
          NbOfTxs: count,
          CtrlSum: controlSum,
          InitgPty: { Nm: sepaText(batch.initiatingParty, PAIN_LIMITS.name) || 'Paddock' },
        },
        PmtInf: {
          PmtInfId: sepaId(`${messageId.slice(0, 31)}-P1`),
          PmtMtd: 'TRF',
          BtchBookg: 'true',
          NbOfTxs: count,
          CtrlSum: controlSum,
          PmtTpInf: { SvcLvl: { Cd: 'SEPA' } },
          ReqdExctnDt: { Dt: batch.executionDate },
          Dbtr: { Nm: sepaText(batch.debtor.name, PAIN_LIMITS.name) || 'Paddock' },
          DbtrAcct: { Id: { IBAN: batch.debtor.iban } },
          DbtrAgt: agent(batch.debtor.bic),
          ChrgBr: 'SLEV',
          CdtTrfTxInf: batch.transfers.map((t) => ({
            PmtId: { EndToEndId: sepaId(t.endToEndId) },
            Amt: { InstdAmt: { '@Ccy': batch.currency, '#': minorToDecimalString(t.amountMinor) } },
            ...(t.bic ? { CdtrAgt: { FinInstnId: { BICFI: t.bic } } } : {}),
            Cdtr: {
              Nm: sepaText(t.name, PAIN_LIMITS.name) || 'NOTPROVIDED',
              ...(t.address?.country ? { PstlAdr: postalAddress(t.address) } : {}),
            },
            CdtrAcct: { Id: { IBAN: t.iban } },
            RmtInf: { Ustrd: sepaText(t.reference, PAIN_LIMITS.remittance) || messageId },
          })),
        },
      },
    },
  };
  return create({ version: '1.0', encoding: 'UTF-8' }, doc).end({ prettyPrint: true, indent: '  ' });
}
