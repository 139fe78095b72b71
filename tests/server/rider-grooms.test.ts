import { describe, expect, it } from 'vitest';
import { auditActions, seedPeopleFixtures } from './people-fixtures';
import { useSeededServer } from './helpers/use-server';

const { f, db, call } = useSeededServer(seedPeopleFixtures);

const namesOf = async (rider: number) =>
  (await call('admin', 'GET', `/api/v1/rider/${rider}/grooms/`))
    .json()
    .results.map((g: { first_name: string }) => g.first_name);

describe('grooms of a rider', () => {
  it('lists, adds, edits and removes the rider’s grooms', async () => {
    const list = await call('rider', 'GET', `/api/v1/rider/${f.rider}/grooms/`);
    expect(list.json().results).toEqual([
      { id: f.groom, rider: f.rider, user: null, first_name: 'Gina', last_name: 'Groom', email: null, phone: null },
    ]);
    const added = await call('rider', 'POST', `/api/v1/rider/${f.rider}/grooms/`, {
      action: 'add',
      groom: { first_name: 'Hugo', email: 'hugo@groom.test', phone: '+386 1 234' },
    });
    expect(added.statusCode).toBe(200);
    const hugo = added.json().results.find((g: { first_name: string }) => g.first_name === 'Hugo');
    expect(hugo).toMatchObject({ rider: f.rider, last_name: '', email: 'hugo@groom.test', phone: '+386 1 234' });

    const edited = await call('rider', 'PATCH', `/api/v1/groom/${hugo.id}/`, {
      first_name: 'Hugo',
      last_name: 'Pfleger',
    });
    expect(edited.json()).toMatchObject({ id: hugo.id, last_name: 'Pfleger', email: null });
    expect((await call('rider', 'GET', `/api/v1/groom/${hugo.id}/`)).json().last_name).toBe('Pfleger');

    const removed = await call('rider', 'POST', `/api/v1/rider/${f.rider}/grooms/`, { id: f.groom, action: 'remove' });
    expect(removed.json().results.map((g: { id: number }) => g.id)).toEqual([hugo.id]);
    expect(await auditActions(db())).toEqual(['rider.groom.add', 'rider.groom.update', 'rider.groom.remove']);
  });

  it('refuses bad input: a missing name, an e-mail that is none, a groom of someone else', async () => {
    const bad = await call('rider', 'POST', `/api/v1/rider/${f.rider}/grooms/`, {
      action: 'add',
      groom: { first_name: '', email: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    const hugo = await call('employer', 'POST', `/api/v1/rider/${f.employedRider}/grooms/`, {
      action: 'add',
      groom: { first_name: 'Eve’s groom' },
    });
    const evesGroom = hugo.json().results[0].id;
    const foreign = await call('rider', 'POST', `/api/v1/rider/${f.rider}/grooms/`, {
      id: evesGroom,
      action: 'remove',
    });
    expect(foreign.json()).toMatchObject({ fields: { id: ['does_not_exist'] } });
    expect(await namesOf(f.employedRider)).toEqual(['Eve’s groom']);
    expect(await namesOf(f.rider)).toEqual(['Gina']);
  });

  it("answers 404 for another rider's grooms and changes nothing; admin and employer reach theirs", async () => {
    expect((await call('multi', 'GET', `/api/v1/rider/${f.rider}/grooms/`)).statusCode).toBe(404);
    expect((await call('multi', 'GET', `/api/v1/groom/${f.groom}/`)).statusCode).toBe(404);
    const patch = await call('multi', 'PATCH', `/api/v1/groom/${f.groom}/`, { first_name: 'Stolen' });
    expect(patch.statusCode).toBe(404);
    const remove = await call('employer', 'POST', `/api/v1/rider/${f.rider}/grooms/`, {
      id: f.groom,
      action: 'remove',
    });
    expect(remove.statusCode).toBe(404);
    expect(await namesOf(f.rider)).toEqual(['Gina']);
    const admin = await call('admin', 'PATCH', `/api/v1/groom/${f.groom}/`, { first_name: 'Gina', last_name: 'G.' });
    expect(admin.json().last_name).toBe('G.');
    expect((await call('employer', 'GET', `/api/v1/rider/${f.employedRider}/grooms/`)).statusCode).toBe(200);
  });

  it('needs the rider’s terms when the rider acts', async () => {
    const res = await call('employed', 'POST', `/api/v1/rider/${f.employedRider}/grooms/`, {
      action: 'add',
      groom: { first_name: 'Nobody' },
    });
    expect(res.json().error).toBe('terms_required');
    expect(await namesOf(f.employedRider)).toEqual([]);
  });
});
