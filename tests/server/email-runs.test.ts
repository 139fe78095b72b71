import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/client';
import { DEMO_VENUE } from '../../server/src/demo/demo-data';
import { rowsOf } from '../../server/src/db/rows';
import {
  attendeeCheckins,
  attendees,
  officialParticipations,
  officials,
  riders,
  users,
  venueParticipations,
} from '../../server/src/db/schema';
import type { EmailRunPreview } from '../../src/shared/schemas/email-runs';
import type { JobRun } from '../../src/shared/schemas/jobs';
import { parseEml } from './helpers/mail';
import { useSmtpPeer } from './helpers/smtp';
import { useSeededServer } from './helpers/use-server';
import { charge, seedInvoiceFixtures, waitForRun, type InvoiceFixtures } from './invoice-fixtures';

/*
 * E-mail runs to a venue's people through a real SMTP peer: who is reached by
 * each audience and filter, one message per address, placeholders filled per recipient, the
 * built-in onboarding text in each one's language with a working set-password link, refusals
 * that send nothing, a refused address listed and reached again by `retry_of`, admins only.
 */

const peer = useSmtpPeer(28000);
/** What the peer received, read like the server's written mails. */
const mails = () => peer.received.map((m) => ({ ...parseEml(m.raw), envelope: m.to.join(',') }));

interface Fixtures extends InvoiceFixtures {
  /** A rider enrolled at venue 1 whose login has no password yet (Polish). */
  newbie: number;
  /** An official working at venue 1, login without a password (Italian). */
  newOfficial: number;
  /** A rider enrolled without a login (profile address only). */
  noLogin: number;
}

/** Invoice fixtures plus people without passwords, a rider without a login, a duplicate address, attendees. */
async function seed(db: Db): Promise<Fixtures> {
  const f = await seedInvoiceFixtures(db);
  const [newbieUser, newOfficialUser] = await db
    .insert(users)
    .values([
      { username: 'newbie', email: 'newbie@paddock.demo', firstName: 'Nina', lastName: 'Nowak', language: 'pl' },
      {
        username: 'newofficial',
        email: 'newofficial@paddock.demo',
        firstName: 'Ugo',
        lastName: 'Nuovo',
        language: 'it',
      },
    ])
    .returning();
  const [newbie, noLogin, duplicate] = await db
    .insert(riders)
    .values([
      { userId: newbieUser!.id, firstName: 'Nina', lastName: 'Nowak', email: 'newbie@paddock.demo' },
      { firstName: 'Lena', lastName: 'Loginlos', email: 'lena@paddock.demo' },
      // The demo rider's address once more (other case): still one message.
      { firstName: 'Rosa', lastName: 'Rider', email: 'RIDER@Paddock.demo' },
    ])
    .returning();
  await db
    .insert(venueParticipations)
    .values(
      [newbie!, noLogin!, duplicate!].map((r) => ({ venueId: 1, riderId: r.id, payerType: 'rider', payerId: r.id })),
    );
  const [newOfficial] = await db
    .insert(officials)
    .values({ userId: newOfficialUser!.id, firstName: 'Ugo', lastName: 'Nuovo', email: 'newofficial@paddock.demo' })
    .returning();
  // (The ledger fixtures already have Odile judging at venue 1.)
  await db
    .insert(officialParticipations)
    .values([
      { venueId: 1, officialId: f.official, function: 'judge' },
      { venueId: 1, officialId: f.official, function: 'steward' },
      { venueId: 1, officialId: newOfficial!.id, function: 'judge' },
    ])
    .onConflictDoNothing();
  const people = await db
    .insert(attendees)
    .values([
      { venueId: 1, firstName: 'Gina', lastName: 'Guest', email: 'gina@example.org', kind: 'guest' },
      { venueId: 1, firstName: 'Gregor', lastName: 'Guest', email: 'GINA@example.org', kind: 'guest' },
      { venueId: 1, firstName: 'Sam', lastName: 'Spectator', email: 'sam@example.org', kind: 'spectator' },
      { venueId: 1, firstName: 'Pia', lastName: 'Press', email: 'pia@example.org', kind: 'press' },
      { venueId: 1, firstName: 'Noel', lastName: 'Nomail', kind: 'guest' },
      { venueId: f.venue2, firstName: 'Otto', lastName: 'Elsewhere', email: 'otto@example.org', kind: 'guest' },
    ])
    .returning();
  const id = (first: string) => people.find((p) => p.firstName === first)!.id;
  await db.insert(attendeeCheckins).values([
    { venueId: 1, attendeeId: id('Gina'), action: 'in', occurredAt: new Date(Date.now() - 60_000) },
    { venueId: 1, attendeeId: id('Pia'), action: 'in', occurredAt: new Date(Date.now() - 120_000) },
    { venueId: 1, attendeeId: id('Pia'), action: 'out', occurredAt: new Date(Date.now() - 60_000) },
  ]);
  return { ...f, newbie: newbie!.id, newOfficial: newOfficial!.id, noLogin: noLogin!.id };
}

