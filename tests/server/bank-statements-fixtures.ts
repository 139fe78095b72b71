/**
 * camt.053 statements for the tests, written as banks write them: version 001.08 (status as
 * `<Sts><Cd>BOOK</Cd></Sts>`, related parties under `Pty`, the transaction's own `Amt`) or 001.02
 * (status as text, names directly under the party, `AmtDtls/TxAmt/Amt`).
 */

export interface CamtEntry {
  /** Minor units. */
  amount: number;
  currency?: string;
  credit?: boolean;
  status?: 'BOOK' | 'PDNG';
  reversal?: boolean;
  /** Entry-level AcctSvcrRef; left out: the line is keyed by a hash of its fields. */
  bankRef?: string;
  /** RmtInf/Strd/CdtrRefInf/Ref. */
  structured?: string;
  /** RmtInf/Ustrd. */
  text?: string;
  debtorName?: string;
  debtorIban?: string;
  bookingDate?: string;
  /** Left out: no transaction details at all (some banks), the entry's additional info carries `text`. */
  noDetails?: boolean;
}

export interface CamtOptions {
  version?: '02' | '08';
  statementId?: string;
  iban?: string;
  currency?: string;
  entries: CamtEntry[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const decimal = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

function entryXml(e: CamtEntry, version: '02' | '08', currency: string): string {
  const ccy = e.currency ?? currency;
  const amt = `<Amt Ccy="${ccy}">${decimal(e.amount)}</Amt>`;
  const status = version === '02' ? `<Sts>${e.status ?? 'BOOK'}</Sts>` : `<Sts><Cd>${e.status ?? 'BOOK'}</Cd></Sts>`;
  const date = e.bookingDate ?? '2026-11-20';
  const remittance = [
    e.text ? `<Ustrd>${esc(e.text)}</Ustrd>` : '',
    e.structured
      ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${esc(e.structured)}</Ref></CdtrRefInf></Strd>`
      : '',
  ].join('');
  const debtor = e.debtorName
    ? version === '02'
      ? `<Dbtr><Nm>${esc(e.debtorName)}</Nm></Dbtr>`
      : `<Dbtr><Pty><Nm>${esc(e.debtorName)}</Nm></Pty></Dbtr>`
    : '';
  const debtorAccount = e.debtorIban ? `<DbtrAcct><Id><IBAN>${e.debtorIban}</IBAN></Id></DbtrAcct>` : '';
  const txAmount = version === '02' ? `<AmtDtls><TxAmt>${amt}</TxAmt></AmtDtls>` : amt;
  const details = e.noDetails
    ? ''
    : `<NtryDtls><TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>${txAmount}<RltdPties>${debtor}${debtorAccount}</RltdPties>${
        remittance ? `<RmtInf>${remittance}</RmtInf>` : ''
      }</TxDtls></NtryDtls>`;
  return `<Ntry>${amt}<CdtDbtInd>${e.credit === false ? 'DBIT' : 'CRDT'}</CdtDbtInd>${
    e.reversal ? '<RvslInd>true</RvslInd>' : ''
  }${status}<BookgDt><Dt>${date}</Dt></BookgDt><ValDt><Dt>${date}</Dt></ValDt>${
    e.bankRef ? `<AcctSvcrRef>${esc(e.bankRef)}</AcctSvcrRef>` : ''
  }<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>${details}${
    e.noDetails && e.text ? `<AddtlNtryInf>${esc(e.text)}</AddtlNtryInf>` : ''
  }</Ntry>`;
}

/** A camt.053 document of one statement. */
export function camt053({
  version = '08',
  statementId = 'STMT-1',
  iban = 'SI56191000000123438',
  currency = 'EUR',
  entries,
}: CamtOptions): string {
  const credits = entries.filter((e) => e.credit !== false).reduce((s, e) => s + e.amount, 0);
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<BkToCstmrStmt>
<GrpHdr><MsgId>MSG-${esc(statementId)}</MsgId><CreDtTm>2026-11-21T06:00:00</CreDtTm></GrpHdr>
<Stmt>
<Id>${esc(statementId)}</Id>
<ElctrncSeqNb>1</ElctrncSeqNb>
<CreDtTm>2026-11-21T06:00:00</CreDtTm>
<Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>${currency}</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="${currency}">0.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-20</Dt></Dt></Bal>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="${currency}">${decimal(credits)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-20</Dt></Dt></Bal>
${entries.map((e) => entryXml(e, version, currency)).join('\n')}
</Stmt>
</BkToCstmrStmt>
</Document>
`;
}

/** A multipart/form-data body with one file under `file`. */
export function multipart(content: string | Buffer, fileName = 'statement.xml', type = 'application/xml') {
  const boundary = `----paddock${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
