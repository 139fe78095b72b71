import type { z } from 'zod';
import { issuesToFieldErrors, type FieldErrors } from '@shared/errors';
import type { Column } from '../parse';

/** A venue's horse as the head-number paste matches it. */
export interface VenueHorse {
  participationHorse: number;
  name: string;
  feiId: string | null;
  rider: string;
}

export interface KindContext {
  venueId: number;
  /** Only the head-number paste needs them. */
  horses: VenueHorse[];
  /** Translates `<namespace>:<key>` in the page's language (category and kind labels). */
  t: (key: string) => string;
}

/** Field error codes by column (or `__row__` for the row as a whole). */
export type RowErrorCodes = Record<string, string[]>;

export interface CheckedRow {
  /** The request body of this row (sent as it is), or null when the row cannot be read. */
  input: unknown;
  /** What the preview shows per column. */
  display: Record<string, string>;
  errors: RowErrorCodes;
}

/** One kind of paste: its columns, how a line becomes a request row, where it is posted. */
export interface BulkKind<F extends string = string> {
  id: 'consumables' | 'attendees' | 'headNumbers';
  columns: readonly Column<F>[];
  check(cells: Record<F, string>, context: KindContext): CheckedRow;
  /** The column that shows a server field's errors (others go to the row). */
  columnOf(field: string): F | undefined;
  /** POST path (relative to /api/v1/). */
  path: string;
}

export const ROW = '__row__';

/** Merges a zod result's issues into the row's errors, each at its column. */
export function schemaErrors(
  schema: z.ZodType,
  input: unknown,
  columnOf: (field: string) => string | undefined,
  errors: RowErrorCodes,
): void {
  const result = schema.safeParse(input);
  if (result.success) return;
  addFieldErrors(issuesToFieldErrors(result.error.issues), columnOf, errors);
}

/** A server row's field errors (`{ unit_price: ['too_big'] }`) at their columns. */
export function addFieldErrors(
  fields: FieldErrors,
  columnOf: (field: string) => string | undefined,
  errors: RowErrorCodes,
) {
  for (const [field, value] of Object.entries(fields)) {
    const codes = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : ['invalid'];
    const column = columnOf(field) ?? ROW;
    const list = (errors[column] ??= []);
    for (const code of codes.length ? codes : ['invalid']) if (!list.includes(code)) list.push(code);
  }
}

/** A code or the translated label of one of `values`, any case; undefined when none matches. */
export function choiceOf<T extends string>(
  text: string,
  values: readonly T[],
  label: (value: T) => string,
): T | undefined {
  const wanted = text.trim().toLocaleLowerCase();
  return values.find((value) => value === wanted || label(value).toLocaleLowerCase() === wanted);
}
