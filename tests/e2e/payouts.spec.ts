import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { PASSWORD, submitLogin, t, violationsOf } from './support';

/*
 * Money out and in by bank: the demo organizer pays the saddlery's takings with a
 * SEPA file and matches a bank statement against an invoice. It runs in the `closing` project,
 * after the other browser tests (payouts and payments post to the demo show's ledger), beside
 * invoices.spec.ts: it invoices a rider of its own, never Rosa Rider, whose invoice that test reads.
 */
const de = (key: string, vars?: Record<string, string | number>) => t('de', key, vars);
/** The server may be busy with invoices.spec.ts's invoice run (PDFs) meanwhile: answers get more time. */
const slow = expect.configure({ timeout: 180_000 });

const VENUE_IBAN = 'SI56191000000123438';

interface Participation {
  id: number;
  rider: { id: number; name: string };
  payer: { type: string };
}

/** An open invoice of a demo rider that no other test reads: a charge of our own, invoiced now. */
async function invoiceToPay(request: APIRequestContext) {
  const auth = await request.post('/api/token/auth/', { data: { username: 'organizer', password: PASSWORD } });
  const headers = { authorization: `Bearer ${((await auth.json()) as { token: string }).token}` };
  const list = await request.get('/api/v1/venueParticipation/?venue=1&page_size=1000', { headers });
  const { results } = (await list.json()) as { results: Participation[] };
  const participation = results.find(
    (p) => p.payer.type === 'rider' && !['Rosa Rider', 'Morgan Multi'].includes(p.rider.name),
  );
  expect(participation, 'a demo rider who pays for themself').toBeTruthy();
  const posted = await request.post('/api/v1/transaction/', {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: {
      venue: 1,
      kind: 'charge',
      party_type: 'rider',
      party_id: participation!.rider.id,
      category: 'other',
      description: 'Late entry (bank statement test)',
      unit_price: 4_321,
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const entry = (await posted.json()) as { id: number };
  // Invoiced now, or by the closing run of invoices.spec.ts if it came first.
  await request.get(`/api/v1/venue/1/generateInvoice/?venueParticipationID=${participation!.id}`, { headers });
  const billed = (await (await request.get(`/api/v1/transaction/${entry.id}/`, { headers })).json()) as {
    invoice: number | null;
  };
  expect(billed.invoice).not.toBeNull();
  const invoice = (await (await request.get(`/api/v1/invoice/${billed.invoice}/`, { headers })).json()) as {
    number: string;
    gross: number;
    payment_reference: string;
  };
  return invoice;
}

/** A bank's camt.053 with one credit: the invoice's RF reference and its whole amount. */
function statement(id: string, invoice: { gross: number; payment_reference: string }): string {
  const amount = `${Math.floor(invoice.gross / 100)}.${String(invoice.gross % 100).padStart(2, '0')}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${id}</MsgId><CreDtTm>2026-11-21T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${id}</Id>
      <Acct><Id><IBAN>${VENUE_IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Ntry>
        <Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-11-20</Dt></BookgDt><AcctSvcrRef>${id}-1</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs><Amt Ccy="EUR">${amount}</Amt>
          <RltdPties><Dbtr><Pty><Nm>Demo Rider</Nm></Pty></Dbtr></RltdPties>
          <RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${invoice.payment_reference}</Ref></CdtrRefInf></Strd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

test('the organizer pays the saddlery with a SEPA file and matches a bank statement to an invoice', async ({
  page,
  request,
}) => {
  test.setTimeout(900_000);
  const invoice = await invoiceToPay(request);

  await submitLogin(page, 'organizer');
  await slow(page).toHaveURL(/\/organizer\/list$/);
  await page.getByRole('link', { name: de('routes:organizerPayouts'), exact: true }).click();
  await expect(page).toHaveURL(/\/organizer\/payouts$/);
  await expect(page.getByRole('heading', { level: 1, name: de('routes:organizerPayouts') })).toBeVisible();

  // What the show owes: the saddlery's takings, payable to its account.
  const saddlery = page.getByRole('listitem', { name: 'Selleria Mercante' });
  await slow(saddlery).toBeVisible();
  await expect(saddlery.getByText(de('payouts:payeeStatus.ok'))).toBeVisible();
  await saddlery.getByRole('checkbox', { name: de('payouts:due.choose', { name: 'Selleria Mercante' }) }).check();
  await page.getByRole('button', { name: de('payouts:generate.button', { count: 1 }) }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: de('shell:confirm.confirm') })
    .click();
  await slow(page.getByText(de('payouts:generate.done', { count: 1 }))).toBeVisible();
  // Paid: the saddlery is no longer owed anything.
  await slow(page.getByRole('listitem', { name: 'Selleria Mercante' })).toHaveCount(0);

  // The file: download it and read it back.
  const download = page.waitForEvent('download');
  await page
    .getByRole('button', { name: /PDK-/ })
    .filter({ hasText: de('payouts:batches.download') })
    .first()
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^pain001-PDK-.+\.xml$/);
  const xml = readFileSync((await file.path())!, 'utf8');
  expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
  expect(xml).toContain('<NbOfTxs>1</NbOfTxs>');
  expect(xml).toContain('<Nm>Selleria Mercante</Nm>');
  expect(xml).toContain(`<IBAN>${VENUE_IBAN}</IBAN>`);
  await expect(page.getByText(de('payouts:batchStatus.generated')).first()).toBeVisible();

  // The bank statement: from the dashboard's menu again.
  await page.goto('/organizer/list');
  await page.getByRole('link', { name: de('routes:organizerBankStatements'), exact: true }).click();
  await expect(page).toHaveURL(/\/organizer\/bankStatements$/);
  const id = `E2E-${Date.now()}`;
  const camt = { name: 'camt053.xml', mimeType: 'application/xml', buffer: Buffer.from(statement(id, invoice)) };
  await page.locator('input[type="file"]').setInputFiles(camt);
  await slow(page.getByText(de('payouts:upload.imported', { id }))).toBeVisible();
  await expect(page.getByText(de('payouts:upload.matched', { count: 1 }))).toBeVisible();
  await expect(page.getByText(de('payouts:upload.unmatched', { count: 0 }))).toBeVisible();

  // Matched to the invoice.
  await page
    .getByRole('radiogroup', { name: de('payouts:review.views') })
    .getByText(de('payouts:review.view.matched'), { exact: true })
    .click();
  await expect(page.getByRole('heading', { name: de('payouts:review.title.matched') })).toBeVisible();
  await expect(page.getByText(de('payouts:review.invoice', { number: invoice.number }))).toBeVisible();

  // The same statement again: taken once.
  await page.locator('input[type="file"]').setInputFiles(camt);
  await slow(page.getByText(de('payouts:upload.alreadyImported', { id }))).toBeVisible();
  await expect(page.getByText(de('payouts:upload.nothingPosted'))).toBeVisible();
});

test('the payouts and bank-statement pages have no WCAG A/AA violations and fit a phone', async ({ page }) => {
  test.setTimeout(720_000);
  await submitLogin(page, 'organizer');
  await slow(page).toHaveURL(/\/organizer\/list$/);
  for (const [path, heading] of [
    ['/organizer/payouts', de('routes:organizerPayouts')],
    ['/organizer/bankStatements', de('routes:organizerBankStatements')],
  ] as const) {
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto(path);
      await slow(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await violationsOf(page)).toEqual([]);
      const overflows = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflows, `${path} at ${width} px`).toBe(false);
    }
  }
});
