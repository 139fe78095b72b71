import type { OwnerType } from '@shared/schemas/owner';
import { requireParams, type RequiredParam } from '@/lib/require-params';

/** Whose sections a call is about: the kind and the id of the profile. */
export interface OwnerRef {
  type: OwnerType;
  id: number | null | undefined;
}

/** The spec's required-id name per kind (spec §5); kinds it does not name count as `data`. */
const REQUIRED: Record<OwnerType, RequiredParam> = {
  rider: 'rider',
  employer: 'employer',
  official: 'data',
  simpleuser: 'data',
  merchant: 'data',
};

/** Refuse a call about an owner without its id before anything is sent ("Missing params."). */
export function requireOwner(owner: OwnerRef): void {
  requireParams({ [REQUIRED[owner.type]]: owner.id });
}

/** `{kind}/{id}/{rest}` of an owner (checked by requireOwner). */
export function ownerPath(owner: OwnerRef, rest = ''): string {
  requireOwner(owner);
  return `${owner.type}/${owner.id}/${rest}`;
}

/** React Query keys of the owner feature: everything of one owner starts with `['owner', type, id]`. */
export const ownerKeys = {
  of: (owner: OwnerRef) => ['owner', owner.type, owner.id ?? null] as const,
  section: (owner: OwnerRef, section: string, ...rest: unknown[]) =>
    [...ownerKeys.of(owner), section, ...rest] as const,
  bankAccount: (id: number) => ['owner', 'bank-account', id] as const,
  teamMember: (id: number) => ['owner', 'team-member', id] as const,
  mine: ['owner', 'team-memberships'] as const,
};
