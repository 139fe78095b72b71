import { useDebouncedValue } from '@mantine/hooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { emailField } from '@shared/schemas/common';
import type { checkRiderExistsResponse } from '@shared/schemas/people';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { peopleAdminKeys } from './keys';

export type RiderExists = z.infer<typeof checkRiderExistsResponse>;
export interface RiderExistsInput {
  registration_id: string | null;
  email: string | null;
}

/** POST /api/v1/rider/checkRiderExists/ {registration_id, email}: the staff learn which rider. */
export function checkRiderExists(input: RiderExistsInput): Promise<RiderExists> {
  requireParams({ data: input.email ?? input.registration_id });
  return api.post<RiderExists>('rider/checkRiderExists/', input);
}

/** How long after the last field was left the check runs (a quick tab through asks once). */
export const CHECK_DEBOUNCE_MS = 300;

/**
 * The add-rider form's check: `checked(field, value)` when the e-mail or registration number field
 * is left; the answer for what was entered last (an e-mail that is not one yet is not sent).
 */
export function useRiderExistsCheck() {
  const [input, setInput] = useState<RiderExistsInput>({ registration_id: null, email: null });
  const [debounced] = useDebouncedValue(input, CHECK_DEBOUNCE_MS);
  const query = useQuery(
    queryOptions({
      queryKey: peopleAdminKeys.riderExists(debounced.registration_id, debounced.email),
      queryFn: () => checkRiderExists(debounced),
      enabled: debounced.registration_id !== null || debounced.email !== null,
      staleTime: 30_000,
    }),
  );
  const checked = (field: string, value: string) => {
    const text = value.trim();
    if (field === 'email') {
      const email = text && emailField.safeParse(text).success ? text : null;
      setInput((prev) => (prev.email === email ? prev : { ...prev, email }));
    } else if (field === 'registration_id') {
      const id = text ? text.slice(0, 30) : null;
      setInput((prev) => (prev.registration_id === id ? prev : { ...prev, registration_id: id }));
    }
  };
  return { checked, found: query.data?.exists ? query.data.rider : null };
}
