import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendees, invites, teamMembers, users } from '../../server/src/db/schema';
import { sha256 } from '../../server/src/security/random-tokens';
import { pull } from './floor-fixtures';
import { useSeededServer } from './helpers/use-server';
import { seedOwnerFixtures } from './owner-fixtures';

const { server, f, call } = useSeededServer(seedOwnerFixtures);

const gus = { venue: 1, role: 'groom', first_name: 'Gus', last_name: 'Groom', email: 'gus@example.test' };
const db = () => server().database.db;

/** The rider invites Gus; answers the member and the token of the mailed link. */
async function invite(owner = 'rider', url = `/api/v1/rider/${f.rider}/teamMembers/`, body: object = gus) {
  const res = await call(owner, 'POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  const mails = await server().mails();
  expect(mails).toHaveLength(1);
  const link = new URL(mails[0]!.links[0]!);
  return { member: res.json(), mail: mails[0]!, link, token: link.searchParams.get('token')! };
}

describe('team member invites', () => {
  it('e-mails a one-time link in the inviter’s language and keeps only its hash', async () => {
    const { member, mail, link, token } = await invite();
    expect(member).toMatchObject({ status: 'invited', venue: 1, role: 'groom', joined_at: null, attendee: null });
    expect(mail.to).toBe('gus@example.test');
    expect(mail.subject).toBe('Paddock: Join the team of Rosa Rider');
    expect(`${link.origin}${link.pathname}`).toBe('http://paddock.test/team-membership-invite/');
    const [row] = await db().select().from(invites);
    expect(row).toMatchObject({ tokenHash: sha256(token), purpose: 'team_member', teamMemberId: member.id });
    expect(row!.tokenHash).not.toContain(token);

    const de = await invite('employer', `/api/v1/employer/${f.employer}/teamMembers/`);
    expect(de.mail.subject).toBe('Paddock: Treten Sie dem Team von Gestüt Arbeitgeber GmbH bei');
  });

  it('tells who invites (public) and lets a signed-in person join, accredited at the welcome desk', async () => {
    const { member, token } = await invite();
    const info = await call(null, 'POST', '/api/v1/invite/check/', { token });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      purpose: 'team_member',
      email: 'gus@example.test',
      venue: 1,
      invited_by: 'Rosa Rider',
      role: 'groom',
      first_name: 'Gus',
      used: false,
      expired: false,
    });

    const desk = await server().auth('welcomedesk');
    const before = (await pull(server().app, desk, 1)).changes().cursor;
    const accepted = await call('simpleuser', 'POST', '/api/v1/invite/accept/', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [joined] = await db().select().from(teamMembers).where(eq(teamMembers.id, member.id));
    const [user] = await db().select().from(users).where(eq(users.username, 'simpleuser'));
    expect(accepted.json()).toEqual({
      purpose: 'team_member',
      venue: 1,
      attendee: joined!.attendeeId,
      team_member: member.id,
    });
    expect(joined).toMatchObject({ status: 'joined', userId: user!.id, joinedAt: expect.any(Date) });

    const changes = (await pull(server().app, desk, 1, before)).changes();
    expect(changes.attendees).toHaveLength(1);
    expect(changes.attendees[0]).toMatchObject({
      id: joined!.attendeeId,
      kind: 'team_member',
      role: 'groom',
      organisation: 'Rosa Rider',
      first_name: 'Gus',
      last_name: 'Groom',
      email: 'gus@example.test',
      user: user!.id,
    });

    const mine = await call('simpleuser', 'GET', '/api/v1/teamMember/mine/');
    expect(mine.json()).toMatchObject({
      count: 1,
      results: [{ id: member.id, owner_name: 'Rosa Rider', status: 'joined' }],
    });
    expect((await call('rider', 'GET', '/api/v1/teamMember/mine/')).json().count).toBe(0);
    expect((await call(null, 'POST', '/api/v1/invite/check/', { token })).json().used).toBe(true);
  });

  it('refuses a second use, an expired link and an unknown token', async () => {
    const { token } = await invite();
    expect((await call('simpleuser', 'POST', '/api/v1/invite/accept/', { token })).statusCode).toBe(200);
    const twice = await call('official', 'POST', '/api/v1/invite/accept/', { token });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('link_used');
    expect(await db().select().from(attendees)).toHaveLength(1);

    const second = await invite();
    await db()
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.tokenHash, sha256(second.token)));
    const expired = await call('official', 'POST', '/api/v1/invite/accept/', { token: second.token });
    expect(expired.json().error).toBe('link_expired');
    expect((await call(null, 'POST', '/api/v1/invite/check/', { token: second.token })).json().expired).toBe(true);
    expect((await call('official', 'POST', '/api/v1/invite/accept/', { token: 'made-up' })).json().error).toBe(
      'link_invalid',
    );
    expect((await call(null, 'POST', '/api/v1/invite/check/', { token: 'made-up' })).json().error).toBe('link_invalid');
    expect((await call('official', 'POST', '/api/v1/invite/accept/', {})).json().error).toBe('link_invalid');
    expect(await db().select().from(attendees)).toHaveLength(1);
  });

  it('sends a new link on resend; the old one stops working', async () => {
    const { member, token } = await invite();
    const res = await call('rider', 'POST', `/api/v1/teamMember/${member.id}/resendInvite/`);
    expect(res.statusCode).toBe(200);
    const [mail] = await server().mails();
    const fresh = new URL(mail!.links[0]!).searchParams.get('token')!;
    expect(fresh).not.toBe(token);
    expect((await call('simpleuser', 'POST', '/api/v1/invite/accept/', { token })).json().error).toBe('link_expired');
    expect((await call('simpleuser', 'POST', '/api/v1/invite/accept/', { token: fresh })).statusCode).toBe(200);
    expect((await call('rider', 'POST', `/api/v1/teamMember/${member.id}/resendInvite/`)).statusCode).toBe(409);
  });

  it('refuses an unknown venue and other people’s members', async () => {
    const bad = await call('rider', 'POST', `/api/v1/rider/${f.rider}/teamMembers/`, { ...gus, venue: 999 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ venue: ['does_not_exist'] });
    expect(await db().select().from(teamMembers)).toEqual([]);
    expect(await server().mails()).toEqual([]);

    const { member } = await invite();
    for (const user of ['official', 'employer', 'simpleuser']) {
      expect((await call(user, 'GET', `/api/v1/teamMember/${member.id}/`)).statusCode).toBe(404);
      expect((await call(user, 'PATCH', `/api/v1/teamMember/${member.id}/`, { first_name: 'X' })).statusCode).toBe(404);
      expect((await call(user, 'GET', `/api/v1/rider/${f.rider}/teamMembers/`)).statusCode).toBe(404);
    }
    const edited = await call('rider', 'PATCH', `/api/v1/teamMember/${member.id}/`, { role: 'trainer' });
    expect(edited.json()).toMatchObject({ role: 'trainer', first_name: 'Gus' });
    expect((await call('admin', 'GET', `/api/v1/rider/${f.rider}/teamMembers/`)).json().count).toBe(1);
  });
});

