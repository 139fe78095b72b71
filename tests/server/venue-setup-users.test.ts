import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_VENUE } from '../../server/src/demo/demo-data';
import { accounts, auditLog, emailTemplates, riders, users, venues } from '../../server/src/db/schema';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
async function call(username: string, method: Method, url: string, payload?: object) {
  return server().app.inject({ method, url, payload, headers: await server().auth(username) });
}
const admin = (method: Method, url: string, payload?: object) => call('admin', method, url, payload);

async function userId(username: string): Promise<number> {
  const [row] = await server().database.db.select().from(users).where(eq(users.username, username));
  return row!.id;
}
const displayed = (iso: string) => iso.split('-').reverse().map(Number).join('.');

describe('venue users', () => {
  it('lists the staff assigned to the venue', async () => {
    const res = await admin('GET', '/api/v1/venue/1/users/');
    expect(res.json().count).toBe(5);
    expect(
      res
        .json()
        .results.map((u: { username: string }) => u.username)
        .sort(),
    ).toEqual(['organizer', 'signin', 'stable', 'vetcheck', 'welcomedesk'].sort());
    expect(res.json().results).toContainEqual({
      id: await userId('organizer'),
      username: 'organizer',
      first_name: 'Otto',
      last_name: 'Veranstalter',
      email: 'organizer@paddock.demo',
      roles: ['organizer'],
    });
  });

  it('assigns a user with roles; the user then works at the venue', async () => {
    const official = await userId('official');
    const res = await admin('POST', '/api/v1/venue/1/users/', { user: official, roles: ['stable', 'signin'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: official, roles: ['official', 'stable', 'signin'] });
    const me = await call('official', 'GET', '/api/auth/user/');
    expect(me.json()).toMatchObject({ assigned_venue: 1, roles: ['official', 'stable', 'signin'] });
    expect((await call('official', 'GET', '/api/v1/venue/1/')).statusCode).toBe(200);

    expect((await admin('DELETE', `/api/v1/venue/1/users/${official}/`)).statusCode).toBe(204);
    const after = await call('official', 'GET', '/api/auth/user/');
    expect(after.json()).toMatchObject({ assigned_venue: null, roles: ['official'] });
    expect((await admin('DELETE', `/api/v1/venue/1/users/${official}/`)).statusCode).toBe(404);
    const actions = await server().database.db.select().from(auditLog).where(eq(auditLog.targetUserId, official));
    expect(actions.map((a) => [a.action, a.details])).toEqual([
      ['venue.user.assign', { venue: 1, roles: ['stable', 'signin'], moved_from_venue: null }],
      ['venue.user.unassign', { venue: 1, removed_roles: ['stable', 'signin'] }],
    ]);
  });

  it('moves a user assigned elsewhere and says so in the audit log', async () => {
    await server().database.db.insert(venues).values({ name: 'Second show' });
    const stable = await userId('stable');
    const res = await admin('POST', '/api/v1/venue/2/users/', { user: stable, roles: ['stable'] });
    expect(res.json().roles).toEqual(['stable']);
    expect((await call('stable', 'GET', '/api/auth/user/')).json().assigned_venue).toBe(2);
    expect((await admin('GET', '/api/v1/venue/1/users/')).json().count).toBe(4);
    const [audit] = await server().database.db.select().from(auditLog).where(eq(auditLog.action, 'venue.user.assign'));
    expect(audit!.details).toEqual({ venue: 2, roles: ['stable'], moved_from_venue: 1 });
  });

  it('refuses unknown users and roles that are not venue staff roles', async () => {
    expect((await admin('POST', '/api/v1/venue/1/users/', { user: 999, roles: ['stable'] })).json().fields).toEqual({
      user: ['does_not_exist'],
    });
    const rider = await userId('rider');
    expect((await admin('POST', '/api/v1/venue/1/users/', { user: rider, roles: ['admin'] })).json().fields).toEqual({
      roles: { 0: ['invalid'] },
    });
    expect((await admin('POST', '/api/v1/venue/1/users/', { user: rider, roles: [] })).json().fields).toEqual({
      roles: ['required'],
    });
    expect((await admin('GET', '/api/v1/venue/99/users/')).statusCode).toBe(404);
  });
});

describe('e-mail templates', () => {
  const template = {
    venue: 1,
    kind: 'onboarding',
    language: 'en',
    name: 'Welcome',
    subject: 'Welcome to {venue_name}, {first_name}',
    body_html:
      '<p>Dear <b>{first_name} {last_name}</b>,</p><p>{venue_name} runs {venue_dates}.</p><p>Your balance: {balance}</p><p><a href="{login_url}">Sign in</a></p>',
  };

  it('creates, lists, edits and deletes templates', async () => {
    const res = await admin('POST', '/api/v1/emailTemplate/', template);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({ ...template, id: expect.any(Number) });
    expect((await admin('GET', '/api/v1/emailTemplate/?venue=1')).json()).toEqual({ count: 1, results: [created] });
    const edited = await admin('PATCH', `/api/v1/emailTemplate/${created.id}/`, { name: 'Hello', language: 'de' });
    expect(edited.json()).toEqual({ ...created, name: 'Hello', language: 'de' });
    expect((await admin('GET', `/api/v1/emailTemplate/${created.id}/`)).json()).toEqual(edited.json());
    expect(
      (await admin('POST', '/api/v1/emailTemplate/', { venue: 9, name: 'x', subject: 'y' })).json().fields,
    ).toEqual({
      venue: ['does_not_exist'],
    });
    expect((await admin('DELETE', `/api/v1/emailTemplate/${created.id}/`)).statusCode).toBe(204);
    expect((await admin('GET', '/api/v1/emailTemplate/')).json().count).toBe(0);
  });

  it('sends a test to the signed-in user with the placeholders filled, values escaped', async () => {
    const id = (await admin('POST', '/api/v1/emailTemplate/', template)).json().id;
    const db = server().database.db;
    await db.update(users).set({ lastName: '<Admin & Co>' }).where(eq(users.username, 'admin'));
    await server().mails();

    const res = await admin('POST', `/api/v1/emailTemplate/${id}/send/`, { venue: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'A test e-mail was sent to admin@paddock.demo.' });
    const mails = await server().mails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('admin@paddock.demo');
    expect(mails[0]!.subject).toBe('Welcome to Paddock Classic, Ada');
    expect(mails[0]!.text).toContain('Dear Ada <Admin & Co>,');
    expect(mails[0]!.text).toContain(
      `Paddock Classic runs ${displayed(DEMO_VENUE.startDate)} – ${displayed(DEMO_VENUE.endDate)}.`,
    );
    expect(mails[0]!.text).toContain('Your balance: 0.00 €');
    expect(mails[0]!.text).toContain('Sign in (http://paddock.test/login)');
  });

  it('refuses a placeholder it does not know, on saving and on sending', async () => {
    const created = await admin('POST', '/api/v1/emailTemplate/', {
      ...template,
      subject: 'Hi {nickname}',
      body_html: '<p>{first_name} {unknown}</p>',
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().fields).toEqual({ subject: ['unknown_placeholder'], body_html: ['unknown_placeholder'] });
    const id = (await admin('POST', '/api/v1/emailTemplate/', template)).json().id;
    const patched = await admin('PATCH', `/api/v1/emailTemplate/${id}/`, { body_html: '<p>{balanse}</p>' });
    expect(patched.json().fields).toEqual({ body_html: ['unknown_placeholder'] });
    // One stored before the rule: not sent.
    await server()
      .database.db.update(emailTemplates)
      .set({ bodyHtml: '<p>{unknown}</p>' })
      .where(eq(emailTemplates.id, id));
    await server().mails();
    const sent = await admin('POST', `/api/v1/emailTemplate/${id}/send/`, { venue: 1 });
    expect(sent.statusCode).toBe(400);
    expect(sent.json().fields).toEqual({ body_html: ['unknown_placeholder'] });
    expect(await server().mails()).toEqual([]);
  });

  it('fills in the balance of a user with an account at the venue', async () => {
    const id = (await admin('POST', '/api/v1/emailTemplate/', { ...template, subject: 'Balance' })).json().id;
    const db = server().database.db;
    const [profile] = await db
      .select({ id: riders.id })
      .from(riders)
      .innerJoin(users, eq(users.id, riders.userId))
      .where(eq(users.username, 'rider'));
    await db
      .insert(accounts)
      .values({ venueId: 1, kind: 'party', partyType: 'rider', partyId: profile!.id, balanceMinor: -12345 });
    const rider = await userId('rider');
    await db
      .update(users)
      .set({ roles: ['rider', 'admin'] })
      .where(eq(users.id, rider));
    await server().mails();
    expect((await call('rider', 'POST', `/api/v1/emailTemplate/${id}/send/`, { venue: 1 })).statusCode).toBe(200);
    expect((await server().mails())[0]!.text).toContain('Your balance: -123.45 €');
  });

  it('is for admins only', async () => {
    const id = (await admin('POST', '/api/v1/emailTemplate/', template)).json().id;
    expect((await call('organizer', 'POST', `/api/v1/emailTemplate/${id}/send/`, { venue: 1 })).statusCode).toBe(403);
    expect((await call('organizer', 'GET', '/api/v1/emailTemplate/?venue=1')).statusCode).toBe(403);
    expect((await admin('POST', `/api/v1/emailTemplate/${id}/send/`, { venue: 99 })).json().fields).toEqual({
      venue: ['does_not_exist'],
    });
    expect(await server().mails()).toEqual([]);
  });
});
