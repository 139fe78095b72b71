import i18next from 'i18next';

/** The ids and values a call cannot be made without (spec §5). */
export type RequiredParam =
  | 'rider'
  | 'horse'
  | 'groom'
  | 'venue'
  | 'employer'
  | 'employment'
  | 'participation'
  | 'email'
  | 'feiId'
  | 'nationalId'
  | 'data';

/** Thrown before a request is sent: nothing goes over the wire. */
export class MissingParamsError extends Error {
  readonly missing: RequiredParam[];

  constructor(missing: RequiredParam[]) {
    super(i18next.t('errors:missing_params'));
    this.name = 'MissingParamsError';
    this.missing = missing;
  }
}

function isMissing(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (typeof value === 'number' && !Number.isFinite(value))
  );
}

/** Refuse a call on the client when a required id or value is missing ("Missing params."). */
export function requireParams(params: Partial<Record<RequiredParam, unknown>>): void {
  const missing = (Object.keys(params) as RequiredParam[]).filter((name) => isMissing(params[name]));
  if (missing.length) throw new MissingParamsError(missing);
}
