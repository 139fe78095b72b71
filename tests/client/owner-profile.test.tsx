import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RiderProfile } from '@shared/schemas/people';
import { useAppStore } from '@/lib/store';
import { json, makeUser, renderApp } from './helpers';
import { admin, bodies, calls, rider, server, SLOW, startAs, toasts, validation } from './owner-fixtures';

const profile: RiderProfile = {
  id: 3,
  user: 7,
  first_name: 'Rita',
  last_name: 'Reiter',
  email: 'rider@paddock.demo',
  phone: null,
  address: null,
  postal_code: null,
  city: 'Lipica',
  country: 'SI',
  fei_id: '10012345',
  national_id: null,
  registration_id: null,
  nationality: 'SI',
  birth_date: null,
  employment_status: 'INDEPENDENT',
  tax_override: 'NO_OVERRIDE',
  bookkeeping_ref_id: null,
  terms_accepted: true,
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the rider's own profile", () => {
  it('accepting the terms lives here: read, agree, accept; the status follows', async () => {
    const pending = makeUser({ terms_accepted: false, terms_accepted_version: null });
    startAs(pending);
    const fetchMock = server({
      'GET /api/v1/rider/3/': () => json(200, { ...profile, terms_accepted: false }),
      'GET /api/v1/termsAndConditions/current/': () =>
        json(200, {
          id: 2,
          version: '2026-2',
          published_at: '2026-01-01T00:00:00Z',
          body: 'Be kind to horses.',
          current: true,
        }),
      'PATCH /api/v1/rider/acceptTC/': () =>
        json(200, { ...pending, terms_accepted: true, terms_accepted_version: '2026-2' }),
    });
    renderApp('/rider/profile');
    expect(await screen.findByText(/not accepted the terms and conditions yet/, {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('Be kind to horses.')).toBeTruthy();
    const accept = screen.getByRole<HTMLButtonElement>('button', { name: 'Accept the terms' });
    expect(accept.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('I have read the terms and conditions and accept them.'));
    fireEvent.click(accept);
    expect(await screen.findByText('You have accepted the terms and conditions (version 2026-2).')).toBeTruthy();
    expect(bodies(fetchMock, 'PATCH', '/api/v1/rider/acceptTC/')).toEqual([{ version: '2026-2' }]);
    expect(useAppStore.getState().user?.terms_accepted).toBe(true);
  });

  it('saves without the admin-only fields: "Saved successfully."', async () => {
    startAs(rider);
    const fetchMock = server({
      'GET /api/v1/rider/3/': () => json(200, profile),
      'PATCH /api/v1/rider/3/': () => json(200, { ...profile, city: 'Sežana' }),
    });
    renderApp('/rider/profile');
    const city = await screen.findByLabelText('City', {}, SLOW);
    expect((city as HTMLInputElement).value).toBe('Lipica');
    expect(screen.queryByLabelText('Tax override')).toBeNull();
    expect(screen.queryByLabelText('Bookkeeping reference')).toBeNull();
    fireEvent.change(city, { target: { value: 'Sežana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts()).toContain('Saved successfully.'));
    const [sent] = bodies(fetchMock, 'PATCH', '/api/v1/rider/3/') as Record<string, unknown>[];
    expect(sent).toMatchObject({ first_name: 'Rita', city: 'Sežana', fei_id: '10012345', phone: null });
    expect(sent).not.toHaveProperty('tax_override');
    expect(sent).not.toHaveProperty('bookkeeping_ref_id');
  });

  it('refuses a bad FEI id on the client and attaches the server\u2019s field errors', async () => {
    startAs(rider);
    const fetchMock = server({
      'GET /api/v1/rider/3/': () => json(200, profile),
      'PATCH /api/v1/rider/3/': () => validation({ email: ['invalid_email'] }),
    });
    renderApp('/rider/profile');
    const fei = await screen.findByLabelText('FEI id', {}, SLOW);
    fireEvent.change(fei, { target: { value: 'ABC' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid FEI id.')).toBeTruthy();
    expect(calls(fetchMock, 'PATCH', '/api/v1/rider/3/')).toHaveLength(0);

    fireEvent.change(fei, { target: { value: '10012345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(toasts()).not.toContain('Saved successfully.');
  });
});

describe("an admin on a rider's profile (/riders/5/profile)", () => {
  it('edits rider 5 with the admin-only fields, and no terms', async () => {
    startAs(admin);
    const fetchMock = server({
      'GET /api/v1/rider/5/': () => json(200, { ...profile, id: 5, first_name: 'Max', last_name: 'Muster' }),
      'PATCH /api/v1/rider/5/': () => json(200, { ...profile, id: 5 }),
    });
    renderApp('/riders/5/profile');
    fireEvent.change(await screen.findByLabelText('Bookkeeping reference', {}, SLOW), { target: { value: '4711' } });
    expect(screen.getAllByLabelText('Tax override', { selector: 'input' })).toHaveLength(1);
    expect(screen.queryByText(/terms and conditions/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts()).toContain('Saved successfully.'));
    expect(bodies(fetchMock, 'PATCH', '/api/v1/rider/5/')[0]).toMatchObject({
      first_name: 'Max',
      tax_override: 'NO_OVERRIDE',
      bookkeeping_ref_id: 4711,
    });
    expect(calls(fetchMock, 'PATCH', '/api/v1/rider/3/')).toHaveLength(0);
  });
});
