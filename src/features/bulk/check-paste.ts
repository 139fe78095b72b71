import { isApiErrorBody, type FieldErrors } from '@shared/errors';
import { MAX_BULK_ROWS } from '@shared/schemas/bulk';
import { addFieldErrors, type BulkKind, type CheckedRow, type KindContext, type RowErrorCodes } from './kinds/kind';
import { mapColumns, parseTable } from './parse';

export interface CheckedPaste {
  /** The first line named the columns. */
  header: boolean;
  rows: CheckedRow[];
  /** Rows with at least one error. */
  invalid: number;
  /** The paste as a whole cannot be read or sent ('unreadable', 'too_many_rows'). */
  problem: 'unreadable' | 'too_many_rows' | null;
}

/** Reads a pasted text as rows of one kind and checks each with the kind's (the server's) row schema. */
export function checkPaste(text: string, kind: BulkKind, context: KindContext): CheckedPaste {
  let table: string[][];
  try {
    table = parseTable(text);
  } catch {
    return { header: false, rows: [], invalid: 0, problem: 'unreadable' };
  }
  const { header, rows } = mapColumns(table, kind.columns);
  const checked = rows.map((cells) => kind.check(cells, context));
  return {
    header,
    rows: checked,
    invalid: checked.filter((row) => Object.keys(row.errors).length > 0).length,
    problem: checked.length > MAX_BULK_ROWS ? 'too_many_rows' : null,
  };
}

export interface ServerRowErrors {
  /** Row index → column → codes. */
  rows: Record<number, RowErrorCodes>;
  /** Codes that belong to no row (e.g. `__all__`). */
  form: string[];
}

/** A bulk answer's 400 `fields` (`{ "3": { "unit_price": ["too_big"] } }`) at the rows and columns of the preview. */
export function serverRowErrors(body: unknown, kind: BulkKind): ServerRowErrors | null {
  if (!isApiErrorBody(body) || !body.fields) return null;
  const result: ServerRowErrors = { rows: {}, form: [] };
  if (Array.isArray(body.fields)) {
    result.form.push(...body.fields);
    return result;
  }
  for (const [key, value] of Object.entries(body.fields)) {
    if (/^\d+$/.test(key) && !Array.isArray(value)) {
      const errors: RowErrorCodes = {};
      addFieldErrors(value as FieldErrors, kind.columnOf, errors);
      result.rows[Number(key)] = errors;
    } else {
      const codes = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
      result.form.push(...(codes.length ? codes : ['invalid']));
    }
  }
  return result;
}
