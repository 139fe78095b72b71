import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AttendeeInvite } from '@/features/floor/components/attendee-invite';
import type { LocalAttendee } from '@/offline/db';
import { json, mockFetch, renderWithMantine, resetStore } from './helpers';
import { bodies, calls, toasts } from './owner-fixtures';

const guest: LocalAttendee = {
  id: 12,
  venue: 1,
  key: '6f1c7a7e-8d0e-4c6b-9a55-0c2b8f0e1a11',
  first_name: 'Gustav',
  last_name: 'Gast',
  email: 'gustav@example.com',
  phone: null,
  kind: 'guest',
  role: null,
  organisation: null,
  badge: null,
  user: null,
  created_at: '2026-12-03T08:00:00Z',
};

const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);

beforeEach(() => {
  resetStore({ token: 'token' });
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('attendee invite at the welcome desk', () => {
  it('sends the invitation to the e-mail given', async () => {
    setOnline(true);
    const fetchMock = mockFetch({ 'POST /api/v1/attendee/12/invite/': () => json(201, { sent: true }) });
    renderWithMantine(<AttendeeInvite attendee={guest} />);
    fireEvent.click(screen.getByRole('button', { name: 'Invite Gustav Gast to an account' }));
    const email = await screen.findByLabelText(/E-mail/);
    expect((email as HTMLInputElement).value).toBe('gustav@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(toasts()).toContain('The invitation was sent to gustav@example.com.'));
    expect(bodies(fetchMock, 'POST', '/api/v1/attendee/12/invite/')).toEqual([{ email: 'gustav@example.com' }]);
  });

  it('is disabled with the reason while offline, and for a row the server does not have yet', () => {
    setOnline(false);
    const fetchMock = mockFetch({});
    const { unmount } = renderWithMantine(<AttendeeInvite attendee={guest} />);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Invite Gustav Gast to an account' });
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Invitations need a connection.')).toBeTruthy();
    unmount();

    setOnline(true);
    renderWithMantine(<AttendeeInvite attendee={{ ...guest, id: '2b7d4e1a-local' }} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Invite Gustav/ }).disabled).toBe(true);
    expect(screen.getByText('Not on the server yet.')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/api/v1/attendee/12/invite/')).toHaveLength(0);
  });
});
