import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { magicLinkRequest } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';

export type MagicLinkRequest = z.infer<typeof magicLinkRequest>;

/** POST /api/v1/user/magicLink/: e-mails a one-time sign-in link (optionally for a preshow). */
export async function requestMagicLink(input: MagicLinkRequest): Promise<{ detail: string }> {
  requireParams({ email: input.email });
  return api.post<{ detail: string }>('user/magicLink/', input);
}

export function useRequestMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}
