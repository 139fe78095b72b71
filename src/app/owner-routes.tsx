import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';
import type { OwnerType } from '@shared/schemas/owner';
import { PATHS, type PathKey } from '@/lib/paths';
import { allDigitsLoader, riderSectionLoader } from './guards/loaders';
import { lazyPage, loadChunk } from './lazy-route';
import type { RouteHandle } from './route-handle';

/*
 * The owner sections (profile, bank accounts, documents, team), built once for every base that shows them: an audience's own
 * pages (`/rider/…`) and the admin's and employer's pages about someone (`/riders/:riderId/…`).
 * A section's page is `${prefix}${Section}` in PATHS; which sections a base has is the set of
 * those keys that exist. Pages of one section nest under its list (breadcrumbs).
 */

const portal = () => import('./routes/portal');
const riderPages = () => import('./routes/rider');
const employerPages = () => import('./routes/employer');
const merchantPages = () => import('./routes/merchant');
const paymentPages = () => import('./routes/payments');
const adminPeoplePages = () => import('./routes/admin/people');

type Lazy = RouteObject['lazy'];
const SECTION_PAGES = {
  Profile: lazyPage(portal, (m) => m.ProfileRoute),
  BankAccounts: lazyPage(portal, (m) => m.BankAccountsRoute),
  BankAccountAdd: lazyPage(portal, (m) => m.BankAccountAddRoute),
  BankAccountEdit: lazyPage(portal, (m) => m.BankAccountEditRoute),
  // The SVPS variants: the admin's rider pages only.
  SvpsBankAccountAdd: lazyPage(adminPeoplePages, (m) => m.SvpsBankAccountAddRoute),
  SvpsBankAccountEdit: lazyPage(adminPeoplePages, (m) => m.SvpsBankAccountEditRoute),
  Documents: lazyPage(portal, (m) => m.DocumentsRoute),
  DocumentAdd: lazyPage(portal, (m) => m.DocumentAddRoute),
  TeamMembers: lazyPage(portal, (m) => m.TeamMembersRoute),
  TeamMemberAdd: lazyPage(portal, (m) => m.TeamMemberAddRoute),
  TeamMemberEdit: lazyPage(portal, (m) => m.TeamMemberEditRoute),
  TeamMembersJoin: lazyPage(portal, (m) => m.TeamMembersJoinRoute),
  TeamMemberDocuments: lazyPage(portal, (m) => m.TeamMemberDocumentsRoute),
  TeamMemberDocumentAdd: lazyPage(portal, (m) => m.TeamMemberDocumentAddRoute),
  Reports: lazyPage(portal, (m) => m.ReportsRoute),
  Balance: lazyPage(portal, (m) => m.BalanceRoute),
  Shows: lazyPage(portal, (m) => m.ShowsRoute),
  ShowTransactions: lazyPage(portal, (m) => m.ShowTransactionsRoute),
  Venues: lazyPage(portal, (m) => m.ShowsRoute),
  VenueTransactions: lazyPage(portal, (m) => m.ShowTransactionsRoute),
  // The admin's page of an official's participation at a venue.
  VenueParticipation: lazyPage(adminPeoplePages, (m) => m.OfficialVenueParticipationRoute),
  RiderVenueTransactions: lazyPage(portal, (m) => m.ShowTransactionsRoute),
  ShowParticipation: lazyPage(riderPages, (m) => m.ShowParticipationRoute),
  Horses: lazyPage(riderPages, (m) => m.HorsesRoute),
  HorseAdd: lazyPage(riderPages, (m) => m.HorseAddRoute),
  HorseView: lazyPage(riderPages, (m) => m.HorseViewRoute),
  HorseOwner: lazyPage(riderPages, (m) => m.HorseOwnerRoute),
  Grooms: lazyPage(riderPages, (m) => m.GroomsRoute),
  GroomAdd: lazyPage(riderPages, (m) => m.GroomAddRoute),
  GroomEdit: lazyPage(riderPages, (m) => m.GroomEditRoute),
  Employment: lazyPage(riderPages, (m) => m.EmploymentRoute),
  VenueParticipations: lazyPage(riderPages, (m) => m.VenueParticipationsRoute),
  VecParticipations: lazyPage(riderPages, (m) => m.VecParticipationsRoute),
  Employees: lazyPage(employerPages, (m) => m.EmployeesRoute),
  EmployeeAdd: lazyPage(employerPages, (m) => m.EmployeeAddRoute),
  AddTransaction: lazyPage(merchantPages, (m) => m.MerchantAddTransactionRoute),
  ListTransactions: lazyPage(merchantPages, (m) => m.MerchantListTransactionsRoute),
  EvclFees: lazyPage(merchantPages, (m) => m.EvclFeesRoute),
  CreditCard: lazyPage(paymentPages, (m) => m.CreditCardRoute),
  CreatePayment: lazyPage(paymentPages, (m) => m.CreatePaymentRoute),
  ShowSelfCheckout: lazyPage(paymentPages, (m) => m.SelfCheckoutRoute),
} satisfies Record<string, Lazy>;
type Section = keyof typeof SECTION_PAGES;