const { server, f, db, call } = useSeededServer(seed, { SMTP_URL: peer.url });

const admin = (method: 'GET' | 'POST', url: string, body?: object) => call('admin', method, url, body);
const preview = async (body: object) => {
  const res = await admin('POST', '/api/v1/venue/1/emailRun/preview/', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EmailRunPreview>();
};
const previewed = async (body: object) => (await preview(body)).recipients.map((r) => r.email);
async function run(body: object): Promise<JobRun> {
  const res = await admin('POST', '/api/v1/venue/1/emailRun/', body);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json<JobRun>()).toMatchObject({ kind: 'emails', venue: 1 });
  return waitForRun(server().app, await server().auth('admin'), res.json<JobRun>().id);
}
const mailTo = (address: string) => mails().filter((m) => m.envelope === address);
const runCount = async () =>
  Number(rowsOf<{ n: number }>(await db().execute(sql`SELECT count(*)::int AS n FROM job_runs`))[0]!.n);
const displayed = (iso: string) => iso.split('-').reverse().map(Number).join('.');
const dates = `${displayed(DEMO_VENUE.startDate)} – ${displayed(DEMO_VENUE.endDate)}`;

const template = {
  venue: 1,
  kind: 'custom',
  language: 'en',
  name: 'Reminder',
  subject: '{venue_name}: your balance, {first_name}',
  body_html:
    '<p>Dear {first_name} {last_name},</p><p>{venue_name} runs {venue_dates}.</p><p>Balance: {balance}</p><p><a href="{login_url}">Sign in</a></p>',
};
const createTemplate = async (body: object = template) => {
  const res = await admin('POST', '/api/v1/emailTemplate/', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
};

describe('e-mail runs: recipients', () => {
  it('onboarding reaches logins without a password by default, everyone with an address when asked, each address once', async () => {
    const first = await preview({ audience: 'onboarding' });
    expect(first.count).toBe(2);
    expect(first.recipients).toEqual([
      { name: 'Nina Nowak', email: 'newbie@paddock.demo', language: 'pl' },
      { name: 'Ugo Nuovo', email: 'newofficial@paddock.demo', language: 'it' },
    ]);
    const everyone = await previewed({ audience: 'onboarding', filters: { without_password: false } });
    // Riders (the demo rider once, though two profiles carry the address), the employer who pays
    // for the employed rider, the officials; by last name.
    expect(everyone).toEqual([
      'employer@paddock.demo',
      'employed@paddock.demo',
      'lena@paddock.demo',
      'newbie@paddock.demo',
      'newofficial@paddock.demo',
      'official@paddock.demo',
      'rider@paddock.demo',
    ]);
    expect((await preview({ audience: 'onboarding', filters: { without_password: false } })).count).toBe(7);
  });

  it('participants narrowed by event, payer type and open balance; officials once each', async () => {
    await charge(server().app, await server().auth('organizer'), {
      party_type: 'rider',
      party_id: f.rider,
      consumable: f.box,
    });
    expect(await previewed({ audience: 'participants', template: await createTemplate() })).toEqual([
      'employed@paddock.demo',
      'lena@paddock.demo',
      'newbie@paddock.demo',
      'rider@paddock.demo',
    ]);
    const msg = { subject: 'Hi {first_name}', body_html: '<p>Hello</p>' };
    expect(await previewed({ audience: 'participants', ...msg, filters: { vec: f.vec } })).toEqual([
      'rider@paddock.demo',
    ]);
    expect(await previewed({ audience: 'participants', ...msg, filters: { payer_type: 'employer' } })).toEqual([
      'employed@paddock.demo',
    ]);
    expect(await previewed({ audience: 'participants', ...msg, filters: { open_balance: true } })).toEqual([
      'rider@paddock.demo',
    ]);
    expect(await previewed({ audience: 'participants', ...msg, filters: { vec: f.vec2 } })).toEqual([]);
    expect(await previewed({ audience: 'officials', ...msg })).toEqual([
      'newofficial@paddock.demo',
      'official@paddock.demo',
    ]);
  });

  it("attendees with an address, by kind and by whether they are checked in now; the venue's own only", async () => {
    const msg = { subject: 'Welcome', body_html: '<p>Hello {first_name}</p>' };
    const all = await preview({ audience: 'attendees', ...msg });
    expect(all.count).toBe(3);
    expect(all.recipients.map((r) => r.email)).toEqual(['gina@example.org', 'pia@example.org', 'sam@example.org']);
    expect(await previewed({ audience: 'attendees', ...msg, filters: { kind: 'guest' } })).toEqual([
      'gina@example.org',
    ]);
    expect(await previewed({ audience: 'attendees', ...msg, filters: { checked_in: true } })).toEqual([
      'gina@example.org',
    ]);
    // Gregor shares Gina's address but is not checked in: he is reached at it.
    expect(await previewed({ audience: 'attendees', ...msg, filters: { checked_in: false } })).toEqual([
      'GINA@example.org',
      'pia@example.org',
      'sam@example.org',
    ]);
    expect(
      await previewed({ audience: 'attendees', ...msg, filters: { kind: 'spectator', checked_in: false } }),
    ).toEqual(['sam@example.org']);
    // A text written for the run has no language of its own: the recipient's, else the default.
    expect(all.message).toEqual({ to: 'gina@example.org', language: 'de', subject: 'Welcome', text: 'Hello Gina' });
  });
});

describe('e-mail runs: sending', () => {
  it('sends every recipient exactly one message with its own placeholders filled', async () => {
    await charge(server().app, await server().auth('organizer'), {
      party_type: 'rider',
      party_id: f.rider,
      consumable: f.box,
    });
    const id = await createTemplate();
    peer.received.length = 0;
    const done = await run({ audience: 'participants', template: id });
    expect(done).toMatchObject({ status: 'done', total: 4, done: 4, failed: 0, failures: [] });
    expect(
      mails()
        .map((m) => m.envelope)
        .sort(),
    ).toEqual(['employed@paddock.demo', 'lena@paddock.demo', 'newbie@paddock.demo', 'rider@paddock.demo'].sort());
    const rider = mailTo('rider@paddock.demo')[0]!;
    expect(rider.subject).toBe('Paddock Classic: your balance, Rosa');
    expect(rider.text).toContain('Dear Rosa Rider,');
    expect(rider.text).toContain(`Paddock Classic runs ${dates}.`);
    expect(rider.text).toContain('Balance: -150.00 €');
    expect(rider.text).toContain('Sign in (http://paddock.test/rider/authRedirect)');
    const employed = mailTo('employed@paddock.demo')[0]!;
    expect(employed.subject).toBe('Paddock Classic: your balance, Eva');
    expect(employed.text).toContain('Dear Eva Employed,');
    expect(employed.text).toContain('Balance: 0.00 €');
    // Without a login: the way to register; without a password: the way to choose one.
    expect(mailTo('lena@paddock.demo')[0]!.text).toContain('Sign in (http://paddock.test/registration)');
    expect(mailTo('newbie@paddock.demo')[0]!.text).toMatch(
      /Sign in \(http:\/\/paddock\.test\/passwordReset\?uid=\S+&token=\S+\)/,
    );
    const items = rowsOf<{ key: string; status: string }>(
      await db().execute(sql`SELECT key, status FROM job_run_items WHERE run_id = ${done.id} ORDER BY key`),
    );
    expect(items).toEqual(
      ['employed@paddock.demo', 'lena@paddock.demo', 'newbie@paddock.demo', 'rider@paddock.demo'].map((key) => ({
        key,
        status: 'done',
      })),
    );
  });

  it("sends the built-in onboarding text in each one's language, with a set-password link that works", async () => {
    peer.received.length = 0;
    const done = await run({ audience: 'onboarding' });
    expect(done).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
    expect(mails()).toHaveLength(2);
    const polish = mailTo('newbie@paddock.demo')[0]!;
    expect(polish.subject).toBe('Witamy na zawodach Paddock Classic');
    expect(polish.text).toContain('Dzień dobry Nina Nowak,');
    expect(polish.text).toContain(`jesteś zgłoszony(-a) na zawody Paddock Classic (${dates})`);
    const italian = mailTo('newofficial@paddock.demo')[0]!;
    expect(italian.subject).toBe('Benvenuto a Paddock Classic');
    expect(italian.text).toContain('Buongiorno Ugo Nuovo,');
    const link = new URL(polish.links.find((l) => l.includes('/passwordReset'))!);
    const check = await call(null, 'POST', '/api/v1/user/hasUsablePassword/', {
      uid: link.searchParams.get('uid'),
      token: link.searchParams.get('token'),
    });
    expect(check.json()).toEqual({ valid: true, has_usable_password: false });
  });

  it('the onboarding e-mail to oneself: built in, or the chosen template filled with one’s own values', async () => {
    peer.received.length = 0;
    const res = await admin('POST', '/api/v1/venue/1/sendOnboardingEmailToSelf/', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ detail: 'The onboarding e-mail was sent to admin@paddock.demo.' });
    expect(mails()).toHaveLength(1);
    expect(mails()[0]!.envelope).toBe('admin@paddock.demo');
    expect(mails()[0]!.subject).toBe('Welcome to Paddock Classic');
    expect(mails()[0]!.text).toContain('Hello Ada Admin,');
    expect(mails()[0]!.text).toContain('http://paddock.test/login');
    const id = await createTemplate({ ...template, kind: 'onboarding' });
    await admin('POST', '/api/v1/venue/1/sendOnboardingEmailToSelf/', { template: id });
    expect(mails()).toHaveLength(2);
    expect(mails()[1]!.subject).toBe('Paddock Classic: your balance, Ada');
    expect(mails()[1]!.text).toContain('Dear Ada Admin,');
    expect(await runCount()).toBe(0);
  });

  it('lists a refused address among the failures and reaches it, alone, with retry_of', async () => {
    const msg = { subject: 'Programme for {first_name}', body_html: '<p>See you at {venue_name}.</p>' };
    peer.received.length = 0;
    peer.failFor('sam@example.org');
    const first = await run({ audience: 'attendees', ...msg });
    peer.failFor(null);
    expect(first).toMatchObject({ status: 'done', total: 3, done: 2, failed: 1 });
    expect(first.failures).toEqual([{ key: 'sam@example.org', error: expect.stringContaining('mailbox unavailable') }]);
    expect(
      mails()
        .map((m) => m.envelope)
        .sort(),
    ).toEqual(['gina@example.org', 'pia@example.org']);

    const retry = await run({ retry_of: first.id });
    expect(retry).toMatchObject({ status: 'done', total: 1, done: 1, failed: 0 });
    expect(mails()).toHaveLength(3);
    expect(mails()[2]!.envelope).toBe('sam@example.org');
    expect(mails()[2]!.subject).toBe('Programme for Sam');
    expect(mails()[2]!.text.trim()).toBe('See you at Paddock Classic.');
    // Nothing failed in the retry: nothing to send again.
    const again = await admin('POST', '/api/v1/venue/1/emailRun/', { retry_of: retry.id });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toEqual({ retry_of: ['no_recipients'] });
  });
});

