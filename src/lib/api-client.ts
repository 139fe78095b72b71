import i18next from 'i18next';
import { API_PREFIX, MAINTENANCE_RELOAD_MS, REQUEST_DEDUPE_CLEAR_MS } from '@shared/constants';
import { isApiErrorBody } from '@shared/errors';
import { ApiError, apiErrorMessage } from './api-error';
import { browser } from './browser';
import { isFloorDevice, renewSession, reportDeviceRevoked } from './device-session';
import { notify } from './notify';
import { reportError } from './report-error';
import { useAppStore } from './store';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Query string parameters; null and undefined are left out. */
  params?: Record<string, QueryValue>;
  /** JSON-serialisable body, or FormData for uploads. */
  body?: unknown;
  /** Ask every cache on the way for a fresh answer. */
  noCache?: boolean;
  /** Extra request headers, e.g. `Idempotency-Key` on money writes. */
  headers?: Record<string, string>;
}

/**
 * Paths starting with `/` are used as they are (`/api/token/...`, `/api/auth/...`,
 * `/_passwordReset/...`); anything else is relative to `/api/v1/`.
 */
export function apiUrl(path: string, params?: Record<string, QueryValue>): string {
  const base = path.startsWith('/') ? path : `${API_PREFIX}/${path}`;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== null && value !== undefined) query.append(key, String(value));
  }
  const search = query.toString();
  return search ? `${base}${base.includes('?') ? '&' : '?'}${search}` : base;
}

/** Identical GET requests in flight share one promise (spec §7). */
const inflight = new Map<string, Promise<unknown>>();
let maintenanceReloadScheduled = false;

function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const url = apiUrl(path, options.params);
  // After a write, reads ask again: a list refetched right after a change must not get the
  // answer of a read made before it.
  if (method !== 'GET') return send<T>(method, url, options).finally(() => inflight.clear());
  const { token, language } = useAppStore.getState();
  const key = [url, token ?? '', language, options.noCache ? 'no-cache' : ''].join(' ');
  const shared = inflight.get(key);
  if (shared) return shared as Promise<T>;
  const promise = send<T>(method, url, options);
  inflight.set(key, promise);
  // The entry lives on for a moment after the answer, then the next call asks again.
  const clear = () => void setTimeout(() => inflight.delete(key), REQUEST_DEDUPE_CLEAR_MS);
  promise.then(clear, clear);
  return promise;
}

async function send<T>(method: Method, url: string, options: RequestOptions, renewed = false): Promise<T> {
  const { token, language, user } = useAppStore.getState();
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': language });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.noCache) headers.set('Cache-Control', 'no-cache');
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body });
  } catch (cause) {
    // Offline is normal on a show ground's floor (and a report could not be sent anyway): no
    // red error, no error report. Elsewhere a lost request is a fault worth reporting.
    const offline =
      (typeof navigator !== 'undefined' && navigator.onLine === false) || isFloorDevice(useAppStore.getState().user);
    if (!offline) {
      reportError({ kind: 'network', method, url, message: cause instanceof Error ? cause.message : String(cause) });
    }
    throw new ApiError(0, null, { message: i18next.t('errors:network'), cause, offline });
  }

  // An expired session is renewed without staff action where it can be, then the
  // request is sent once more.
  if (response.status === 401 && user && !renewed && !url.startsWith('/api/token/')) {
    if ((await renewSession()) === 'renewed') return send<T>(method, url, options, true);
  }
  const data = await readBody(response);
  if (response.ok) return data as T;
  if (method === 'DELETE' && response.status === 404) {
    notify.warning(i18next.t('errors:not_found'));
    return undefined as T;
  }
  // A sign-in while the request ran started a new session: this answer says nothing about it.
  const current = useAppStore.getState();
  const sameSession = current.token === token && current.user?.id === user?.id;
  throw failure(method, url, response.status, data, user !== null && sameSession);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Spec §8: the statuses the client answers itself; everything else goes to the caller. */
function failure(method: Method, url: string, status: number, data: unknown, signedIn: boolean): ApiError {
  const message = apiErrorMessage(data);
  if (status > 500) reportError({ kind: 'http', status, method, url, message });
  let notified = true;
  if (status === 503) {
    notify.error(i18next.t('errors:maintenance'));
    if (!maintenanceReloadScheduled) {
      maintenanceReloadScheduled = true;
      setTimeout(() => browser.reload(), MAINTENANCE_RELOAD_MS);
    }
  } else if (status === 500) {
    notify.error(i18next.t('errors:internal'));
  } else if (status === 403 && isApiErrorBody(data) && data.error === 'device_revoked') {
    // Any request of a revoked tablet's session: the tablet says so and signs out.
    reportDeviceRevoked();
  } else if (status === 403) {
    notify.error(i18next.t('errors:forbidden'));
  } else if (status === 401 && signedIn && isFloorDevice(useAppStore.getState().user)) {
    // A floor device keeps its user and its queued writes; the floor status bar asks for a sign-in.
    useAppStore.getState().setSignInNeeded(true);
    notify.warning(i18next.t('offline:signInNeeded.toast'));
  } else if (status === 401 && signedIn) {
    notify.warning(i18next.t('errors:unauthorized'));
    useAppStore.getState().clearSession();
  } else {
    notified = false;
  }
  return new ApiError(status, data, { message, notified });
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T = void>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
};
