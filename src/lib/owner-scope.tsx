import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { Outlet, useParams } from 'react-router-dom';
import type { CurrentUser } from '@shared/schemas/auth';
import type { OwnerType } from '@shared/schemas/owner';
import { href, PATHS, type PathKey } from './paths';
import { useAppStore } from './store';

/**
 * The owner of the sections a page shows: a section page (bank accounts, documents,
 * team members, …) is one component used under many bases — the rider's own `/rider/…`, the
 * admin's `/riders/:riderId/…`, the employer's `/employer/employees/edit/:riderId/…` — and takes
 * its owner from here. `prefix` is the base's key in PATHS: the page `${prefix}${Section}`
 * (e.g. `adminRiderBankAccountAdd`) is where a section links to.
 */
export interface Owner {
  type: OwnerType;
  id: number;
  prefix: string;
  /** The base's route parameters (e.g. { riderId: 5 }); empty for one's own pages. */
  params: Record<string, number>;
  /** An admin (or employer) acting on someone else's data rather than the owner themself. */
  managed: boolean;
}

const OwnerContext = createContext<Owner | null>(null);

const OWN_ID: Record<OwnerType, (user: CurrentUser) => number | null> = {
  rider: (user) => user.rider_id,
  employer: (user) => user.employer_id,
  official: (user) => user.official_id,
  simpleuser: (user) => user.simple_user_id,
  merchant: (user) => user.merchant_id,
};

/** The signed-in user's own profile id of a kind, or null (no such profile). */
export function ownProfileId(type: OwnerType, user: CurrentUser | null): number | null {
  return user ? OWN_ID[type](user) : null;
}

/** Provide an owner given directly (tests, embedded sections). */
export function OwnerProvider({ owner, children }: { owner: Owner; children: ReactNode }) {
  return <OwnerContext.Provider value={owner}>{children}</OwnerContext.Provider>;
}

interface OwnerScopeProps {
  type: OwnerType;
  prefix: string;
  /** The route parameter holding the owner's id; without it the signed-in user's own profile. */
  param?: string;
}

/** A layout route: the owner from the URL (or the signed-in user), then the child pages. */
export function OwnerScope({ type, prefix, param }: OwnerScopeProps) {
  const routeParams = useParams();
  const user = useAppStore((state) => state.user);
  const raw = param ? Number(routeParams[param]) : ownProfileId(type, user);
  const id = raw !== null && Number.isInteger(raw) && raw > 0 ? raw : null;
  const owner = useMemo<Owner | null>(
    () => (id === null ? null : { type, id, prefix, params: param ? { [param]: id } : {}, managed: !!param }),
    [id, type, prefix, param],
  );
  if (!owner) return <Outlet />;
  return (
    <OwnerContext.Provider value={owner}>
      <Outlet />
    </OwnerContext.Provider>
  );
}

/** The owner of the current page; null on a page outside an owner scope (or without a profile). */
export function useOwner(): Owner | null {
  return useContext(OwnerContext);
}

/**
 * Links within the owner's base: `sectionHref('BankAccountEdit', { bankAccountId: 3 })`, or null
 * when this base has no such page (a simple user has no team documents, …).
 */
export function useSectionHref(): (section: string, params?: Record<string, string | number>) => string | null {
  const owner = useOwner();
  return (section, params = {}) => {
    if (!owner) return null;
    const key = `${owner.prefix}${section}`;
    if (!(key in PATHS)) return null;
    return (href as (key: PathKey, params: Record<string, string | number>) => string)(key as PathKey, {
      ...owner.params,
      ...params,
    });
  };
}
