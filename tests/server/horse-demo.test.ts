import { beforeEach, describe, expect, it } from 'vitest';
import { seedDemoShow } from '../../server/src/demo/demo-show';
import { caller } from './people-fixtures';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();
beforeEach(async () => {
  await seedDemoShow(server().database.db, 'rider');
});

const call = caller(
  () => server().app,
  (u) => server().auth(u),
);

describe('the demo show (people and horses)', () => {
  it("gives the rider's horses owner data, the admin a duplicate to merge and the merchant a fee plan", async () => {
    const me = (await call('rider', 'GET', '/api/auth/user/')).json();
    const horses = (await call('rider', 'GET', `/api/v1/rider/${me.rider_id}/horses/`)).json().results;
    expect(horses.map((h: { name: string }) => h.name)).toEqual(['Cassini Rose', 'Quidam Blue']);
    expect(horses[0].owner.owner_name).not.toBe('');

    const groups = (await call('admin', 'GET', '/api/v1/horse/duplicates/')).json().results;
    expect(groups).toEqual([
      {
        key: 'quidamblue',
        horses: [
          expect.objectContaining({ name: 'Quidam Blue', riders: 1, participations: 1 }),
          expect.objectContaining({ name: 'quidam  blue', riders: 0, participations: 0 }),
        ],
      },
    ]);
    const [kept, duplicate] = groups[0].horses;
    const merged = await call('admin', 'POST', `/api/v1/horse/${duplicate.id}/merge/`, { into: kept.id });
    expect(merged.json()).toMatchObject({ id: kept.id, fei_id: '105IG70', national_id: duplicate.national_id });

    const merchant = (await call('merchant', 'GET', '/api/auth/user/')).json().merchant_id;
    const fees = await call('merchant', 'GET', `/api/v1/merchant/${merchant}/evclFees/`);
    expect(fees.json()).toMatchObject({ plan: { fee_percent_bp: 250, fee_fixed_minor: 30 }, count: 0 });
  });
});
