import { notifications } from '@mantine/notifications';
import { vi } from 'vitest';
import type { CurrentUser } from '@shared/schemas/auth';
import type { BankAccount } from '@shared/schemas/owner';
import { useDialogStore } from '@/lib/dialogs';
import { queryClient } from '@/lib/query-client';
import { json, makeUser, mockFetch, resetStore } from './helpers';

/** Shared fixtures of the owner-section suites (tests/client/owner-*.test.tsx). */
/** The bound of every wait (tests/client/setup.ts): room for a machine three times slower. */
export const SLOW = { timeout: 45_000 };
export const rider = makeUser();
export const admin = makeUser({ id: 1, username: 'admin', roles: ['admin'], rider_id: null });
export const official = makeUser({ id: 9, username: 'official', roles: ['official'], rider_id: null, official_id: 4 });

/** Before each test: no cached data, no open dialogs, `user` signed in (or nobody), toasts recorded. */
export function startAs(user: CurrentUser | null) {
  queryClient.clear();
  useDialogStore.setState({ dialogs: [] });
  resetStore(user ? { token: 'token', user } : {});
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
}

export type Handler = (url: URL) => Response | Promise<Response>;

/** mockFetch plus the calls every page makes. */
export function server(page: Record<string, Handler>) {
  return mockFetch({
    'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
    // A page may answer the config itself (e.g. without a mail server).
    'GET /api/v1/config/': () =>
      json(200, {
        version: 'test',
        environment: 'test',
        impersonation_enabled: false,
        stripe_publishable_key: null,
        mail_server: true,
      }),
    ...page,
  });
}

export function calls(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === path,
  );
}

export const bodies = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string): unknown[] =>
  calls(fetchMock, method, path).map(([, init]) => JSON.parse(String(init?.body)));

export const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast.message);

export const account: BankAccount = {
  id: 31,
  owner_type: 'rider',
  owner_id: 3,
  holder_name: 'Rita Reiter',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  bank_name: 'Commerzbank',
  currency: 'EUR',
  is_default: true,
  kind: 'own',
  federation: null,
  member_number: null,
};

/** A validation answer as the server sends it. */
export const validation = (fields: Record<string, string[]>) =>
  json(400, { error: 'validation', message: 'Please correct the errors below.', fields });
