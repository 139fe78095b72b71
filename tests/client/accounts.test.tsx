import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserSummary } from '@shared/schemas/user';
import { queryClient } from '@/lib/query-client';
import { demoVenue, json, makeUser, mockFetch, renderApp, resetStore } from './helpers';

const admin = makeUser({ id: 1, username: 'admin', roles: ['admin'], first_name: 'Ada', last_name: 'Admin' });

describe("the admin's accounts", () => {
  beforeEach(() => {
    queryClient.clear();
    resetStore({ token: 'admin-token', user: admin });
  });
  afterEach(cleanup);

  it('deactivates an account after confirming and reactivates it, the status following the server', async () => {
    let stable: UserSummary = {
      id: 9,
      username: 'stable',
      email: 'stable@paddock.demo',
      first_name: 'Stefan',
      last_name: 'Stall',
      roles: ['stable'],
      is_active: true,
    };
    const fetchMock = mockFetch({
      'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
      'GET /api/v1/config/': () =>
        json(200, { version: 'test', environment: 'production', impersonation_enabled: false }),
      'GET /api/v1/venue/': () => json(200, { count: 1, results: [demoVenue] }),
      'GET /api/auth/user/': () => json(200, admin),
      'GET /api/v1/user/search/': () => json(200, { count: 1, results: [stable] }),
      // the answer is what the server made of it
      'PATCH /api/v1/user/9/active/': () => json(200, stable),
    });

    renderApp('/venues');
    // Impersonation is off (production): the accounts card is there all the same.
    fireEvent.change(await screen.findByLabelText('Find an account'), { target: { value: 'sta' } });
    const row = (await screen.findByText('Stefan Stall')).closest('tr')!;
    expect(within(row).getByText('Active')).toBeTruthy();

    stable = { ...stable, is_active: false };
    fireEvent.click(within(row).getByRole('button', { name: 'Deactivate Stefan Stall' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Stefan Stall is deactivated: every session has ended.')).toBeTruthy();
    const sent = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PATCH')
      .map(([, init]) => JSON.parse(String(init!.body)) as unknown);
    expect(sent).toEqual([{ is_active: false }]);
    await waitFor(() => expect(screen.getByText('Deactivated')).toBeTruthy());

    stable = { ...stable, is_active: true };
    fireEvent.click(screen.getByRole('button', { name: 'Reactivate Stefan Stall' }));
    expect(await screen.findByText('Stefan Stall can sign in again.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Active')).toBeTruthy());
  });
});