describe('attendee invites', () => {
  async function attendee(venue = 1) {
    const [row] = await db()
      .insert(attendees)
      .values({ venueId: venue, firstName: 'Ana', lastName: 'Guest', email: 'ana@example.test', kind: 'guest' })
      .returning();
    return row!;
  }

  it("e-mails the attendee a link that ties the accreditation to the person's account", async () => {
    const row = await attendee();
    const res = await call('welcomedesk', 'POST', `/api/v1/attendee/${row.id}/invite/`, {});
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ sent: true });
    const [mail] = await server().mails();
    expect(mail!.to).toBe('ana@example.test');
    const link = new URL(mail!.links[0]!);
    expect(link.pathname).toBe('/attendee-invite/');
    const token = link.searchParams.get('token')!;
    expect((await call(null, 'POST', '/api/v1/invite/check/', { token })).json()).toMatchObject({
      purpose: 'attendee',
      invited_by: 'Paddock Classic',
      first_name: 'Ana',
    });
    const accepted = await call('simpleuser', 'POST', '/api/v1/invite/accept/', { token });
    expect(accepted.json()).toEqual({ purpose: 'attendee', venue: 1, attendee: row.id, team_member: null });
    const [after] = await db().select().from(attendees).where(eq(attendees.id, row.id));
    const [user] = await db().select().from(users).where(eq(users.username, 'simpleuser'));
    expect(after!.userId).toBe(user!.id);
  });

  it('is for the venue’s staff only', async () => {
    const other = await attendee(f.venue2);
    const res = await call('welcomedesk', 'POST', `/api/v1/attendee/${other.id}/invite/`, { email: 'x@example.test' });
    expect(res.statusCode).toBe(403);
    const own = await attendee();
    expect((await call('rider', 'POST', `/api/v1/attendee/${own.id}/invite/`, {})).statusCode).toBe(403);
    expect(
      (await call('admin', 'POST', `/api/v1/attendee/${other.id}/invite/`, { email: 'x@example.test' })).statusCode,
    ).toBe(201);
    expect(await server().mails()).toHaveLength(1);
  });
});
