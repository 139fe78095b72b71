import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { floorDb } from '@/offline/db';
import { changes } from './offline-fakes';
import { stableUser } from './floor-fixtures';
import { demoVenue, json, makeUser, mockFetch, renderApp, resetStore } from './helpers';

/* A floor user's sign-in starts the venue's first pull at once, not once the dashboard is up. */

const ndjson = (lines: unknown[]) =>
  new Response(lines.map((line) => `${JSON.stringify(line)}\n`).join(''), {
    status: 200,
    headers: { 'content-type': 'application/x-ndjson; charset=utf-8' },
  });

function snapshot(cursor: number) {
  const { protocol, venue } = changes({ cursor });
  return ndjson([
    { protocol, venue, cursor, reset: true },
    { end: true, cursor },
  ]);
}

function signIn(user: ReturnType<typeof makeUser>) {
  const fetchMock = mockFetch({
    'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
    'POST /api/token/auth/': () => json(200, { token: 'jwt-1' }),
    'GET /api/auth/user/': () => json(200, user),
    'GET /api/v1/venue/1/floor/changes/': () => snapshot(5),
    'GET /api/v1/venue/1/': () => json(200, demoVenue),
  });
  renderApp('/login');
  return fetchMock;
}

async function submit(username: string) {
  fireEvent.change(await screen.findByLabelText(/Username or e-mail/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'paddock-demo' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

const pulls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/floor/changes/'));

beforeEach(async () => {
  resetStore();
  queryClient.clear();
  await floorDb.delete({ disableAutoOpen: false });
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a floor sign-in', () => {
  it("asks for the venue's snapshot at once, once, and stores it", async () => {
    const fetchMock = signIn({ ...stableUser, language: 'en' });
    await submit('stable');
    await waitFor(async () => expect((await floorDb.sync.get(1))?.cursor).toBe(5), { timeout: 45_000 });
    // One snapshot: the dashboard's own pull followed it with the stored cursor.
    expect(pulls(fetchMock).filter((url) => url.endsWith('?cursor=0'))).toHaveLength(1);
    expect(pulls(fetchMock)[0]).toBe('/api/v1/venue/1/floor/changes/?cursor=0');
  });

  it('pulls nothing for a user without a floor dashboard', async () => {
    const organizer = makeUser({ id: 2, roles: ['organizer'], assigned_venue: 1, rider_id: null, language: 'en' });
    const fetchMock = signIn(organizer);
    await submit('organizer');
    await screen.findByRole('heading', { level: 1, name: /Show office|Meldestelle/ }, { timeout: 45_000 });
    expect(pulls(fetchMock)).toEqual([]);
  });
});
