import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { riders } from '../../server/src/db/schema';
import { postEntry } from './ledger-fixtures';
import { auditActions, seedPeopleFixtures } from './people-fixtures';
import { useSeededServer } from './helpers/use-server';

const { server, f, db, call } = useSeededServer(seedPeopleFixtures);

const statusOf = async (rider: number) =>
  (await db().select({ s: riders.employmentStatus }).from(riders).where(eq(riders.id, rider)))[0]!.s;
const add = (username = 'employer', rider = f.rider) =>
  call(username, 'POST', '/api/v1/employer/addEmployee/', { employer: f.employer, rider, date_from: '2025-01-01' });

describe('employment: added by the employer, confirmed by the rider, ended by the employer', () => {
  it('runs the whole way with the rider’s status following, and audits each step', async () => {
    const added = await add();
    expect(added.statusCode).toBe(201);
    const employment = added.json();
    expect(employment).toMatchObject({
      employer: { id: f.employer, name: expect.any(String) },
      rider: { id: f.rider, name: 'Rosa Rider' },
      status: 'pending',
      date_from: '2025-01-01',
      date_to: null,
    });
    const id = employment.employmentId;
    const pending = await call('rider', 'GET', '/api/v1/rider/employmentStatus/');
    expect(pending.json()).toMatchObject({
      status: 'NOT_REGISTERED',
      employment: { employmentId: id, status: 'pending' },
    });

    const confirmed = await call('rider', 'POST', '/api/v1/rider/confirmEmployment/', { employmentId: id });
    expect(confirmed.json().status).toBe('confirmed');
    expect(await statusOf(f.rider)).toBe('EMPLOYED');
    const employees = await call('employer', 'GET', `/api/v1/employer/${f.employer}/employees/`);
    expect(employees.json().results.map((e: { rider: { id: number } }) => e.rider.id)).toEqual([
      f.rider,
      f.employedRider,
    ]);

    const ended = await call('employer', 'POST', '/api/v1/employer/endEmployment/', {
      employmentId: id,
      date_to: '2025-06-30',
    });
    expect(ended.json()).toMatchObject({ status: 'ended', date_to: '2025-06-30' });
    expect(await statusOf(f.rider)).toBe('INDEPENDENT');
    const again = await call('employer', 'POST', '/api/v1/employer/endEmployment/', {
      employmentId: id,
      date_to: '2025-07-30',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'conflict', fields: { employmentId: ['already_ended'] } });

    const history = await call('rider', 'GET', '/api/v1/rider/employmentHistory/');
    expect(history.json().results).toMatchObject([{ employmentId: id, status: 'ended', date_to: '2025-06-30' }]);
    expect(await auditActions(db())).toEqual(['employment.add', 'employment.confirm', 'employment.end']);
  });

  it('lets the rider cancel a pending one, and refuses cancelling or confirming once answered', async () => {
    const id = (await add()).json().employmentId;
    const cancelled = await call('rider', 'POST', '/api/v1/rider/cancelEmployment/', { employmentId: id });
    expect(cancelled.json().status).toBe('cancelled');
    for (const answer of ['confirmEmployment', 'cancelEmployment']) {
      const res = await call('rider', 'POST', `/api/v1/rider/${answer}/`, { employmentId: id });
      expect(res.json()).toMatchObject({ error: 'validation', fields: { employmentId: ['not_pending'] } });
    }
    const second = (await add()).json().employmentId;
    await call('rider', 'POST', '/api/v1/rider/confirmEmployment/', { employmentId: second });
    const late = await call('rider', 'POST', '/api/v1/rider/cancelEmployment/', { employmentId: second });
    expect(late.json()).toMatchObject({ fields: { employmentId: ['not_pending'] } });
    expect(await statusOf(f.rider)).toBe('EMPLOYED');
  });

  it('refuses a second open employment with the same employer and an unknown rider', async () => {
    expect((await add()).statusCode).toBe(201);
    expect((await add()).json()).toMatchObject({ fields: { rider: ['already_employed'] } });
    expect((await add('employer', f.employedRider)).json()).toMatchObject({ fields: { rider: ['already_employed'] } });
    expect((await add('employer', 99999)).json()).toMatchObject({ fields: { rider: ['does_not_exist'] } });
  });

  it("refuses someone else's employment: other riders, other employers, non-employers", async () => {
    const id = (await add()).json().employmentId;
    const someoneElse = await call('multi', 'POST', '/api/v1/rider/confirmEmployment/', { employmentId: id });
    expect(someoneElse.statusCode).toBe(404);
    expect((await call('employed', 'POST', '/api/v1/rider/confirmEmployment/', { employmentId: id })).statusCode).toBe(
      404,
    );
    expect((await call('employer', 'POST', '/api/v1/rider/confirmEmployment/', { employmentId: id })).statusCode).toBe(
      403,
    );
    const ownOnly = await call('employer', 'POST', '/api/v1/employer/endEmployment/', {
      employmentId: id,
      date_to: '2025-02-01',
    });
    expect(ownOnly.json()).toMatchObject({ fields: { employmentId: ['not_allowed'] } });
    expect((await call('rider', 'GET', `/api/v1/employer/${f.employer}/employees/`)).statusCode).toBe(404);
    expect((await add('rider')).statusCode).toBe(403);
    expect((await call('admin', 'GET', `/api/v1/rider/employmentHistory/?rider=${f.rider}`)).statusCode).toBe(200);
    const evaHistory = await call('employer', 'GET', `/api/v1/rider/employmentHistory/?rider=${f.employedRider}`);
    expect(evaHistory.json().results).toMatchObject([{ status: 'confirmed' }]);
    expect((await call('employer', 'GET', `/api/v1/rider/employmentStatus/?rider=${f.otherRider}`)).statusCode).toBe(
      404,
    );
    expect((await call('multi', 'GET', `/api/v1/rider/employmentHistory/?rider=${f.rider}`)).statusCode).toBe(404);
    // The admin adds for any employer; from then on the employer reads that rider's employment.
    expect((await add('admin', f.otherRider)).statusCode).toBe(201);
    const multi = await call('employer', 'GET', `/api/v1/rider/employmentStatus/?rider=${f.otherRider}`);
    expect(multi.json()).toMatchObject({ employment: { status: 'pending', rider: { id: f.otherRider } } });
    const row = (await call('admin', 'GET', `/api/v1/rider/employmentHistory/?rider=${f.rider}`)).json().results[0];
    expect(row.status).toBe('pending');
  });
});

