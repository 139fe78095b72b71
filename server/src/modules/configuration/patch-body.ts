import { z } from 'zod';
import { atLeastOneField } from '@shared/schemas/common';

type Patch<T extends z.ZodRawShape> = {
  [K in keyof T]: z.ZodOptional<T[K] extends z.ZodDefault<infer Inner extends z.ZodType> ? Inner : T[K]>;
};

/**
 * The body of a PATCH: every field optional and without its default, so a field left out stays
 * as it is (zod's `.partial()` would still fill in the defaults). A patch that names no field is
 * refused with `no_changes` (400), never run as an empty update.
 */
export function patchBody<T extends z.ZodRawShape>(schema: z.ZodObject<T>): z.ZodObject<Patch<T>> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => {
      const inner = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType);
      return [key, inner.optional()];
    }),
  );
  return atLeastOneField(z.object(shape)) as unknown as z.ZodObject<Patch<T>>;
}

/** Only the keys a patch names. */
export function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
}
