import { createHash } from 'node:crypto';
import { XMLValidator } from 'fast-xml-parser';
import { electronicIban } from '@shared/schemas/owner';
import { child, childrenOf, path, readXml, textAt, textOf, XmlReadError, type XmlElement } from './xml-tree';

/**
 * A bank statement, ISO 20022 camt.053 (BankToCustomerStatement, versions 001.02 to 001.13:
 * the shapes that moved between them — the status as text or `Cd`, a related party's name
 * directly or under `Pty`, a transaction's amount as `Amt` or `AmtDtls/TxAmt/Amt` — are read in
 * both forms). A pure function of the file's bytes (CONVENTIONS 13): what each booked credit
 * says, nothing about Paddock's data.
 *
 * Each booked credit (CdtDbtInd CRDT, status BOOK, not a reversal) becomes a line; a batched
 * entry with several transaction details becomes one line per transaction when each carries
 * its amount. Debits, reversals and entries not booked yet are counted, not read. Some banks
 * omit the transaction details: the entry's own data is used then (DOMAIN.md).
 *
 * fast-xml-parser's XMLValidator checks that the file is well-formed XML; xml-tree.ts reads it
 * (several times faster than a general parser's objects, see there).
 */

export type CamtErrorCode = 'not_xml' | 'not_camt053';

export class CamtError extends Error {
  constructor(readonly code: CamtErrorCode) {
    super(code);
    this.name = 'CamtError';
  }
}

export interface CamtCredit {
  /**
   * The line's key, unique per venue: the bank's reference of the transaction or of the entry
   * (with the account, since a bank's references are per account), else a hash of the credit's
   * fields and its place among identical credits of the statement.
   */
  key: string;
  bookingDate: string | null;
  amountMinor: number;
  currency: string;
  debtorName: string | null;
  debtorIban: string | null;
  /** The structured creditor reference (RmtInf/Strd/CdtrRefInf/Ref), as sent. */
  structuredReference: string | null;
  /** Unstructured remittance, end-to-end id and additional entry information, for matching. */
  text: string;
  /** What the office sees as the reference: the structured one, else the remittance text. */
  reference: string | null;
}

export interface CamtStatement {
  /** 02, 08, … of camt.053.001.NN */
  version: string;
  statementIds: string[];
  accounts: { iban: string | null; currency: string | null }[];
  credits: CamtCredit[];
  /** Currencies of every entry (debits too): a statement in another currency is refused whole. */
  currencies: string[];
  /** Debits, reversals and entries not booked. */
  ignored: number;
}

const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.(\d{2})$/;

/** An amount in minor units: up to two decimals, positive; anything else is not a statement we read. */
function amountOf(element: XmlElement | undefined): { minor: number; currency: string } | null {
  const raw = textOf(element);
  if (!element || !raw) return null;
  // 12.50000: zeros past the cents are fine; other fractions of a cent are not an amount we post.
  const match = /^(\d{1,13})(?:\.(\d{1,2})0*)?$/.exec(raw);
  if (!match) throw new CamtError('not_camt053');
  const minor = Number(match[1]) * 100 + Number(((match[2] ?? '') + '00').slice(0, 2));
  const currency = (element.attributes.Ccy ?? '').trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw new CamtError('not_camt053');
  return { minor, currency };
}

const dateOf = (element: XmlElement | undefined): string | null => {
  const day = textAt(element, 'Dt') ?? textAt(element, 'DtTm')?.slice(0, 10) ?? null;
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
};

/** v02: `<Sts>BOOK</Sts>`; v08: `<Sts><Cd>BOOK</Cd></Sts>`. */
const statusOf = (entry: XmlElement): string | null => textAt(entry, 'Sts') ?? textAt(entry, 'Sts', 'Cd');

const ibanOf = (account: XmlElement | undefined): string | null => {
  const iban = textAt(account, 'Id', 'IBAN');
  return iban ? electronicIban(iban) : null;
};

/** v02: RltdPties/Dbtr/Nm; v04+: RltdPties/Dbtr/Pty/Nm. */
const partyName = (party: XmlElement | undefined): string | null => textAt(party, 'Nm') ?? textAt(party, 'Pty', 'Nm');

const short = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));

const texts = (elements: XmlElement[]) => elements.map(textOf).filter((t): t is string => !!t);

interface Details {
  amount: { minor: number; currency: string } | null;
  debtorName: string | null;
  debtorIban: string | null;
  structured: string | null;
  unstructured: string[];
  endToEnd: string | null;
  bankReference: string | null;
}

function detailsOf(tx: XmlElement): Details {
  const parties = child(tx, 'RltdPties');
  const remittance = child(tx, 'RmtInf');
  const structured = childrenOf(remittance, 'Strd')
    .map((s) => textAt(s, 'CdtrRefInf', 'Ref'))
    .find((r): r is string => !!r);
  const unstructured = [
    ...texts(childrenOf(remittance, 'Ustrd')),
    ...childrenOf(remittance, 'Strd').flatMap((s) => texts(childrenOf(s, 'AddtlRmtInf'))),
    ...texts(childrenOf(tx, 'AddtlTxInf')),
  ];
  const endToEnd = textAt(tx, 'Refs', 'EndToEndId');
  return {
    amount: amountOf(child(tx, 'Amt') ?? path(tx, 'AmtDtls', 'TxAmt', 'Amt') ?? path(tx, 'AmtDtls', 'InstdAmt', 'Amt')),
    debtorName: partyName(child(parties, 'Dbtr')),
    debtorIban: ibanOf(child(parties, 'DbtrAcct')),
    structured: structured ?? null,
    unstructured: [...new Set(unstructured)],
    endToEnd: endToEnd && endToEnd.toUpperCase() !== 'NOTPROVIDED' ? endToEnd : null,
    bankReference: textAt(tx, 'Refs', 'AcctSvcrRef'),
  };
}

