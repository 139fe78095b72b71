import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InviteInfo, TeamMember } from '@shared/schemas/owner';
import { json, renderApp } from './helpers';
import { bodies, calls, official, server, SLOW, startAs, toasts } from './owner-fixtures';

const member: TeamMember = {
  id: 51,
  owner_type: 'official',
  owner_id: 4,
  venue: 1,
  venue_name: 'Paddock Classic 2026',
  role: 'staff',
  first_name: 'Gina',
  last_name: 'Gehilfe',
  email: 'gina@example.com',
  phone: null,
  status: 'invited',
  joined_at: null,
  attendee: null,
};
const venues = {
  count: 1,
  results: [
    {
      id: 1,
      name: 'Paddock Classic 2026',
      city: 'Lipica',
      country: 'SI',
      start_date: '2026-12-03',
      end_date: '2026-12-06',
      logo: null,
    },
  ],
};
const info: InviteInfo = {
  purpose: 'team_member',
  email: 'official@paddock.demo',
  venue: 1,
  venue_name: 'Paddock Classic 2026',
  invited_by: 'Rita Reiter',
  role: 'groom',
  first_name: 'Otto',
  last_name: 'Offiziell',
  used: false,
  expired: false,
};

beforeEach(() => startAs(official));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('team members (the official\u2019s accreditation)', () => {
  it('lists them under "Accreditation" with role, show and status, and resends a link', async () => {
    const fetchMock = server({
      'GET /api/v1/official/4/teamMembers/': () => json(200, { count: 1, results: [member] }),
      'POST /api/v1/teamMember/51/resendInvite/': () => json(200, member),
    });
    renderApp('/official/teamMembers');
    expect(await screen.findByRole('heading', { name: 'Accreditation', level: 1 }, SLOW)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Accreditation' });
    const row = within(table).getByText('Gina Gehilfe').closest('tr')!;
    expect(within(row).getByText('Staff')).toBeTruthy();
    expect(within(row).getByText('Paddock Classic 2026')).toBeTruthy();
    expect(within(row).getByText('Invited')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join a team' }).getAttribute('href')).toBe('/official/teamMembers/join');
    fireEvent.click(within(row).getByRole('button', { name: 'Resend the invitation to Gina Gehilfe' }));
    await waitFor(() => expect(toasts()).toContain('A new invitation was sent to gina@example.com.'));
    expect(calls(fetchMock, 'POST', '/api/v1/teamMember/51/resendInvite/')).toHaveLength(1);
  });

  it('invites by e-mail to a public show; a bad e-mail is refused before sending', async () => {
    const fetchMock = server({
      'GET /api/v1/venue/public/': () => json(200, venues),
      'POST /api/v1/official/4/teamMembers/': () => json(201, member),
      'GET /api/v1/official/4/teamMembers/': () => json(200, { count: 1, results: [member] }),
    });
    const router = renderApp('/official/teamMembers/add');
    const [show] = await screen.findAllByLabelText(/^Show/, { selector: 'input' }, SLOW);
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/v1/venue/public/')).toHaveLength(1));
    fireEvent.click(show!);
    fireEvent.click(
      await screen.findByRole('option', { name: 'Paddock Classic 2026 · 3.12.2026 – 6.12.2026', hidden: true }),
    );
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Gina' } });
    fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: 'Gehilfe' } });
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'gina@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/api/v1/official/4/teamMembers/')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'gina@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/official/teamMembers'));
    expect(bodies(fetchMock, 'POST', '/api/v1/official/4/teamMembers/')).toEqual([
      { venue: 1, role: 'groom', first_name: 'Gina', last_name: 'Gehilfe', email: 'gina@example.com', phone: null },
    ]);
    expect(toasts()).toContain('The invitation was sent to gina@example.com.');
  });

  it('joins with a pasted invitation link: check shows who invites, Join accepts the token', async () => {
    const fetchMock = server({
      'GET /api/v1/teamMember/mine/': () => json(200, { count: 0, results: [] }),
      'POST /api/v1/invite/check/': () => json(200, info),
      'POST /api/v1/invite/accept/': () =>
        json(200, { purpose: 'team_member', venue: 1, attendee: 77, team_member: 51 }),
    });
    renderApp('/official/teamMembers/join');
    expect(await screen.findByText('You have not joined a team yet.', {}, SLOW)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Invitation link or code/), {
      target: { value: 'https://paddock.example/team-membership-invite/?token=abc123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(
      await screen.findByText('Rita Reiter invites you to their team at Paddock Classic 2026 as Groom.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(toasts()).toContain('You have joined.'));
    expect(bodies(fetchMock, 'POST', '/api/v1/invite/check/')).toEqual([{ token: 'abc123' }]);
    expect(bodies(fetchMock, 'POST', '/api/v1/invite/accept/')).toEqual([{ token: 'abc123' }]);
  });

  it('an expired link gets the translated error and no Join button', async () => {
    server({
      'GET /api/v1/teamMember/mine/': () => json(200, { count: 0, results: [] }),
      'POST /api/v1/invite/check/': () => json(200, { ...info, expired: true }),
    });
    renderApp('/official/teamMembers/join');
    fireEvent.change(await screen.findByLabelText(/Invitation link or code/, {}, SLOW), {
      target: { value: 'abc123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('This link has expired.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });
});
