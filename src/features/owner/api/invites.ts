import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { inviteAccepted, InviteInfo } from '@shared/schemas/owner';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';

export type InviteAccepted = z.infer<typeof inviteAccepted>;

/** POST /api/v1/invite/check/ {token} (public): who invites to what, and whether the link still works. */
export async function checkInvite(token: string): Promise<InviteInfo> {
  requireParams({ data: token });
  return api.post<InviteInfo>('invite/check/', { token });
}

export function useInviteCheck(token: string) {
  return useQuery({
    queryKey: ['owner', 'invite', token],
    queryFn: () => checkInvite(token),
    enabled: token !== '',
    retry: false,
    staleTime: 0,
  });
}

/** POST /api/v1/invite/accept/ {token} (signed in): join the team or the venue's attendees. */
export async function acceptInvite(token: string): Promise<InviteAccepted> {
  requireParams({ data: token });
  return api.post<InviteAccepted>('invite/accept/', { token });
}

export function useAcceptInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: acceptInvite,
    onSuccess: () => client.invalidateQueries({ queryKey: ['owner'] }),
  });
}

/** The token of a pasted invitation link (`…?token=…`), or the pasted code itself. */
export function tokenFromLink(text: string): string {
  const value = text.trim();
  const match = /[?&]token=([^&#\s]+)/.exec(value);
  return match ? decodeURIComponent(match[1]!) : value;
}
