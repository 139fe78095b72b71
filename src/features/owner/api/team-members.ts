import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { myTeamMembership, TeamMember, TeamMemberInput } from '@shared/schemas/owner';
import { api } from '@/lib/api-client';
import { ownerKeys, ownerPath, type OwnerRef } from './owner-path';

export type TeamMembership = z.infer<typeof myTeamMembership>;

export interface TeamMemberList {
  count: number;
  results: TeamMember[];
}

/** GET /api/v1/{kind}/{id}/teamMembers/ */
export async function listTeamMembers(owner: OwnerRef): Promise<TeamMemberList> {
  return api.get<TeamMemberList>(ownerPath(owner, 'teamMembers/'));
}

export function useTeamMembers(owner: OwnerRef, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: ownerKeys.section(owner, 'team-members'),
      queryFn: () => listTeamMembers(owner),
      enabled,
    }),
  );
}

/** GET /api/v1/teamMember/{id}/ */
export async function getTeamMember(id: number): Promise<TeamMember> {
  return api.get<TeamMember>(`teamMember/${id}/`);
}

export function useTeamMember(id: number) {
  return useQuery(queryOptions({ queryKey: ownerKeys.teamMember(id), queryFn: () => getTeamMember(id) }));
}

/** GET /api/v1/teamMember/mine/: the teams the signed-in user joined. */
export async function listMyMemberships(): Promise<{ count: number; results: TeamMembership[] }> {
  return api.get('teamMember/mine/');
}

export function useMyMemberships() {
  return useQuery(queryOptions({ queryKey: ownerKeys.mine, queryFn: listMyMemberships }));
}

/** POST /api/v1/{kind}/{id}/teamMembers/ (invites by e-mail) or PATCH /api/v1/teamMember/{id}/. */
export async function saveTeamMember(owner: OwnerRef, id: number | null, input: TeamMemberInput): Promise<TeamMember> {
  if (id === null) return api.post<TeamMember>(ownerPath(owner, 'teamMembers/'), input);
  return api.patch<TeamMember>(`teamMember/${id}/`, input);
}

/** DELETE /api/v1/teamMember/{id}/ */
export async function deleteTeamMember(id: number): Promise<void> {
  return api.delete(`teamMember/${id}/`);
}

/** POST /api/v1/teamMember/{id}/resendInvite/: a new link; the old one stops working. */
export async function resendInvite(id: number): Promise<TeamMember> {
  return api.post<TeamMember>(`teamMember/${id}/resendInvite/`);
}

export function useTeamMemberMutations(owner: OwnerRef) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ownerKeys.section(owner, 'team-members') });
  return {
    save: useMutation({
      mutationFn: ({ id, input }: { id: number | null; input: TeamMemberInput }) => saveTeamMember(owner, id, input),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: deleteTeamMember, onSuccess }),
    resend: useMutation({ mutationFn: resendInvite, onSuccess }),
  };
}
