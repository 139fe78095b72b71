import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listHorses } from '@/features/rider/api/list-horses';
import { queryClient } from '@/lib/query-client';
import { MissingParamsError } from '@/lib/require-params';
import { json, mockFetch, renderApp, resetStore } from './helpers';
import { adminUser, choose, employment, riderHorse, riderUser, sent } from './people-fixtures';

const PAGE_LOAD = { timeout: 45_000 };
const quidam = riderHorse();
const cornet = riderHorse({
  id: 12,
  name: 'Cornet',
  fei_id: null,
  link: 22,
  owner: { ...quidam.owner, owner_name: '' },
});
const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => String(toast.message));

beforeEach(() => {
  queryClient.clear();
  resetStore({ token: 'token', user: riderUser });
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('rider horses', () => {
  it('lists the horses with FEI id and owner, and unassigns one after the confirm', async () => {
    const fetchMock = mockFetch({
      'GET /api/v1/rider/3/horses/': () => json(200, { results: [quidam, cornet] }),
      'POST /api/v1/rider/3/horses/': () => json(200, { results: [cornet] }),
    });
    renderApp('/rider/horses');
    const row = (await screen.findByText('Quidam Blue', {}, PAGE_LOAD)).closest('tr')!;
    expect(within(row).getByText('105IG70')).toBeTruthy();
    expect(within(row).getByText('Stall Reiter')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Quidam Blue' }));
    expect(sent(fetchMock, 'POST', '/horses/')).toEqual([]);
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Please confirm' })).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() => expect(sent(fetchMock, 'POST', '/rider/3/horses/')).toEqual([{ id: 11, action: 'remove' }]));
    await waitFor(() => expect(screen.queryByText('Quidam Blue')).toBeNull());
  });

  it('refuses an FEI horse id not written like 105IG70, then creates and assigns the horse', async () => {
    const fetchMock = mockFetch({
      'GET /api/v1/rider/3/horses/': () => json(200, { results: [quidam] }),
      'POST /api/v1/rider/3/horses/': () => json(200, { results: [quidam] }),
    });
    const router = renderApp('/rider/horses/add');
    const form = await screen.findByRole('form', { name: 'A new horse' }, PAGE_LOAD);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'Quidam Blue' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'FEI id' }), { target: { value: 'QB-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create and add' }));
    expect(await within(form).findByText('Enter a valid FEI id.')).toBeTruthy();
    expect(sent(fetchMock, 'POST', '/horses/')).toEqual([]);

    fireEvent.change(within(form).getByRole('textbox', { name: 'FEI id' }), { target: { value: '105ig70' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create and add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rider/horses'));
    expect(sent(fetchMock, 'POST', '/rider/3/horses/')).toEqual([
      {
        action: 'add',
        horse: {
          name: 'Quidam Blue',
          fei_id: '105IG70',
          national_id: null,
          birth_year: null,
          sex: null,
          colour: null,
          breed: null,
        },
      },
    ]);
  });

  it('assigns a horse found on record', async () => {
    const fetchMock = mockFetch({
      'GET /api/v1/horse/': (url) =>
        json(
          200,
          url.searchParams.get('search') === 'Corn' ? { count: 1, results: [cornet] } : { count: 0, results: [] },
        ),
      'GET /api/v1/rider/3/horses/': () => json(200, { results: [cornet] }),
      'POST /api/v1/rider/3/horses/': () => json(200, { results: [cornet] }),
    });
    const router = renderApp('/rider/horses/add');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Horse name or FEI id' }, PAGE_LOAD), {
      target: { value: 'Corn' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Cornet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rider/horses'));
    expect(sent(fetchMock, 'POST', '/rider/3/horses/')).toEqual([{ id: 12, action: 'add' }]);
  });

  it('copies the owner data of another horse onto this one', async () => {
    const fetchMock = mockFetch({
      'GET /api/v1/rider/3/horses/12/': () => json(200, cornet),
      'GET /api/v1/rider/3/horses/': () => json(200, { results: [quidam, cornet] }),
      'POST /api/v1/rider/copyHorseOwnerData/': () => json(200, { ...cornet, owner: quidam.owner }),
    });
    renderApp('/rider/horses/view/12');
    expect(await screen.findByText('No owner data yet.', {}, PAGE_LOAD)).toBeTruthy();
    await choose('Copy owner data from', 'Quidam Blue');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(toasts()).toContain('Horse owner data copied successfully.'));
    expect(sent(fetchMock, 'POST', '/copyHorseOwnerData/')).toEqual([{ source: 21, target: 22 }]);
    expect(await screen.findByText('Stall Reiter')).toBeTruthy();
  });

  it('saves the owner data through horseMeta and attaches the server field errors', async () => {
    const fetchMock = mockFetch({
      'GET /api/v1/rider/3/horses/11/': () => json(200, quidam),
      'PATCH /api/v1/rider/horseMeta/': () =>
        json(400, {
          error: 'validation_error',
          message: 'Invalid input',
          fields: { others: { owner_email: ['invalid_email'] } },
        }),
    });
    renderApp('/rider/horses/view/11/21');
    const email = await screen.findByRole('textbox', { name: 'Owner e-mail' }, PAGE_LOAD);
    fireEvent.change(email, { target: { value: 'owner@stall.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(sent(fetchMock, 'PATCH', '/horseMeta/')).toEqual([
      {
        rider: 3,
        horse: 11,
        others: { owner_name: 'Stall Reiter', owner_address: '', owner_vat_id: '', owner_email: 'owner@stall.example' },
      },
    ]);
  });

  it('serves the same horses page to an admin under /riders/:riderId', async () => {
    resetStore({ token: 'token', user: adminUser });
    mockFetch({
      'GET /api/v1/rider/5/horses/': () => json(200, { results: [{ ...quidam, rider: 5 }] }),
      'GET /api/v1/rider/5/': () => json(404, { error: 'not_found', message: 'Not found' }),
    });
    renderApp('/riders/5/horses');
    expect(await screen.findByText('Quidam Blue', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View Quidam Blue' })).toBeTruthy();
  });

  it('refuses to ask for the horses of no rider: Missing params., nothing sent', async () => {
    const fetchMock = mockFetch({});
    expect(() => listHorses(Number.NaN)).toThrow(MissingParamsError);
    expect(() => listHorses(Number.NaN)).toThrow('Missing params.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('rider grooms and employment', () => {
  it('adds a groom and goes back to the list', async () => {
    const fetchMock = mockFetch({
      'GET /api/v1/rider/3/grooms/': () => json(200, { results: [] }),
      'POST /api/v1/rider/3/grooms/': () =>
        json(200, {
          results: [{ id: 8, rider: 3, user: null, first_name: 'Gina', last_name: 'Groom', email: null, phone: null }],
        }),
    });
    const router = renderApp('/rider/grooms/add');
    fireEvent.change(await screen.findByRole('textbox', { name: 'First name' }, PAGE_LOAD), {
      target: { value: 'Gina' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Groom' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rider/grooms'));
    expect(sent(fetchMock, 'POST', '/grooms/')).toEqual([
      { action: 'add', groom: { first_name: 'Gina', last_name: 'Groom', email: null, phone: null } },
    ]);
    expect(await screen.findByText('Gina Groom')).toBeTruthy();
  });

  it("puts the server's errors of a new groom on the fields they belong to", async () => {
    mockFetch({
      'GET /api/v1/rider/3/grooms/': () => json(200, { results: [] }),
      'POST /api/v1/rider/3/grooms/': () =>
        json(400, {
          error: 'validation',
          message: 'Please correct the errors below.',
          fields: { groom: { email: ['email_taken'] } },
        }),
    });
    const router = renderApp('/rider/grooms/add');
    fireEvent.change(await screen.findByRole('textbox', { name: 'First name' }, PAGE_LOAD), {
      target: { value: 'Gina' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: 'gina@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('An account with this e-mail address already exists.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/rider/grooms/add');
  });

  it('offers Confirm and Cancel for a pending employment and confirms it', async () => {
    let state = employment();
    const fetchMock = mockFetch({
      'GET /api/v1/rider/employmentStatus/': () =>
        json(200, { status: state.status === 'pending' ? 'INDEPENDENT' : 'EMPLOYED', employment: state }),
      'GET /api/v1/rider/employmentHistory/': () => json(200, { results: [state] }),
      'POST /api/v1/rider/confirmEmployment/': () => {
        state = employment({ status: 'confirmed', date_from: '2026-11-02' });
        return json(200, state);
      },
    });
    renderApp('/rider/employment');
    expect(await screen.findByText('Employment waiting for your answer', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel employment' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Employed by Stall Berger since 2.11.2026.')).toBeTruthy();
    expect(sent(fetchMock, 'POST', '/confirmEmployment/')).toEqual([{ employmentId: 31 }]);
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel employment' })).toBeNull();
  });

  it('shows no Confirm or Cancel when nothing is pending, and the history with its dates', async () => {
    const ended = employment({ status: 'ended', date_from: '2025-03-01', date_to: '2025-12-31' });
    mockFetch({
      'GET /api/v1/rider/employmentStatus/': () => json(200, { status: 'INDEPENDENT', employment: null }),
      'GET /api/v1/rider/employmentHistory/': () => json(200, { results: [ended] }),
    });
    renderApp('/rider/employment');
    expect(await screen.findByText('Independent', {}, PAGE_LOAD)).toBeTruthy();
    const row = screen.getByText('Stall Berger').closest('tr')!;
    expect(within(row).getByText('Ended')).toBeTruthy();
    expect(within(row).getByText('31.12.2025')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });
});
