import { MantineProvider } from '@mantine/core';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VenueCard } from '@/features/venues/components/venue-card';
import { api } from '@/lib/api-client';
import { ApiError, showError } from '@/lib/api-error';
import { ERROR_REPORT_URL } from '@/lib/report-error';
import { makeUser, resetStore } from './helpers';

/* Offline is normal on the floor: no red "server could not be reached", no error reports. */

const stable = makeUser({ id: 9, username: 'stable', roles: ['stable'], assigned_venue: 1, rider_id: null });
const organizer = makeUser({ id: 10, username: 'admin', roles: ['admin'], assigned_venue: null, rider_id: null });

let fetchMock: ReturnType<typeof vi.fn>;

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

const reports = () => fetchMock.mock.calls.filter(([input]) => String(input) === ERROR_REPORT_URL);

beforeEach(() => {
  fetchMock = vi.fn((input: RequestInfo | URL) =>
    String(input) === ERROR_REPORT_URL
      ? Promise.resolve(new Response(null, { status: 204 }))
      : Promise.reject(new TypeError('Failed to fetch')),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a request that gets no answer', () => {
  it('offline: a quiet failure, no error report, no toast', async () => {
    resetStore({ token: 't', user: organizer });
    setOnline(false);
    const error = await api.get('venue/1/', { noCache: true }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).offline).toBe(true);
    expect(reports()).toEqual([]);
    const { notifications } = await import('@mantine/notifications');
    const show = vi.spyOn(notifications, 'show');
    showError(error);
    expect(show).not.toHaveBeenCalled();
  });

  it('a floor tablet whose wifi works but the server does not answer: quiet too', async () => {
    resetStore({ token: 't', user: stable });
    setOnline(true);
    const error = (await api.get('venue/2/').catch((failure: unknown) => failure)) as ApiError;
    expect(error.offline).toBe(true);
    expect(reports()).toEqual([]);
  });

  it('an office screen online: reported as before', async () => {
    resetStore({ token: 't', user: organizer });
    setOnline(true);
    const error = (await api.get('venue/3/').catch((failure: unknown) => failure)) as ApiError;
    expect(error.offline).toBe(false);
    expect(reports()).toHaveLength(1);
  });
});

describe('a floor dashboard opened offline', () => {
  it('shows the venue card as a quiet note, not a red error, and asks nothing of the server', async () => {
    resetStore({ token: 't', user: stable });
    setOnline(false);
    onlineManager.setOnline(false);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MantineProvider>
        <QueryClientProvider client={client}>
          <VenueCard venueId={1} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(await screen.findByText('Offline: shown again once this device is connected.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('.mantine-Alert-root')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
