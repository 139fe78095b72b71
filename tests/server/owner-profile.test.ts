import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_ADDRESS, DEMO_TERMS } from '../../server/src/demo/demo-data';
import { OWNER_TYPES, type OwnerType } from '@shared/schemas/owner';
import { riders, users } from '../../server/src/db/schema';
import { useSeededServer } from './helpers/use-server';
import { endEmployment, OWNER_USERS, seedOwnerFixtures } from './owner-fixtures';

const { server, f, call } = useSeededServer(seedOwnerFixtures);

/** A minimal valid input of each kind (company kinds need a company name). */
const INPUT: Record<OwnerType, Record<string, unknown>> = {
  rider: { first_name: 'Other', last_name: 'Rider' },
  employer: { first_name: 'Other', last_name: 'Boss', company_name: 'Other Stables' },
  official: { first_name: 'Other', last_name: 'Judge' },
  simpleuser: { first_name: 'Other', last_name: 'User' },
  merchant: { first_name: 'Other', last_name: 'Seller', company_name: 'Other Shop' },
};

describe('profiles per kind', () => {
  it.each(OWNER_TYPES)('a %s reads and changes only their own profile', async (kind) => {
    const owner = OWNER_USERS[kind];
    const own = await call(owner, 'GET', `/api/v1/${kind}/${f.own[kind]}/`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ id: f.own[kind], user: expect.any(Number) });

    const changed = await call(owner, 'PATCH', `/api/v1/${kind}/${f.own[kind]}/`, { phone: '+386 1 234' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().phone).toBe('+386 1 234');

    const other = await call('admin', 'POST', `/api/v1/${kind}/`, INPUT[kind]);
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json()).toMatchObject({ user: null, first_name: 'Other' });
    const otherId = other.json().id as number;
    expect((await call(owner, 'GET', `/api/v1/${kind}/${otherId}/`)).statusCode).toBe(404);
    const refused = await call(owner, 'PATCH', `/api/v1/${kind}/${otherId}/`, { phone: 'hacked' });
    expect(refused.statusCode).toBe(404);
    expect((await call('admin', 'GET', `/api/v1/${kind}/${otherId}/`)).json().phone).toBeNull();

    // someone of another kind cannot reach this one's profile either
    const stranger = kind === 'simpleuser' ? 'official' : 'simpleuser';
    expect((await call(stranger, 'GET', `/api/v1/${kind}/${f.own[kind]}/`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/v1/${kind}/${f.own[kind]}/`)).statusCode).toBe(401);
  });

  it('lets an admin read and change every kind', async () => {
    for (const kind of OWNER_TYPES) {
      const res = await call('admin', 'PATCH', `/api/v1/${kind}/${f.own[kind]}/`, { city: 'Lipica' });
      expect(res.statusCode, `${kind} ${res.body}`).toBe(200);
      expect((await call('admin', 'GET', `/api/v1/${kind}/${f.own[kind]}/`)).json().city).toBe('Lipica');
    }
  });

  it("lets an employer reach a confirmed employee's profile, not other riders', and not after it ended", async () => {
    const url = `/api/v1/rider/${f.employedRider}/`;
    expect((await call('employer', 'GET', url)).statusCode).toBe(200);
    expect((await call('employer', 'PATCH', url, { city: 'Bled' })).json().city).toBe('Bled');
    expect((await call('employer', 'GET', `/api/v1/rider/${f.rider}/`)).statusCode).toBe(404);
    await endEmployment(server().database.db, f);
    expect((await call('employer', 'GET', url)).statusCode).toBe(404);
    expect((await call('employer', 'PATCH', url, { city: 'Piran' })).statusCode).toBe(404);
  });

  it('keeps the user name in step with the profile', async () => {
    const res = await call('rider', 'PATCH', `/api/v1/rider/${f.rider}/`, { first_name: 'Rosalind' });
    expect(res.json()).toMatchObject({ first_name: 'Rosalind', last_name: 'Rider' });
    const [user] = await server().database.db.select().from(users).where(eq(users.username, 'rider'));
    expect(user).toMatchObject({ firstName: 'Rosalind', lastName: 'Rider' });
  });

  it('refuses admin-only fields from anyone but an admin', async () => {
    const tax = await call('rider', 'PATCH', `/api/v1/rider/${f.rider}/`, { tax_override: 'SKIP', city: 'X' });
    expect(tax.statusCode).toBe(400);
    expect(tax.json().fields).toEqual({ tax_override: ['not_allowed'] });
    const ref = await call('employer', 'PATCH', `/api/v1/rider/${f.employedRider}/`, { bookkeeping_ref_id: 7 });
    expect(ref.json().fields).toEqual({ bookkeeping_ref_id: ['not_allowed'] });
    const fee = await call('merchant', 'PATCH', `/api/v1/merchant/${f.merchant}/`, { fee_percent_bp: 0 });
    expect(fee.json().fields).toEqual({ fee_percent_bp: ['not_allowed'] });
    const [rider] = await server().database.db.select().from(riders).where(eq(riders.id, f.rider));
    // Nothing of the refused patch is written: the demo address's city stays.
    expect(rider).toMatchObject({ taxOverride: 'NO_OVERRIDE', city: DEMO_ADDRESS.city });

    const admin = await call('admin', 'PATCH', `/api/v1/merchant/${f.merchant}/`, { fee_percent_bp: 100 });
    expect(admin.json()).toMatchObject({ fee_percent_bp: 100, fee_fixed_minor: 30 });
    expect((await call('admin', 'PATCH', `/api/v1/rider/${f.rider}/`, { tax_override: 'SKIP' })).json()).toMatchObject({
      tax_override: 'SKIP',
    });
  });

  it('validates input: FEI id, country, a duplicate FEI id', async () => {
    const bad = await call('rider', 'PATCH', `/api/v1/rider/${f.rider}/`, { fei_id: 'AB12', country: 'Slovenia' });
    expect(bad.json().fields).toEqual({ fei_id: ['invalid_fei_id'], country: ['invalid_country'] });
    expect((await call('rider', 'PATCH', `/api/v1/rider/${f.rider}/`, { fei_id: '10012345' })).statusCode).toBe(200);
    const dup = await call('admin', 'POST', '/api/v1/rider/', { ...INPUT.rider, fei_id: '10012345' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().fields).toEqual({ fei_id: ['duplicate'] });
  });

  it('lets only admins add profiles', async () => {
    for (const username of ['rider', 'employer', 'organizer']) {
      expect((await call(username, 'POST', '/api/v1/official/', INPUT.official)).statusCode).toBe(403);
    }
    const missing = await call('admin', 'POST', '/api/v1/employer/', { first_name: 'A' });
    expect(missing.json().fields).toMatchObject({ company_name: ['required'], last_name: ['required'] });
  });
});

describe('POST /api/v1/employer/register/', () => {
  it('makes the signed-in user an employer with a profile of their own, once', async () => {
    const res = await call('simpleuser', 'POST', '/api/v1/employer/register/', INPUT.employer);
    expect(res.statusCode, res.body).toBe(201);
    const [user] = await server().database.db.select().from(users).where(eq(users.username, 'simpleuser'));
    expect(res.json()).toMatchObject({ user: user!.id, company_name: 'Other Stables' });
    expect(user!.roles).toEqual(['simpleuser', 'employer']);
    expect((await call('simpleuser', 'GET', `/api/v1/employer/${res.json().id}/`)).statusCode).toBe(200);

    const again = await call('simpleuser', 'POST', '/api/v1/employer/register/', INPUT.employer);
    expect(again.statusCode).toBe(409);
    expect((await call('employer', 'POST', '/api/v1/employer/register/', INPUT.employer)).statusCode).toBe(409);
  });
});

describe('accepting terms', () => {
  it('only the rider accepts for themself: not an admin, not the employer', async () => {
    const url = `/api/v1/rider/${f.employedRider}/`;
    expect((await call('admin', 'GET', url)).json().terms_accepted).toBe(false);
    for (const username of ['admin', 'employer']) {
      const res = await call(username, 'PATCH', '/api/v1/rider/acceptTC/', { version: DEMO_TERMS.version });
      expect(res.statusCode).toBe(403);
    }
    expect((await call('admin', 'GET', url)).json().terms_accepted).toBe(false);
    const own = await call(f.employedRiderUser, 'PATCH', '/api/v1/rider/acceptTC/', { version: DEMO_TERMS.version });
    expect(own.statusCode).toBe(200);
    expect((await call('admin', 'GET', url)).json().terms_accepted).toBe(true);
  });
});