describe('e-mail runs: refusals', () => {
  it('refuses bad input with field errors, and sends nothing', async () => {
    const elsewhere = await createTemplate({ ...template, venue: f.venue2 });
    const own = await createTemplate();
    await db().execute(sql`UPDATE email_templates SET body_html = '<p>{nickname}</p>' WHERE id = ${own}`);
    peer.received.length = 0;
    const cases: [object, Record<string, string[]>][] = [
      [
        { audience: 'participants', subject: 'Hi {nickname}', body_html: '<p>x</p>' },
        { subject: ['unknown_placeholder'] },
      ],
      [
        { audience: 'participants', subject: 'Hi', body_html: '<p>{balanse}</p>' },
        { body_html: ['unknown_placeholder'] },
      ],
      [{ audience: 'participants', template: own }, { template: ['unknown_placeholder'] }],
      [{ audience: 'participants', template: elsewhere }, { template: ['does_not_exist'] }],
      [{ audience: 'participants', template: 999999 }, { template: ['does_not_exist'] }],
      [{ audience: 'participants' }, { subject: ['required'], body_html: ['required'] }],
      [{ audience: 'everyone', subject: 'Hi', body_html: '<p>x</p>' }, { audience: ['invalid'] }],
      [{ subject: 'Hi', body_html: '<p>x</p>' }, { audience: ['required'] }],
      [
        { audience: 'attendees', subject: 'Hi', body_html: '<p>x</p>', filters: { kind: 'press', checked_in: true } },
        { __all__: ['no_recipients'] },
      ],
      [{ retry_of: 999999 }, { retry_of: ['does_not_exist'] }],
    ];
    for (const [body, fields] of cases) {
      const res = await admin('POST', '/api/v1/venue/1/emailRun/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields, JSON.stringify(body)).toEqual(fields);
    }
    const self = await admin('POST', '/api/v1/venue/1/sendOnboardingEmailToSelf/', { template: own });
    expect(self.json().fields).toEqual({ template: ['unknown_placeholder'] });
    const previewRefused = await admin('POST', '/api/v1/venue/1/emailRun/preview/', {
      audience: 'officials',
      subject: '{venue}',
      body_html: '<p>x</p>',
    });
    expect(previewRefused.json().fields).toEqual({ subject: ['unknown_placeholder'] });
    expect(await runCount()).toBe(0);
    await server().app.mailer.drain();
    expect(mails()).toEqual([]);
  });

  it('refuses a second run while one is under way (409 job_running)', async () => {
    await db().execute(
      sql`INSERT INTO job_runs (kind, venue_id, status, params) VALUES ('emails', 1, 'running', '{"planned": true, "recipients": []}')`,
    );
    const res = await admin('POST', '/api/v1/venue/1/emailRun/', { audience: 'onboarding' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('job_running');
    await db().execute(sql`UPDATE job_runs SET status = 'cancelled'`);
    expect(mails().filter((m) => m.envelope.startsWith('new'))).toEqual([]);
  });

  it('is for admins only, at a venue that exists', async () => {
    const body = { audience: 'onboarding' };
    for (const username of ['organizer', 'rider', 'welcomedesk']) {
      expect((await call(username, 'POST', '/api/v1/venue/1/emailRun/', body)).statusCode).toBe(403);
      expect((await call(username, 'POST', '/api/v1/venue/1/emailRun/preview/', body)).statusCode).toBe(403);
      expect((await call(username, 'POST', '/api/v1/venue/1/sendOnboardingEmailToSelf/', {})).statusCode).toBe(403);
    }
    expect((await call(null, 'POST', '/api/v1/venue/1/emailRun/', body)).statusCode).toBe(401);
    expect((await admin('POST', '/api/v1/venue/99/emailRun/', body)).statusCode).toBe(404);
    expect((await admin('POST', '/api/v1/venue/99/emailRun/preview/', body)).statusCode).toBe(404);
    expect((await admin('POST', '/api/v1/venue/99/sendOnboardingEmailToSelf/', {})).statusCode).toBe(404);
    expect(await runCount()).toBe(0);
  });
});
