import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import type { CurrentUser } from '@shared/schemas/auth';
import { Providers } from '@/app/providers';
import { routerOptions, routes } from '@/app/route-tree';
import { useAppStore } from '@/lib/store';

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    username: 'rider',
    email: 'rider@paddock.demo',
    first_name: 'Rita',
    last_name: 'Reiter',
    roles: ['rider'],
    language: 'en',
    terms_accepted: true,
    terms_accepted_version: '2026-1',
    assigned_venue: null,
    rider_id: 3,
    employer_id: null,
    official_id: null,
    simple_user_id: null,
    merchant_id: null,
    impersonator: null,
    ...overrides,
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Answers fetches by `METHOD path` (the first matching prefix wins; the handler gets the URL,
 * query included); unknown calls get 404.
 */
export function mockFetch(routes: Record<string, (url: URL, init?: RequestInit) => Response | Promise<Response>>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const match = Object.keys(routes).find((route) => key.startsWith(route));
    return match ? routes[match]!(url, init) : json(404, { error: 'not_found', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function resetStore(state: Partial<ReturnType<typeof useAppStore.getState>> = {}) {
  useAppStore.setState({
    token: null,
    user: null,
    activeVenue: null,
    language: 'en',
    preshow: null,
    updateAvailable: false,
    pendingNotice: null,
    ...state,
  });
}

export function renderWithMantine(ui: ReactNode) {
  return render(<MantineProvider>{ui}</MantineProvider>);
}

/** The whole app (real route tree, providers) at `path`; returns its router. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { ...routerOptions, initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/** The demo venue as GET /api/v1/venue/1/ answers it. */
export const demoVenue = {
  id: 1,
  name: 'Paddock Classic 2026',
  fei_id: '2026_CI_0139',
  city: 'Lipica',
  country: 'SI',
  currency: 'EUR',
  currencyDisplay: '€',
  start_date: '2026-12-03',
  end_date: '2026-12-06',
  whitelabel_logo_url: null as string | null,
  /** The venue's limit for one entry (venue detail). */
  max_entry_minor: 1_000_000,
  /** The seller the venue's invoices name (venue detail's Invoicing section). */
  legal_name: 'Paddock Classic d.o.o.' as string | null,
  address: 'Lipica 5' as string | null,
  postal_code: '6210' as string | null,
  vat_id: 'SI12345678' as string | null,
  tax_number: null as string | null,
  legal_registration_id: null as string | null,
  invoice_email: 'invoices@paddock.demo' as string | null,
  contact_name: 'Show office' as string | null,
  contact_phone: '+386 5 739 1580' as string | null,
  contact_email: 'office@paddock.demo' as string | null,
};
