/** PostgreSQL error fields, also when drizzle wraps the driver's error in `cause`. */
function pgField(err: unknown, field: 'code' | 'constraint'): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const value = (e as Record<string, unknown>)[field];
    if (typeof value === 'string') return value;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The unique index a unique_violation (23505) hit, if that is what the error is. */
export function violatedUniqueIndex(err: unknown): string | undefined {
  return pgField(err, 'code') === '23505' ? (pgField(err, 'constraint') ?? '') : undefined;
}

/** foreign_key_violation (23503) or restrict_violation (23001, ON DELETE RESTRICT): a row is still referenced. */
export const isForeignKeyViolation = (err: unknown): boolean => ['23503', '23001'].includes(pgField(err, 'code') ?? '');
