import { describe, expect, it } from 'vitest';
import { auditActions, countOf, seedPeopleFixtures } from './people-fixtures';
import { useSeededServer } from './helpers/use-server';

const { f, db, call } = useSeededServer(seedPeopleFixtures);

const horsesOf = async (username: string, rider: number) =>
  (await call(username, 'GET', `/api/v1/rider/${rider}/horses/`)).json().results.map((h: { name: string }) => h.name);

describe('GET /api/v1/rider/{id}/horses/', () => {
  it("lists the rider's horses with the owner data of each link", async () => {
    const res = await call('rider', 'GET', `/api/v1/rider/${f.rider}/horses/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      {
        id: f.quidam,
        name: 'Quidam Blue',
        fei_id: '105IG70',
        national_id: null,
        birth_year: null,
        sex: null,
        colour: null,
        breed: null,
        link: f.quidamLink,
        rider: f.rider,
        owner: {
          owner_name: 'Gestüt Lipica',
          owner_address: 'Lipica 5, Sežana',
          owner_vat_id: 'SI12345678',
          owner_email: 'office@lipica.test',
          meta: { stable: 'A1' },
        },
      },
    ]);
    const one = await call('rider', 'GET', `/api/v1/rider/${f.rider}/horses/${f.quidam}/`);
    expect(one.json()).toMatchObject({ id: f.quidam, link: f.quidamLink });
    expect((await call('rider', 'GET', `/api/v1/rider/${f.rider}/horses/${f.cassini}/`)).statusCode).toBe(404);
  });

  it("answers 404 for another rider's horses; admin reads any, the employer its employee's only", async () => {
    expect((await call('rider', 'GET', `/api/v1/rider/${f.employedRider}/horses/`)).statusCode).toBe(404);
    expect((await call('multi', 'GET', `/api/v1/rider/${f.rider}/horses/`)).statusCode).toBe(404);
    expect(await horsesOf('admin', f.rider)).toEqual(['Quidam Blue']);
    expect(await horsesOf('employer', f.employedRider)).toEqual(['Cassini Rose']);
    expect((await call('employer', 'GET', `/api/v1/rider/${f.rider}/horses/`)).statusCode).toBe(404);
  });
});

describe('POST /api/v1/rider/{id}/horses/', () => {
  it('assigns an existing horse, creates and assigns a new one, and unassigns', async () => {
    const added = await call('rider', 'POST', `/api/v1/rider/${f.rider}/horses/`, { id: f.cassini, action: 'add' });
    expect(added.statusCode).toBe(200);
    expect(added.json().results.map((h: { name: string }) => h.name)).toEqual(['Cassini Rose', 'Quidam Blue']);
    // Eva keeps her own link to Cassini Rose.
    expect(await horsesOf('admin', f.employedRider)).toEqual(['Cassini Rose']);

    const created = await call('rider', 'POST', `/api/v1/rider/${f.rider}/horses/`, {
      action: 'add',
      horse: { name: 'Baloubet', fei_id: '104xy12', sex: 'stallion' },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().results).toContainEqual(
      expect.objectContaining({ name: 'Baloubet', fei_id: '104XY12', sex: 'stallion', rider: f.rider }),
    );

    const removed = await call('rider', 'POST', `/api/v1/rider/${f.rider}/horses/`, { id: f.quidam, action: 'remove' });
    expect(removed.json().results.map((h: { name: string }) => h.name)).toEqual(['Baloubet', 'Cassini Rose']);
    expect(await countOf(db(), 'horses')).toBe(3);
    expect(await auditActions(db())).toEqual(['rider.horse.add', 'rider.horse.create', 'rider.horse.remove']);
  });

  it('refuses an unknown horse, an invalid FEI id and a horse the rider does not have', async () => {
    const before = await countOf(db(), 'rider_horses');
    const unknown = await call('rider', 'POST', `/api/v1/rider/${f.rider}/horses/`, { id: 99999, action: 'add' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'validation', fields: { id: ['does_not_exist'] } });
    const bad = await call('rider', 'POST', `/api/v1/rider/${f.rider}/horses/`, {
      action: 'add',
      horse: { name: 'Bad', fei_id: 'ABC' },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().fields)).toContain('invalid_fei_id');
    const notTheirs = await call('rider', 'POST', `/api/v1/rider/${f.rider}/horses/`, {
      id: f.cassini,
      action: 'remove',
    });
    expect(notTheirs.json()).toMatchObject({ fields: { id: ['does_not_exist'] } });
    const twin = await call('rider', 'POST', `/api/v1/rider/${f.rider}/horses/`, {
      action: 'add',
      horse: { name: 'Twin', fei_id: '105IG70' },
    });
    expect(twin.json()).toMatchObject({ fields: { horse: { fei_id: ['duplicate'] } } });
    expect(await countOf(db(), 'rider_horses')).toBe(before);
    expect(await countOf(db(), 'horses')).toBe(2);
  });

  it("changes nothing of another rider's: 404", async () => {
    const res = await call('rider', 'POST', `/api/v1/rider/${f.employedRider}/horses/`, {
      id: f.cassini,
      action: 'remove',
    });
    expect(res.statusCode).toBe(404);
    expect(await horsesOf('admin', f.employedRider)).toEqual(['Cassini Rose']);
    const other = await call('multi', 'POST', `/api/v1/rider/${f.rider}/horses/`, { id: f.cassini, action: 'add' });
    expect(other.statusCode).toBe(404);
    expect(await horsesOf('admin', f.rider)).toEqual(['Quidam Blue']);
  });

  it('requires the terms accepted when the rider acts; not when the employer or an admin does', async () => {
    const self = await call('employed', 'POST', `/api/v1/rider/${f.employedRider}/horses/`, {
      id: f.quidam,
      action: 'add',
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('terms_required');
    expect(await horsesOf('admin', f.employedRider)).toEqual(['Cassini Rose']);
    const byEmployer = await call('employer', 'POST', `/api/v1/rider/${f.employedRider}/horses/`, {
      id: f.quidam,
      action: 'add',
    });
    expect(byEmployer.statusCode).toBe(200);
    const byAdmin = await call('admin', 'POST', `/api/v1/rider/${f.employedRider}/horses/`, {
      id: f.cassini,
      action: 'remove',
    });
    expect(byAdmin.json().results.map((h: { name: string }) => h.name)).toEqual(['Quidam Blue']);
  });
});

describe('PATCH /api/v1/rider/horseMeta/ and POST /api/v1/rider/copyHorseOwnerData/', () => {
  it("sets a link's owner data and meta", async () => {
    const res = await call('rider', 'PATCH', '/api/v1/rider/horseMeta/', {
      rider: f.rider,
      horse: f.quidam,
      others: { owner_name: 'New Owner', owner_email: '', meta: { box: '12' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().owner).toEqual({
      owner_name: 'New Owner',
      owner_address: 'Lipica 5, Sežana',
      owner_vat_id: 'SI12345678',
      owner_email: '',
      meta: { box: '12' },
    });
    const unlinked = await call('rider', 'PATCH', '/api/v1/rider/horseMeta/', {
      rider: f.rider,
      horse: f.cassini,
      others: { owner_name: 'X' },
    });
    expect(unlinked.json()).toMatchObject({ fields: { horse: ['does_not_exist'] } });
    const foreign = await call('rider', 'PATCH', '/api/v1/rider/horseMeta/', {
      rider: f.employedRider,
      horse: f.cassini,
      others: { owner_name: 'Stolen' },
    });
    expect(foreign.statusCode).toBe(404);
    const eva = await call('admin', 'GET', `/api/v1/rider/${f.employedRider}/horses/${f.cassini}/`);
    expect(eva.json().owner.owner_name).toBe('');
  });

  it('copies owner data between links the caller reaches, and only those', async () => {
    const refused = await call('rider', 'POST', '/api/v1/rider/copyHorseOwnerData/', {
      source: f.quidamLink,
      target: f.cassiniLink,
    });
    expect(refused.statusCode).toBe(404);
    const admin = await call('admin', 'POST', '/api/v1/rider/copyHorseOwnerData/', {
      source: f.quidamLink,
      target: f.cassiniLink,
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({
      link: f.cassiniLink,
      owner: { owner_name: 'Gestüt Lipica', owner_vat_id: 'SI12345678', meta: {} },
    });
    expect(await auditActions(db())).toEqual(['rider.horse.copyOwnerData']);
  });
});
