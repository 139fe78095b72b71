import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FieldErrors } from '@shared/errors';
import { AppError } from '../app-error';

/**
 * "POST with an array for bulk create" (spec §7; src/shared/schemas/bulk.ts): the helpers every
 * bulk endpoint shares. The body schema is `oneOrMany(row)`; the route sets
 * `validatorCompiler: bulkValidatorCompiler`, which validates an array row by row (errors keyed
 * by index) and an object as before. A zod union alone would answer a bad array with one
 * `invalid_union` error and no rows.
 */

/** Validates `oneOrMany(row)` bodies by their shape; every other schema as the app does. */
export const bulkValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const { schema, httpPart } = route;
  if (httpPart === 'body' && schema instanceof z.ZodUnion) {
    const [many, one] = schema.options as readonly z.ZodType[];
    if (many instanceof z.ZodArray && one) {
      const validateMany = validatorCompiler({ ...route, schema: many });
      const validateOne = validatorCompiler({ ...route, schema: one });
      return (data) => (Array.isArray(data) ? validateMany(data) : validateOne(data));
    }
  }
  return validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
};

/** Route options of a bulk endpoint (add them next to `schema` and `config`). */
export const bulkRoute = { validatorCompiler: bulkValidatorCompiler } as const;

/** The rows of a body that was one object or an array, and which it was. */
export function rowsOf<T>(body: T | T[]): { rows: T[]; many: boolean } {
  return Array.isArray(body) ? { rows: body, many: true } : { rows: [body], many: false };
}

/**
 * Row errors of a bulk request, keyed by the row's index. `throwIfAny` answers them all at once
 * (400 `validation`), before anything is written.
 */
export class RowErrors {
  private readonly rows: Record<string, FieldErrors> = {};

  add(index: number, field: string, code: string): void {
    const row = (this.rows[String(index)] ??= {});
    const list = (row[field] ??= []) as string[];
    if (!list.includes(code)) list.push(code);
  }

  has(index: number): boolean {
    return String(index) in this.rows;
  }

  get count(): number {
    return Object.keys(this.rows).length;
  }

  /** 400 `validation` when a row has errors: keyed by index, or (`many` false) the one row's fields. */
  throwIfAny(many = true): void {
    if (!this.count) return;
    throw new AppError('validation', { fields: many ? this.rows : (this.rows['0'] ?? {}) });
  }
}

/**
 * Rows that repeat another row of the same request: every row whose key (null: no key, never a
 * duplicate) occurs more than once gets `code` on `field`.
 */
export function markDuplicates<T>(
  rows: readonly T[],
  keyOf: (row: T) => string | null,
  errors: RowErrors,
  field: string,
  code = 'duplicate',
): void {
  const seen = new Map<string, number[]>();
  rows.forEach((row, index) => {
    const key = keyOf(row);
    if (key !== null) seen.set(key, [...(seen.get(key) ?? []), index]);
  });
  for (const indexes of seen.values()) if (indexes.length > 1) indexes.forEach((i) => errors.add(i, field, code));
}

/** A text compared the way people read it: trimmed, case and inner spacing ignored. */
export const sameText = (value: string | null | undefined): string =>
  (value ?? '').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
