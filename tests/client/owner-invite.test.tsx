import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InviteInfo } from '@shared/schemas/owner';
import { json, renderApp } from './helpers';
import { bodies, calls, rider, server, SLOW, startAs } from './owner-fixtures';

const info: InviteInfo = {
  purpose: 'team_member',
  email: 'new@example.com',
  venue: 1,
  venue_name: 'Paddock Classic 2026',
  invited_by: 'Rita Reiter',
  role: 'trainer',
  first_name: 'Nina',
  last_name: 'Neu',
  used: false,
  expired: false,
};
const URL_PATH = '/team-membership-invite/?token=tok-1';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the public invite pages', () => {
  it('signed out: who invites to what, then Sign in (back to this link) and Register; nothing is accepted', async () => {
    startAs(null);
    const fetchMock = server({ 'POST /api/v1/invite/check/': () => json(200, info) });
    renderApp(URL_PATH);
    expect(
      await screen.findByText('Rita Reiter invites you to their team at Paddock Classic 2026 as Trainer.', {}, SLOW),
    ).toBeTruthy();
    expect(screen.getByText('Invitation for Nina Neu (new@example.com)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/login?next=${encodeURIComponent(URL_PATH)}`,
    );
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/registration');
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    expect(bodies(fetchMock, 'POST', '/api/v1/invite/check/')).toEqual([{ token: 'tok-1' }]);
    expect(calls(fetchMock, 'POST', '/api/v1/invite/accept/')).toHaveLength(0);
  });

  it('signed in: Join accepts the invitation and links to the dashboard', async () => {
    startAs(rider);
    const fetchMock = server({
      'POST /api/v1/invite/check/': () => json(200, info),
      'POST /api/v1/invite/accept/': () => json(200, { purpose: 'team_member', venue: 1, attendee: 9, team_member: 4 }),
    });
    renderApp(URL_PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Join' }, SLOW));
    expect(await screen.findByText('You have joined.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/');
    expect(bodies(fetchMock, 'POST', '/api/v1/invite/accept/')).toEqual([{ token: 'tok-1' }]);
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('a used attendee link gets the translated error and no way to join', async () => {
    startAs(rider);
    server({
      'POST /api/v1/invite/check/': () =>
        json(200, { ...info, purpose: 'attendee', invited_by: 'Paddock Classic 2026', role: null, used: true }),
    });
    renderApp('/attendee-invite/?token=tok-2');
    expect(await screen.findByText('This link has already been used.', {}, SLOW)).toBeTruthy();
    expect(
      screen.getByText('Paddock Classic 2026 invites you to create an account for Paddock Classic 2026.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it('an invalid token gets the server\u2019s translated error', async () => {
    startAs(null);
    const fetchMock = server({
      'POST /api/v1/invite/check/': () => json(404, { error: 'link_invalid', message: 'This link is invalid.' }),
    });
    renderApp('/team-membership-invite/?token=nope');
    expect(await screen.findByText('This link is invalid.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/v1/invite/check/')).toHaveLength(1));
  });

  it('without a token: "This link is invalid." and no request', async () => {
    startAs(null);
    const fetchMock = server({});
    renderApp('/team-membership-invite/');
    expect(await screen.findByText('This link is invalid.', {}, SLOW)).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/api/v1/invite/check/')).toHaveLength(0);
  });
});
