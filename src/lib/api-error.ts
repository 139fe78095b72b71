import i18next from 'i18next';
import { notify } from './notify';

/** A request that did not succeed: `status` 0 means the server was not reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** The api client already showed a toast for this error; callers should not repeat it. */
  readonly notified: boolean;
  /**
   * Not reached while offline (or a floor device that cannot reach the server): an expected
   * state, shown quietly and never as a red error or an error report.
   */
  readonly offline: boolean;

  constructor(
    status: number,
    body: unknown,
    options: { message: string; notified?: boolean; cause?: unknown; offline?: boolean },
  ) {
    super(options.message, { cause: options.cause });
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.notified = options.notified ?? false;
    this.offline = options.offline ?? false;
  }

  /** The wire error code (src/shared/errors.ts), when the body has one. */
  get code(): string | undefined {
    const error = (this.body as { error?: unknown } | null)?.error;
    return typeof error === 'string' ? error : undefined;
  }
}

/**
 * The toast text for a failed response (spec §8): the translated `errors:<code>` when the
 * body's `error` is a known code, else its `message`, else `error` itself, else the data.
 */
export function apiErrorMessage(data: unknown): string {
  if (typeof data === 'string' && data.trim()) return data;
  if (data && typeof data === 'object') {
    const { error, message, params } = data as { error?: unknown; message?: unknown; params?: Record<string, unknown> };
    if (typeof error === 'string' && error && i18next.exists(`errors:${error}`)) {
      return i18next.t(`errors:${error}`, params ?? {});
    }
    if (typeof message === 'string' && message) return message;
    if (typeof error === 'string' && error) return error;
    return JSON.stringify(data);
  }
  return i18next.t('errors:unknown');
}

/** A displayable sentence for anything thrown. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : i18next.t('errors:unknown');
}

/** Toast an error unless the api client already did. */
export function showError(error: unknown): void {
  if (error instanceof ApiError && (error.notified || error.offline)) return;
  notify.error(errorText(error));
}

/** Is this the quiet "not connected" failure (see ApiError.offline)? */
export const isOfflineError = (error: unknown): boolean => error instanceof ApiError && error.offline;
