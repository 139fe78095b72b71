import { API_PREFIX } from '@shared/constants';
import type { ErrorReportRequest } from '@shared/schemas/error-report';
import { ApiError } from './api-error';
import { useAppStore } from './store';

export const ERROR_REPORT_URL = `${API_PREFIX}/errorReport/`;

type Report = Omit<ErrorReportRequest, 'page' | 'version'>;

/**
 * Tell the server about a failure (spec §8: status above 500, network errors, uncaught
 * errors). Fire-and-forget with plain fetch, so a failing report never reports itself.
 */
export function reportError(report: Report): void {
  const { token } = useAppStore.getState();
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const body: ErrorReportRequest = {
    ...report,
    url: report.url.slice(0, 2000),
    message: report.message.slice(0, 4000),
    stack: report.stack?.slice(0, 20000),
    page: window.location.href.slice(0, 2000),
    version: __APP_VERSION__,
  };
  try {
    fetch(ERROR_REPORT_URL, { method: 'POST', headers, body: JSON.stringify(body), keepalive: true }).catch(
      () => undefined,
    );
  } catch {
    // Nothing more to do: reporting must never fail the page.
  }
}

/** Report uncaught errors and rejections; ApiErrors were reported (or are 4xx) already. */
export function installErrorReporting(): void {
  window.addEventListener('error', (event) => {
    reportError({
      kind: 'client',
      url: window.location.href,
      message: event.message,
      stack: (event.error as Error | undefined)?.stack,
    });
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    if (reason instanceof ApiError) return;
    reportError({
      kind: 'client',
      url: window.location.href,
      message: reason instanceof Error ? reason.message : String(reason),
      stack: reason instanceof Error ? reason.stack : undefined,
    });
  });
}
