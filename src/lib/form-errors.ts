import i18next from 'i18next';
import type { z } from 'zod';
import { isApiErrorBody, issuesToFieldErrors, type FieldErrorValue, type FieldErrors } from '@shared/errors';
import { ApiError, errorText } from './api-error';

/** Field errors for a Mantine form (dotted paths) plus the form-level list. */
export interface MappedErrors {
  fields: Record<string, string>;
  form: string[];
}

/** `errors:field.<code>` when the code is known, else the text as sent. */
export function translateFieldError(code: string): string {
  const key = `errors:field.${code}`;
  return i18next.exists(key) ? i18next.t(key) : code;
}

function isMessageList(value: FieldErrorValue): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * Spec §5: errors keyed by field go to the matching form field, `__all__` and bare lists to
 * the form-level list, and so does everything without a matching field. A nested list (one
 * entry per item of a list input) attaches each item's errors to `field.<index>.<name>` and
 * adds "Check errors above." to the form-level list.
 */
export function mapFieldErrors(
  errors: FieldErrors | string[] | undefined,
  hasField: (path: string) => boolean,
): MappedErrors {
  const result: MappedErrors = { fields: {}, form: [] };
  const addForm = (message: string) => {
    if (!result.form.includes(message)) result.form.push(message);
  };

  const walk = (node: FieldErrors, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (isMessageList(value)) {
        const messages = value.map(translateFieldError);
        if (key !== '__all__' && hasField(path)) result.fields[path] = messages.join(' ');
        else messages.forEach(addForm);
      } else if (Array.isArray(value)) {
        value.forEach((item, index) => {
          if (item) walk(item, `${path}.${index}`);
        });
        addForm(i18next.t('errors:check_errors_above'));
      } else {
        walk(value, path);
      }
    }
  };

  if (Array.isArray(errors)) errors.map(translateFieldError).forEach(addForm);
  else if (errors) walk(errors, '');
  return result;
}

/** True when `path` (dotted, with list indexes) exists in `values`. */
export function hasPath(values: unknown, path: string): boolean {
  let node: unknown = values;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * What a failed submit shows: field errors from a validation answer, else one form-level
 * message (none when the api client already toasted it).
 */
export function submitErrors(error: unknown, values: unknown): MappedErrors {
  if (error instanceof ApiError && isApiErrorBody(error.body) && error.body.fields) {
    const mapped = mapFieldErrors(error.body.fields, (path) => hasPath(values, path));
    if (!mapped.form.length && !Object.keys(mapped.fields).length) mapped.form.push(error.message);
    return mapped;
  }
  if (error instanceof ApiError && error.notified) return { fields: {}, form: [] };
  return { fields: {}, form: [errorText(error)] };
}

/**
 * A Mantine `validate` function for forms that only need their fields filled (the login form:
 * it stays free of zod, which keeps /login small).
 */
export function requiredFields<Values extends Record<string, unknown>>(fields: readonly (keyof Values & string)[]) {
  return (values: Values): Record<string, string> =>
    Object.fromEntries(
      fields
        .filter((field) => String(values[field] ?? '').trim() === '')
        .map((field) => [field, translateFieldError('required')]),
    );
}

/** A Mantine `validate` function from a shared zod schema: its messages are field codes. */
export function schemaValidator<Values>(schema: z.ZodType) {
  return (values: Values): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    return mapFieldErrors(issuesToFieldErrors(result.error.issues), () => true).fields;
  };
}
