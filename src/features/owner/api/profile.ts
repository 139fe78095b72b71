import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CurrentUser } from '@shared/schemas/auth';
import type { OwnerType } from '@shared/schemas/owner';
import type { PROFILE_SCHEMAS } from '@shared/schemas/people';
import { api } from '@/lib/api-client';
import { useAppStore } from '@/lib/store';
import { ownerKeys, ownerPath, type OwnerRef } from './owner-path';

export type Profile<T extends OwnerType = OwnerType> = z.infer<(typeof PROFILE_SCHEMAS)[T]['wire']>;
export type ProfileInput<T extends OwnerType = OwnerType> = z.input<(typeof PROFILE_SCHEMAS)[T]['input']>;

/** GET /api/v1/{kind}/{id}/: the owner's profile. */
export async function getProfile(owner: OwnerRef): Promise<Profile> {
  return api.get<Profile>(ownerPath(owner));
}

export const profileQueryOptions = (owner: OwnerRef) =>
  queryOptions({ queryKey: ownerKeys.section(owner, 'profile'), queryFn: () => getProfile(owner) });

export function useProfile(owner: OwnerRef) {
  return useQuery(profileQueryOptions(owner));
}

/** PATCH /api/v1/{kind}/{id}/ with the kind's input. */
export async function updateProfile(owner: OwnerRef, input: ProfileInput): Promise<Profile> {
  return api.patch<Profile>(ownerPath(owner), input);
}

export function useUpdateProfile(owner: OwnerRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => updateProfile(owner, input),
    onSuccess: (profile) => client.setQueryData(ownerKeys.section(owner, 'profile'), profile),
  });
}

/**
 * POST /api/v1/employer/register/ (employerRegistration): the signed-in user becomes an employer
 * with this profile; the current user is then fetched again, now with the employer role and id.
 */
export async function registerEmployer(input: ProfileInput): Promise<CurrentUser> {
  await api.post<Profile<'employer'>>('employer/register/', input);
  return api.get<CurrentUser>('/api/auth/user/', { noCache: true });
}

export function useRegisterEmployer() {
  return useMutation({ mutationFn: registerEmployer, onSuccess: (user) => useAppStore.getState().setUser(user) });
}
