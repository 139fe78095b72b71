import { useDebouncedValue } from '@mantine/hooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { emailField } from '@shared/schemas/common';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';

/**
 * POST /api/v1/rider/checkRiderExists/ {email} from the public registration form: a visitor learns
 * only whether a rider with that e-mail exists (the server answers `rider: null` to them, and
 * rate-limits the asking).
 */
export function riderEmailExists(email: string | null): Promise<{ exists: boolean }> {
  requireParams({ email });
  return api.post<{ exists: boolean }>('rider/checkRiderExists/', { email });
}

const DEBOUNCE_MS = 300;

/** `checked(value)` when the e-mail field is left; true once a rider with that e-mail is known. */
export function useRiderEmailCheck() {
  const [email, setEmail] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(email, DEBOUNCE_MS);
  const query = useQuery(
    queryOptions({
      queryKey: ['auth', 'rider-email-exists', debounced] as const,
      queryFn: () => riderEmailExists(debounced),
      enabled: debounced !== null,
      staleTime: 60_000,
      retry: false,
    }),
  );
  const checked = (value: string) => {
    const text = value.trim().toLowerCase();
    setEmail(text && emailField.safeParse(text).success ? text : null);
  };
  return { checked, exists: debounced !== null && query.data?.exists === true };
}