const hashOf = (parts: readonly (string | number | null)[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);

/** The namespace's version (02, 08, …) when the root declares camt.053. */
function versionOf(root: XmlElement): string | null {
  for (const [name, value] of Object.entries(root.attributes)) {
    const match = name.startsWith('xmlns') ? NAMESPACE.exec(value.trim()) : null;
    if (match) return match[1]!;
  }
  return null;
}

/** Reads a camt.053 file; throws CamtError('not_xml' | 'not_camt053'). */
export function parseCamt053(bytes: Buffer | string): CamtStatement {
  const xml = (typeof bytes === 'string' ? bytes : bytes.toString('utf8')).replace(/^\uFEFF/, '');
  if (!xml.trimStart().startsWith('<')) throw new CamtError('not_xml');
  // No document type declarations: a bank's statement has none, and entities could expand without bound.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new CamtError('not_camt053');
  if (XMLValidator.validate(xml) !== true) throw new CamtError('not_xml');
  let root: XmlElement;
  try {
    root = readXml(xml);
  } catch (err) {
    if (err instanceof XmlReadError) throw new CamtError('not_xml');
    throw err;
  }
  const version = versionOf(root);
  const report = root.name === 'Document' ? child(root, 'BkToCstmrStmt') : undefined;
  if (!version || Number(version) < 2 || !report) throw new CamtError('not_camt053');
  const statements = childrenOf(report, 'Stmt');
  if (!statements.length) throw new CamtError('not_camt053');

  const result: CamtStatement = {
    version,
    statementIds: [],
    accounts: [],
    credits: [],
    currencies: [],
    ignored: 0,
  };
  const seen = new Map<string, number>();
  for (const stmt of statements) {
    const iban = ibanOf(child(stmt, 'Acct'));
    const accountCurrency = textAt(stmt, 'Acct', 'Ccy')?.toUpperCase() ?? null;
    result.statementIds.push(textAt(stmt, 'Id') ?? '');
    result.accounts.push({ iban, currency: accountCurrency });
    for (const entry of childrenOf(stmt, 'Ntry')) {
      const amount = amountOf(child(entry, 'Amt'));
      if (!amount) throw new CamtError('not_camt053');
      result.currencies.push(amount.currency);
      const credit = textAt(entry, 'CdtDbtInd') === 'CRDT';
      const reversal = textAt(entry, 'RvslInd') === 'true';
      if (!credit || reversal || statusOf(entry) !== 'BOOK' || amount.minor <= 0) {
        result.ignored++;
        continue;
      }
      const bookingDate = dateOf(child(entry, 'BookgDt')) ?? dateOf(child(entry, 'ValDt'));
      const entryRef = textAt(entry, 'AcctSvcrRef') ?? textAt(entry, 'NtryRef');
      const entryInfo = texts(childrenOf(entry, 'AddtlNtryInf'));
      const txs = childrenOf(entry, 'NtryDtls').flatMap((d) => childrenOf(d, 'TxDtls'));
      const details = txs.map(detailsOf);
      // One line per transaction when each says its amount; else the whole entry is one line.
      const split = details.length > 1 && details.every((d) => d.amount !== null);
      const parts: { d: Details; amount: { minor: number; currency: string }; index: number }[] = split
        ? details.map((d, index) => ({ d, amount: d.amount!, index }))
        : [
            {
              d: details.length === 1 ? details[0]! : mergeDetails(details),
              amount,
              index: 0,
            },
          ];
      for (const { d, amount: part, index } of parts) {
        if (part.minor <= 0) continue;
        const structured = d.structured;
        const matchText = [...d.unstructured, d.endToEnd, ...(split ? [] : entryInfo)]
          .filter((t): t is string => !!t)
          .join(' ');
        let key: string;
        if (d.bankReference) key = `${iban ?? ''}|tx|${d.bankReference}`;
        else if (entryRef) key = `${iban ?? ''}|ntry|${entryRef}|${index}`;
        else {
          const base = hashOf([
            iban,
            bookingDate,
            part.minor,
            part.currency,
            d.debtorIban,
            d.debtorName,
            structured,
            matchText,
          ]);
          const n = (seen.get(base) ?? 0) + 1;
          seen.set(base, n);
          key = `${iban ?? ''}|h|${base}|${n}`;
        }
        result.credits.push({
          key: key.slice(0, 300),
          bookingDate,
          amountMinor: part.minor,
          currency: part.currency,
          debtorName: short(d.debtorName, 140),
          debtorIban: short(d.debtorIban, 34),
          structuredReference: short(structured, 35),
          text: matchText.slice(0, 1000),
          reference: short(structured ?? (d.unstructured.join(' ') || d.endToEnd || matchText || null), 500),
        });
      }
    }
  }
  return result;
}

function mergeDetails(details: Details[]): Details {
  return {
    amount: null,
    debtorName: details.find((d) => d.debtorName)?.debtorName ?? null,
    debtorIban: details.find((d) => d.debtorIban)?.debtorIban ?? null,
    structured: details.find((d) => d.structured)?.structured ?? null,
    unstructured: details.flatMap((d) => d.unstructured),
    endToEnd: details.find((d) => d.endToEnd)?.endToEnd ?? null,
    bankReference: null,
  };
}
