import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mergeHorse } from '@/features/people-admin/api/merge-horse';
import { queryClient } from '@/lib/query-client';
import { json, mockFetch, renderApp, resetStore } from './helpers';
import { adminUser, rita, sent } from './people-fixtures';

const PAGE_LOAD = { timeout: 45_000 };
const horse = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  name: 'Quidam Blue',
  fei_id: null,
  national_id: null,
  birth_year: 2014,
  sex: 'gelding',
  colour: 'bay',
  breed: null,
  riders: 1,
  participations: 0,
  ...overrides,
});
const group = { key: 'quidam blue', horses: [horse(11, { fei_id: '105IG70', participations: 3 }), horse(12)] };
const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => String(toast.message));

beforeEach(() => {
  queryClient.clear();
  resetStore({ token: 'token', user: adminUser });
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('admin people areas', () => {
  it('links the people areas from the admin dashboard', async () => {
    mockFetch({ 'GET /api/v1/venue/': () => json(200, { count: 0, results: [] }) });
    renderApp('/venues');
    const card = (await screen.findByRole('heading', { name: 'People' }, PAGE_LOAD)).closest('section')!;
    for (const [name, path] of [
      ['Riders', '/riders'],
      ['Employers', '/employers'],
      ['Officials', '/officials'],
      ['Simple users', '/simpleusers'],
      ['Merchants', '/merchants'],
      ['Duplicate horses', '/duplicates/duplicateHorses'],
    ]) {
      expect(within(card).getByRole('link', { name }).getAttribute('href')).toBe(path);
    }
  });

  it('searches riders and opens a rider', async () => {
    const fetchMock = mockFetch({
      'GET /api/v1/rider/': (url) =>
        json(200, url.searchParams.get('search') === 'Rit' ? { count: 1, results: [rita] } : { count: 0, results: [] }),
    });
    const router = renderApp('/riders');
    expect(await screen.findByText('Nobody found.', {}, PAGE_LOAD)).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Rit' } });
    fireEvent.click(await screen.findByRole('button', { name: 'View Rita Reiter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/riders/3/profile'));
    expect(fetchMock).toHaveBeenCalled();
  });

  it('adds a merchant with the profile form and lands on the new profile; server field errors stay on the form', async () => {
    let attempts = 0;
    const fetchMock = mockFetch({
      'POST /api/v1/merchant/': () =>
        ++attempts === 1
          ? json(400, { error: 'validation_error', message: 'Invalid input', fields: { company_name: ['too_long'] } })
          : json(201, { id: 9 }),
    });
    const router = renderApp('/merchants/add');
    fireEvent.change(await screen.findByRole('textbox', { name: /Company name/ }, PAGE_LOAD), {
      target: { value: 'Hoof & Co' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /First name/ }), { target: { value: 'Mara' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Last name/ }), { target: { value: 'Markt' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Company name/ }).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(router.state.location.pathname).toBe('/merchants/add');

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchants/9/profile'));
    expect(sent(fetchMock, 'POST', '/api/v1/merchant/')[1]).toMatchObject({
      company_name: 'Hoof & Co',
      first_name: 'Mara',
      last_name: 'Markt',
    });
  });

  it('merges the duplicates into the record chosen, after the confirm, and goes back to the list', async () => {
    let groups = [group];
    const fetchMock = mockFetch({
      'GET /api/v1/horse/duplicates/': () => json(200, { results: groups }),
      'POST /api/v1/horse/11/merge/': () => {
        groups = [];
        return json(200, horse(12));
      },
    });
    const router = renderApp('/duplicates/duplicateHorses');
    fireEvent.click(await screen.findByRole('button', { name: 'Merge Quidam Blue' }, PAGE_LOAD));
    await waitFor(() => expect(router.state.location.pathname).toBe('/duplicates/duplicateHorses/edit/11'));

    const merge = await screen.findByRole('button', { name: 'Merge' });
    expect(merge.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Keep Quidam Blue (#12)' }));
    fireEvent.click(merge);
    const dialog = await screen.findByRole('dialog', { name: 'Merge horses' });
    expect(sent(fetchMock, 'POST', '/merge/')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/duplicates/duplicateHorses'));
    const merges = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([input, init]) => ({
        path: new URL(String(input), 'http://localhost').pathname,
        body: JSON.parse(String(init!.body)) as unknown,
      }));
    expect(merges).toEqual([{ path: '/api/v1/horse/11/merge/', body: { into: 12 } }]);
    expect(toasts()).toContain('Horses merged.');
    expect(await screen.findByText('No duplicate horses found.')).toBeTruthy();
  });

  it('sends nothing when the merge is not confirmed, or without the ids', async () => {
    const fetchMock = mockFetch({ 'GET /api/v1/horse/duplicates/': () => json(200, { results: [group] }) });
    renderApp('/duplicates/duplicateHorses/edit/12');
    fireEvent.click(await screen.findByRole('radio', { name: 'Keep Quidam Blue (#11)' }, PAGE_LOAD));
    fireEvent.click(screen.getByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge horses' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(() => mergeHorse(Number.NaN, 11)).toThrow('Missing params.');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });
});