/** Sub-pages nest under their section's list page. */
const PARENT: Partial<Record<Section, Section>> = {
  BankAccountAdd: 'BankAccounts',
  BankAccountEdit: 'BankAccounts',
  SvpsBankAccountAdd: 'BankAccounts',
  SvpsBankAccountEdit: 'BankAccounts',
  DocumentAdd: 'Documents',
  TeamMemberAdd: 'TeamMembers',
  TeamMemberEdit: 'TeamMembers',
  TeamMembersJoin: 'TeamMembers',
  TeamMemberDocuments: 'TeamMembers',
  TeamMemberDocumentAdd: 'TeamMemberDocuments',
  ShowTransactions: 'Shows',
  ShowParticipation: 'Shows',
  ShowSelfCheckout: 'Shows',
  VenueTransactions: 'Venues',
  VenueParticipation: 'Venues',
  HorseAdd: 'Horses',
  HorseView: 'Horses',
  HorseOwner: 'HorseView',
  GroomAdd: 'Grooms',
  GroomEdit: 'Grooms',
  EmployeeAdd: 'Employees',
};

const SECTIONS = Object.keys(SECTION_PAGES) as Section[];

interface BaseOptions {
  /** Run the rider's terms guard on every page but the profile (spec §5). */
  riderTerms?: boolean;
}

function sectionRoute(prefix: string, section: Section, options: BaseOptions): RouteObject {
  const key = `${prefix}${section}` as PathKey;
  const handle: RouteHandle = { route: key };
  const children = SECTIONS.filter((child) => PARENT[child] === section && `${prefix}${child}` in PATHS).map((child) =>
    sectionRoute(prefix, child, options),
  );
  const loader = options.riderTerms && section !== 'Profile' ? riderSectionLoader : allDigitsLoader;
  const page: RouteObject = { path: PATHS[key].path, handle, loader };
  if (!children.length) return { ...page, lazy: SECTION_PAGES[section] };
  return { ...page, children: [{ index: true, lazy: SECTION_PAGES[section] }, ...children] };
}

/** Every section page of a base (`prefix` = its key in PATHS), inside its owner scope. */
export function ownerSections(
  type: OwnerType,
  prefix: string,
  param: string | undefined,
  options: BaseOptions = {},
): RouteObject {
  const top = SECTIONS.filter((section) => !PARENT[section] && `${prefix}${section}` in PATHS);
  return {
    // The scope's code comes with the first section page, not with the first screen.
    lazy: async () => {
      const { OwnerScope } = await loadChunk(() => import('@/lib/owner-scope'));
      return { element: <OwnerScope type={type} prefix={prefix} param={param} /> };
    },
    children: top.map((section) => sectionRoute(prefix, section, options)),
  };
}

/** An admin's or employer's page about someone (`/riders/:riderId`): its index opens the profile. */
export function managedPerson(type: OwnerType, prefix: PathKey, param: string): RouteObject {
  const handle: RouteHandle = { route: prefix };
  return {
    path: PATHS[prefix].path,
    handle,
    loader: allDigitsLoader,
    children: [{ index: true, element: <Navigate to="profile" replace /> }, ownerSections(type, prefix, param)],
  };
}
