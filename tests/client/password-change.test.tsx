import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { useAppStore } from '@/lib/store';
import { demoVenue, json, makeUser, mockFetch, renderApp, resetStore } from './helpers';

const rider = makeUser({ id: 4, username: 'rider', roles: ['rider'], first_name: 'Rosa', last_name: 'Rider' });

const common = {
  'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
  'GET /api/v1/config/': () => json(200, { version: 'test', environment: 'production', impersonation_enabled: false }),
  'GET /api/v1/venue/': () => json(200, { count: 1, results: [demoVenue] }),
  'GET /api/auth/user/': () => json(200, rider),
};

describe('changing one’s own password', () => {
  beforeEach(() => {
    queryClient.clear();
    resetStore({ token: 'old-token', user: rider });
  });
  afterEach(cleanup);

  it('is a click from the header; a wrong current password is said on its field; then the new token replaces the old', async () => {
    let answer = json(400, {
      error: 'validation',
      message: 'Invalid input.',
      fields: { current_password: ['password_incorrect'] },
    });
    const fetchMock = mockFetch({ ...common, 'POST /api/auth/password/': () => answer });
    renderApp('/rider/overview');
    fireEvent.click(await screen.findByRole('link', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Change password' })).toBeTruthy();

    const fill = (current: string) => {
      fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: current } });
      fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'a-new-Secret-42' } });
      fireEvent.change(screen.getByLabelText(/^Repeat the new password/), { target: { value: 'a-new-Secret-42' } });
      fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    };
    fill('not-it');
    expect(await screen.findByText('The current password is not right.')).toBeTruthy();
    expect(useAppStore.getState().token).toBe('old-token');

    answer = json(200, { token: 'new-token' });
    fill('paddock-demo');
    expect(await screen.findByText('Your password was changed. Your other devices are signed out.')).toBeTruthy();
    await waitFor(() => expect(useAppStore.getState().token).toBe('new-token'));
    const sent = fetchMock.mock.calls
      .filter(([url]) => String(url).includes('/api/auth/password/'))
      .map(([, init]) => JSON.parse(String(init!.body)) as unknown);
    expect(sent.at(-1)).toEqual({
      current_password: 'paddock-demo',
      password: 'a-new-Secret-42',
      password2: 'a-new-Secret-42',
    });
  });

  it('is not offered to an admin acting as someone', async () => {
    const acting = { ...rider, impersonator: { id: 1, username: 'admin' } };
    resetStore({ token: 't', user: acting });
    mockFetch({
      ...common,
      'GET /api/v1/config/': () => json(200, { version: 'test', environment: 'test', impersonation_enabled: true }),
      'GET /api/auth/user/': () => json(200, acting),
    });
    renderApp('/rider/overview');
    expect(await screen.findByText('Impersonating Rosa Rider', {}, { timeout: 45_000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Change password' })).toBeNull();
  });
});
