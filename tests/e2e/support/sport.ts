import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';
import { PASSWORD, registerViaApi } from '../support';

/*
 * Set-up helpers of the sport's browser tests: what a person would have done earlier,
 * through the API as the admin, so that each test owns its venue, competition or user.
 */

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type ApiCall = <T>(method: Method, url: string, data?: unknown) => Promise<T>;

/** A signed-in API caller (the admin by default) that fails the test on any error answer. */
export async function apiAs(request: APIRequestContext, username = 'admin', password = PASSWORD): Promise<ApiCall> {
  const auth = await request.post('/api/token/auth/', { data: { username, password } });
  expect(auth.status(), await auth.text()).toBe(200);
  const { token } = (await auth.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  return async <T>(method: Method, url: string, data?: unknown): Promise<T> => {
    const res = await request.fetch(url, { method, headers, data });
    expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
    return (res.status() === 204 ? null : await res.json()) as T;
  };
}

/** A short suffix that tells this run's records apart from other runs' and other tests'. */
export const uniqueSuffix = () =>
  `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;

const SAMPLE_ATHLETES = ['10234567', '10198765', '10277001', '10150333'];
const SAMPLE_HORSES = ['105IG70', '106AB12', '107CD34', '105XY09', '106QQ51'];
const digits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, '0');
const letters = () => String.fromCharCode(65 + Math.floor(Math.random() * 26), 65 + Math.floor(Math.random() * 26));

/**
 * The sample FEI entry file (`tests/fixtures/fei`), its show id replaced by `show` (events' ids
 * follow), and its athletes' and horses' FEI ids by fresh ones of the same shape: riders and horses
 * are matched by FEI id everywhere, and the demo show's horses carry two of the sample's ids — an
 * import would otherwise take them over (their names and owners) under other tests' feet.
 */
export function feiSample(show?: string): string {
  let sample = readFileSync(new URL('../../fixtures/fei/fei-entry-jumping.xml', import.meta.url), 'utf8');
  if (show) sample = sample.replaceAll('2026_CI_0139', show);
  for (const id of SAMPLE_ATHLETES) sample = sample.replaceAll(`"${id}"`, `"1${digits(7)}"`);
  for (const id of SAMPLE_HORSES) sample = sample.replaceAll(`"${id}"`, `"${digits(3)}${letters()}${digits(2)}"`);
  return sample;
}

/** A new venue (no FEI id) of the admin's; its id. */
export async function freshVenue(request: APIRequestContext, name: string): Promise<number> {
  const call = await apiAs(request);
  const { id } = await call<{ id: number }>('POST', '/api/v1/venue/', {
    name,
    currency: 'EUR',
    currencyDisplay: '€',
    city: 'Lipica',
    country: 'SI',
  });
  return id;
}

/** The event category with `code`, made when there is none yet (an FEI import may make it at the same time). */
export async function eventCategory(request: APIRequestContext, code: string, name: string): Promise<number> {
  const call = await apiAs(request);
  const find = async () => {
    const list = await call<{ results: { id: number; code: string }[] }>(
      'GET',
      '/api/v1/eventCategory/?page_size=1000',
    );
    return list.results.find((c) => c.code === code)?.id;
  };
  const known = await find();
  if (known !== undefined) return known;
  const auth = await request.post('/api/token/auth/', { data: { username: 'admin', password: PASSWORD } });
  const { token } = (await auth.json()) as { token: string };
  const created = await request.post('/api/v1/eventCategory/', {
    headers: { authorization: `Bearer ${token}` },
    data: { code, name, discipline: 'jumping' },
  });
  if (created.ok()) return ((await created.json()) as { id: number }).id;
  // Made meanwhile by someone else: it is there now.
  const made = await find();
  expect(made, `event category ${code}: ${created.status()} ${await created.text()}`).toBeDefined();
  return made!;
}

/** An event (venue event category) of `venue` in the event category; its id. */
export async function freshEvent(
  request: APIRequestContext,
  venue: number,
  category: number,
  name: string,
): Promise<number> {
  const call = await apiAs(request);
  const { id } = await call<{ id: number }>('POST', '/api/v1/venueEventCategory/', {
    venue,
    event_category: category,
    name,
  });
  return id;
}

/** A new account (registered and confirmed) assigned to `venue` with `role`; its sign-in. */
export async function freshVenueUser(
  request: APIRequestContext,
  venue: number,
  role: 'organizer' | 'stable' | 'welcomedesk' | 'signin' | 'vetcheck',
): Promise<{ id: number; email: string; password: string }> {
  const account = await registerViaApi(request, 'simpleuser', 'en');
  const me = await (await apiAs(request, account.email, account.password))<{ id: number }>('GET', '/api/auth/user/');
  const admin = await apiAs(request);
  await admin('POST', `/api/v1/venue/${venue}/users/`, { user: me.id, roles: [role] });
  return { id: me.id, ...account };
}

interface Participation {
  id: number;
  rider: { id: number; name: string };
  horses: { id: number; horse: { id: number; name: string } }[];
  events: { vec: number }[];
}

/**
 * A competition of the demo show's first event of the demo rider (Rosa Rider), with `horses` of
 * hers on its start list: her own first ones and a new horse named `extraHorse` given to her for
 * this test (the last starter). Fields of the competition come from `competition`.
 */
export async function demoRiderCompetition(
  request: APIRequestContext,
  options: { competition: Record<string, unknown>; extraHorse: string; ownHorses?: number },
): Promise<{ competition: number; entries: { id: number; horse: string }[] }> {
  const call = await apiAs(request);
  const list = await call<{ results: Participation[] }>('GET', '/api/v1/venueParticipation/?venue=1&search=Rosa');
  const participation = list.results.find((p) => p.rider.name === 'Rosa Rider')!;
  const riderHorses = await call<{ id: number; name: string }[] | { results: { id: number; name: string }[] }>(
    'POST',
    `/api/v1/rider/${participation.rider.id}/horses/`,
    { action: 'add', horse: { name: options.extraHorse } },
  );
  const added = (Array.isArray(riderHorses) ? riderHorses : riderHorses.results).find(
    (h) => h.name === options.extraHorse,
  )!;
  await call('PATCH', `/api/v1/venueParticipation/${participation.id}/`, {
    horses: [...participation.horses.map((h) => h.horse.id), added.id],
  });
  const { id: competition } = await call<{ id: number }>('POST', '/api/v1/competition/', {
    vec: participation.events[0]!.vec,
    ...options.competition,
  });
  const own = participation.horses.slice(0, options.ownHorses ?? participation.horses.length).map((h) => h.horse);
  const entries: { id: number; horse: string }[] = [];
  for (const horse of [...own, { id: added.id, name: options.extraHorse }]) {
    const entry = await call<{ id: number }>('POST', `/api/v1/competition/${competition}/entries/`, {
      venue_participation: participation.id,
      horse: horse.id,
    });
    entries.push({ id: entry.id, horse: horse.name });
  }
  return { competition, entries };
}
