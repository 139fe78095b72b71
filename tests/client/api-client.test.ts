import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getVenue } from '@/features/venues/api/get-venue';
import { api } from '@/lib/api-client';
import { ApiError, apiErrorMessage } from '@/lib/api-error';
import { browser } from '@/lib/browser';
import { MissingParamsError } from '@/lib/require-params';
import { useAppStore } from '@/lib/store';
import { json, makeUser, mockFetch, resetStore } from './helpers';

const toasts = () => vi.mocked(notifications.show).mock.calls.map(([data]) => data.message);

function requestsTo(fetchMock: ReturnType<typeof mockFetch>, path: string) {
  return fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path);
}

// Each test asks for URLs of its own: identical GETs within 10 ms share one answer by design.
beforeEach(() => {
  resetStore({ token: 'secret-token', user: makeUser(), language: 'de' });
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('api client requests', () => {
  it('prefixes /api/v1 and keeps absolute paths', async () => {
    const fetchMock = mockFetch({
      'GET /api/v1/venue/1/': () => json(200, { id: 1 }),
      'POST /api/token/auth/': () => json(200, { token: 't' }),
    });
    await api.get('venue/1/', { params: { page: 2, missing: undefined } });
    await api.post('/api/token/auth/', { username: 'a', password: 'b' });
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/venue/1/?page=2');
    expect(String(fetchMock.mock.calls[1]![0])).toBe('/api/token/auth/');
  });

  it('sends the bearer token, Accept-Language and no-cache only when asked', async () => {
    const fetchMock = mockFetch({ 'GET /api/v1/config/': () => json(200, {}) });
    await api.get('config/');
    await api.get('config/', { noCache: true });
    const first = new Headers(fetchMock.mock.calls[0]![1]!.headers);
    const second = new Headers(fetchMock.mock.calls[1]![1]!.headers);
    expect(first.get('Authorization')).toBe('Bearer secret-token');
    expect(first.get('Accept-Language')).toBe('de');
    expect(first.get('Cache-Control')).toBeNull();
    expect(second.get('Cache-Control')).toBe('no-cache');
  });

  it('returns the parsed body of 200 and 201 answers and sends JSON bodies', async () => {
    const fetchMock = mockFetch({ 'POST /api/v1/user/register/': () => json(201, { detail: 'sent' }) });
    await expect(api.post('user/register/', { email: 'a@b.c' })).resolves.toEqual({ detail: 'sent' });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe('{"email":"a@b.c"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('shares identical concurrent GET requests and forgets them 10 ms after the answer', async () => {
    vi.useFakeTimers();
    const fetchMock = mockFetch({ 'GET /api/v1/venue/1/': () => json(200, { id: 1, name: 'Paddock Classic' }) });
    const first = api.get('venue/1/');
    const second = api.get('venue/1/');
    expect(second).toBe(first);
    await expect(first).resolves.toEqual({ id: 1, name: 'Paddock Classic' });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(5);
    await api.get('venue/1/');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(10);
    await api.get('venue/1/');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10);
  });

  it('never shares writes or different URLs', async () => {
    const fetchMock = mockFetch({
      'POST /api/v1/thing/': () => json(201, {}),
      'GET /api/v1/thing/': () => json(200, {}),
    });
    await Promise.all([api.post('thing/', { a: 1 }), api.post('thing/', { a: 1 })]);
    await Promise.all([api.get('thing/1/'), api.get('thing/2/')]);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('refuses calls without required ids and sends nothing', async () => {
    const fetchMock = mockFetch({});
    await expect(getVenue(null)).rejects.toThrow(MissingParamsError);
    await expect(getVenue(null)).rejects.toThrow('Missing params.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('api client status handling (spec §8)', () => {
  it('503: maintenance toast, error report and a reload after 5 s', async () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const fetchMock = mockFetch({
      'GET /api/v1/employer/': () => json(503, { error: 'maintenance', message: 'down' }),
      'POST /api/v1/errorReport/': () => json(201, { id: 1 }),
    });
    await expect(api.get('employer/')).rejects.toMatchObject({ status: 503, notified: true });
    expect(toasts()).toContain('Server is currently unavailable due to maintenance. Please try again in few minutes.');
    expect(requestsTo(fetchMock, '/api/v1/errorReport/')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('500: server error toast, not reported again by the client', async () => {
    const fetchMock = mockFetch({ 'GET /api/v1/official/': () => json(500, { error: 'internal', message: 'x' }) });
    await expect(api.get('official/')).rejects.toBeInstanceOf(ApiError);
    expect(toasts()).toEqual(['An error occurred on the server. Developers have been notified.']);
    expect(requestsTo(fetchMock, '/api/v1/errorReport/')).toHaveLength(0);
  });

  it('403: "Permission denied."', async () => {
    mockFetch({ 'GET /api/v1/merchant/': () => json(403, { error: 'forbidden', message: 'Permission denied.' }) });
    await expect(api.get('merchant/')).rejects.toMatchObject({ status: 403 });
    expect(toasts()).toEqual(['Permission denied.']);
  });

  it('401: "Logged out." and the session is gone', async () => {
    mockFetch({ 'GET /api/auth/user/': () => json(401, { error: 'unauthorized', message: 'Logged out.' }) });
    await expect(api.get('/api/auth/user/')).rejects.toMatchObject({ status: 401 });
    expect(toasts()).toEqual(['Logged out.']);
    expect(useAppStore.getState()).toMatchObject({ token: null, user: null });
    expect(useAppStore.getState().language).toBe('de');
  });

  it('above 500: reports the error with status, method and URL', async () => {
    const fetchMock = mockFetch({
      'GET /api/v1/rider/': () => json(502, 'Bad gateway'),
      'POST /api/v1/errorReport/': () => json(201, { id: 1 }),
    });
    await expect(api.get('rider/')).rejects.toMatchObject({ status: 502, message: 'Bad gateway' });
    const [report] = requestsTo(fetchMock, '/api/v1/errorReport/');
    expect(JSON.parse(String(report![1]!.body))).toMatchObject({
      kind: 'http',
      status: 502,
      method: 'GET',
      url: '/api/v1/rider/',
      version: 'test',
    });
  });

  it('network errors: ApiError status 0 and a report, which itself never recurses', async () => {
    const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('horse/')).rejects.toMatchObject({
      status: 0,
      message: 'The server could not be reached. Please check your connection.',
    });
    await Promise.resolve();
    const reports = fetchMock.mock.calls.filter(([input]) => String(input) === '/api/v1/errorReport/');
    expect(reports).toHaveLength(1);
    expect(JSON.parse(String(reports[0]![1]!.body))).toMatchObject({ kind: 'network', message: 'Failed to fetch' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('DELETE 404 warns "Error: Record doesn\'t exist anymore." and resolves; other delete errors are passed on', async () => {
    mockFetch({
      'DELETE /api/v1/horse/1/': () => json(404, { error: 'not_found', message: 'gone' }),
      'DELETE /api/v1/horse/2/': () => json(409, { error: 'conflict', message: 'changed' }),
    });
    await expect(api.delete('horse/1/')).resolves.toBeUndefined();
    expect(toasts()).toEqual(["Error: Record doesn't exist anymore."]);
    await expect(api.delete('horse/2/')).rejects.toMatchObject({
      status: 409,
      notified: false,
      message: 'The record was changed by someone else.',
    });
  });

  it('4xx answers are thrown to the caller without a toast', async () => {
    mockFetch({ 'POST /api/token/auth/': () => json(400, { error: 'invalid_credentials', message: 'x' }) });
    await expect(api.post('/api/token/auth/', {})).rejects.toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      notified: false,
    });
    expect(toasts()).toEqual([]);
  });
});

describe('error message precedence', () => {
  it('translates a known code first', () => {
    expect(apiErrorMessage({ error: 'link_used', message: 'english fallback' })).toBe(
      'This link has already been used.',
    );
  });
  it('falls back to message for an unknown code', () => {
    expect(apiErrorMessage({ error: 'teapot', message: 'I am a teapot' })).toBe('I am a teapot');
  });
  it('uses error itself when there is no message', () => {
    expect(apiErrorMessage({ error: 'Horse is not assigned' })).toBe('Horse is not assigned');
  });
  it('uses the data itself last', () => {
    expect(apiErrorMessage('Service temporarily down')).toBe('Service temporarily down');
    expect(apiErrorMessage({ detail: 'x' })).toBe('{"detail":"x"}');
    expect(apiErrorMessage(undefined)).toBe('Something went wrong.');
  });
});
