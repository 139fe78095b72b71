import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserSummary } from '@shared/schemas/user';
import { api } from '@/lib/api-client';

/** PATCH /api/v1/user/{id}/active/ (admins): deactivate an account (its sessions end at once) or reactivate it. */
export function setUserActive(id: number, isActive: boolean): Promise<UserSummary> {
  return api.patch<UserSummary>(`user/${id}/active/`, { is_active: isActive });
}

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => setUserActive(id, isActive),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['auth', 'user-search'] }),
  });
}
