import type { OwnerType } from '@shared/schemas/owner';
import { href, type PathKey, type StaticPathKey } from '@/lib/paths';

interface KindPages {
  list: StaticPathKey;
  add: StaticPathKey;
  profile: PathKey;
  /** The route parameter of a person of this kind. */
  param: string;
}

/** The admin's pages per kind of person. */
export const KIND_PAGES: Record<OwnerType, KindPages> = {
  rider: { list: 'adminRiders', add: 'adminRiderAdd', profile: 'adminRiderProfile', param: 'riderId' },
  employer: { list: 'adminEmployers', add: 'adminEmployerAdd', profile: 'adminEmployerProfile', param: 'employerId' },
  official: { list: 'adminOfficials', add: 'adminOfficialAdd', profile: 'adminOfficialProfile', param: 'officialId' },
  simpleuser: {
    list: 'adminSimpleusers',
    add: 'adminSimpleuserAdd',
    profile: 'adminSimpleuserProfile',
    param: 'simpleUserId',
  },
  merchant: { list: 'adminMerchants', add: 'adminMerchantAdd', profile: 'adminMerchantProfile', param: 'merchantId' },
};

/** The profile page of a person: `/riders/5/profile`, … */
export function profileHref(kind: OwnerType, id: number): string {
  const pages = KIND_PAGES[kind];
  return (href as (key: PathKey, params: Record<string, number>) => string)(pages.profile, { [pages.param]: id });
}
