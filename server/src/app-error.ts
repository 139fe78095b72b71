import { ERROR_MESSAGES, type ErrorCode, type FieldErrors } from '@shared/errors';

const DEFAULT_STATUS: Partial<Record<ErrorCode, number>> = {
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  in_use: 409,
  idempotency_mismatch: 422,
  sync_outdated: 426,
  unknown_qr: 404,
  device_revoked: 403,
  fei_unavailable: 502,
  fei_not_configured: 409,
  sync_running: 409,
  registry_unavailable: 502,
  registry_not_configured: 409,
  rate_limited: 429,
  internal: 500,
  maintenance: 503,
};

export interface AppErrorOptions {
  status?: number;
  fields?: FieldErrors | string[];
  params?: Record<string, string | number>;
}

/** An expected failure with a wire code (src/shared/errors.ts); services throw these. */
export class AppError extends Error {
  readonly status: number;
  readonly fields: FieldErrors | string[] | undefined;
  readonly params: Record<string, string | number> | undefined;

  constructor(
    readonly code: ErrorCode,
    options: AppErrorOptions = {},
  ) {
    super(ERROR_MESSAGES[code]);
    this.name = 'AppError';
    this.status = options.status ?? DEFAULT_STATUS[code] ?? 400;
    this.fields = options.fields;
    this.params = options.params;
  }
}

/** 400 validation with one field's error code, as a form expects it. */
export const fieldError = (field: string, code: string) => new AppError('validation', { fields: { [field]: [code] } });