describe("the employer reads its active employee's own entries", () => {
  it('sees the rider’s entries as party while the employment is confirmed, not after it ended', async () => {
    // An entry of Eva's own (posted while she was not EMPLOYED, so she is the party).
    await db().update(riders).set({ employmentStatus: 'INDEPENDENT' }).where(eq(riders.id, f.employedRider));
    const posted = await postEntry(server().app, await server().auth('admin'), {
      venue: f.venue2,
      kind: 'charge',
      party_type: 'rider',
      party_id: f.employedRider,
      description: 'Eva on her own',
      unit_price: 1000,
      source: 'office',
    });
    expect(posted.json()).toMatchObject({ party: { type: 'rider', id: f.employedRider }, beneficiary: null });
    await db().update(riders).set({ employmentStatus: 'EMPLOYED' }).where(eq(riders.id, f.employedRider));
    const list = async () =>
      (await call('employer', 'GET', `/api/v1/transaction/?rider=${f.employedRider}`)).json().count;
    expect(await list()).toBe(1);
    const entry = posted.json().id;
    expect((await call('employer', 'GET', `/api/v1/transaction/${entry}/`)).statusCode).toBe(200);
    const employmentId = (await call('employer', 'GET', `/api/v1/employer/${f.employer}/employees/`)).json().results[0]
      .employmentId;
    await call('employer', 'POST', '/api/v1/employer/endEmployment/', { employmentId, date_to: '2025-01-31' });
    expect(await list()).toBe(0);
    expect((await call('employer', 'GET', `/api/v1/transaction/${entry}/`)).statusCode).toBe(404);
  });
});
