import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Employment, RiderHorse } from '@shared/schemas/people';
import { makeUser } from './helpers';

/** Rita (rider 3, user 7) as the rider pages see her. */
export const riderUser = makeUser();
export const adminUser = makeUser({ id: 1, username: 'admin', roles: ['admin'], rider_id: null });
export const employerUser = makeUser({
  id: 9,
  username: 'employer',
  roles: ['employer'],
  rider_id: null,
  employer_id: 4,
});
export const merchantUser = makeUser({
  id: 12,
  username: 'merchant',
  roles: ['merchant'],
  rider_id: null,
  merchant_id: 6,
});

export function riderHorse(overrides: Partial<RiderHorse> = {}): RiderHorse {
  return {
    id: 11,
    name: 'Quidam Blue',
    fei_id: '105IG70',
    national_id: null,
    birth_year: 2014,
    sex: 'gelding',
    colour: 'bay',
    breed: null,
    link: 21,
    rider: 3,
    owner: { owner_name: 'Stall Reiter', owner_address: '', owner_vat_id: '', owner_email: '', meta: {} },
    ...overrides,
  };
}

export const rita = { id: 3, user: 7, name: 'Rita Reiter', email: 'rider@paddock.demo', fei_id: '10012345' };

export function employment(overrides: Partial<Employment> = {}): Employment {
  return {
    employmentId: 31,
    employer: { id: 4, name: 'Stall Berger' },
    rider: rita,
    status: 'pending',
    date_from: null,
    date_to: null,
    created_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

type FetchMock = { mock: { calls: unknown[][] } };

/** The bodies sent with `method` to a URL containing `path`, parsed. */
export function sent(fetchMock: FetchMock, method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => (init as RequestInit | undefined)?.method === method && String(input).includes(path))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);
}

/** Pick an option of a Mantine Select (jsdom has no layout: the open list counts as hidden). */
export async function choose(combobox: string, option: string) {
  const input = await screen.findByRole('combobox', { name: combobox });
  fireEvent.click(input);
  const list = await waitFor(() => document.getElementById(input.getAttribute('aria-controls') ?? '')!);
  fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
}
