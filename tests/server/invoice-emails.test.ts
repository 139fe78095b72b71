import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/src/db/rows';
import type { InvoicePage } from '../../src/shared/schemas/invoices';
import type { JobRun } from '../../src/shared/schemas/jobs';
import { useSmtpPeer } from './helpers/smtp';
import { useSeededServer } from './helpers/use-server';
import { charge, seedInvoiceFixtures, waitForRun } from './invoice-fixtures';

const peer = useSmtpPeer(26000);
const received = peer.received;

const { server, f, db, call } = useSeededServer(seedInvoiceFixtures, { SMTP_URL: peer.url });

async function invoiceThreeParties() {
  const auth = await server().auth('organizer');
  await charge(server().app, auth, { party_type: 'rider', party_id: f.rider, consumable: f.box });
  await charge(server().app, auth, { party_type: 'rider', party_id: f.employedRider, consumable: f.box });
  // A simple user has no event: the shavings' own tax type applies (a 0 % has no legal ground).
  await charge(server().app, auth, { party_type: 'simpleuser', party_id: f.simpleUser, consumable: f.shavings });
  const started = (await call('organizer', 'POST', '/api/v1/venue/1/generateInvoices/')).json<JobRun>();
  expect((await waitForRun(server().app, auth, started.id)).status).toBe('done');
  return auth;
}

async function emailRun(body: Record<string, unknown>) {
  const res = await call('organizer', 'POST', '/api/v1/venue/1/emailInvoices/', body);
  return res;
}

describe('e-mailing invoices', () => {
  it('sends each invoice once through SMTP with its PDF; a second run sends only what was never sent', async () => {
    const auth = await invoiceThreeParties();
    received.length = 0;
    const start = await emailRun({});
    expect(start.statusCode, start.body).toBe(202);
    const run = await waitForRun(server().app, auth, start.json<JobRun>().id);
    expect(run).toMatchObject({ status: 'done', total: 3, done: 3, failed: 0 });
    expect(received.map((m) => m.to[0]).sort()).toEqual(
      ['employer@paddock.demo', 'rider@paddock.demo', 'simpleuser@paddock.demo'].sort(),
    );
    for (const mail of received) {
      expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=1-0000\d\.pdf/);
      expect(mail.raw).toMatch(/^Subject: /m);
    }
    // The rider's mail is in the rider's language (English), the employer's in German.
    const text = (to: string) => received.find((m) => m.to[0] === to)!.raw.replace(/=\r?\n/g, '');
    expect(text('rider@paddock.demo')).toMatch(/attached is invoice 1-0000\d for Paddock Classic: 150\.00 EUR/);
    expect(text('employer@paddock.demo')).toMatch(/anbei die Rechnung 1-0000\d f=C3=BCr Paddock Classic/);
    const list = (await call('organizer', 'GET', '/api/v1/venue/1/invoices/')).json<InvoicePage>();
    expect(list.results.every((i) => i.status === 'emailed' && i.emailed_at !== null)).toBe(true);

    // Nothing new to send: refused, nothing sent.
    const again = await emailRun({});
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toEqual({ __all__: ['nothing_to_send'] });
    expect(received).toHaveLength(3);

    // Asked to send again: every one once more.
    const resend = await emailRun({ resend: true });
    expect((await waitForRun(server().app, auth, resend.json<JobRun>().id)).done).toBe(3);
    expect(received).toHaveLength(6);
    const [sent] = rowsOf<{ n: number }>(await db().execute(sql`SELECT count(*)::int AS n FROM invoice_emails`));
    expect(Number(sent!.n)).toBe(6);
  });

  it('lists a failed recipient and sends it on a later run once it works', async () => {
    const auth = await invoiceThreeParties();
    received.length = 0;
    peer.failFor('rider@paddock.demo');
    const run = await waitForRun(server().app, auth, (await emailRun({})).json<JobRun>().id);
    expect(run).toMatchObject({ status: 'done', done: 2, failed: 1 });
    expect(run.failures).toHaveLength(1);
    expect(run.messages.map((m) => m.code)).toContain('email_failed');
    expect(received).toHaveLength(2);
    peer.failFor(null);
    const retry = await waitForRun(server().app, auth, (await emailRun({})).json<JobRun>().id);
    expect(retry).toMatchObject({ status: 'done', total: 1, done: 1, failed: 0 });
    expect(received.map((m) => m.to[0])).toContain('rider@paddock.demo');
    expect(received).toHaveLength(3);
  });
});
