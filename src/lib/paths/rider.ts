import type { PathEntry } from './entry';

/** The rider's own pages (/rider). */
export const RIDER_PATHS = {
  rider: { path: '/rider', label: 'rider' },
  riderOverview: { path: '/rider/overview', label: 'riderOverview', whitelabelSafe: true },
  // The rider must reach the profile to see (and later accept) the terms on any domain.
  riderProfile: { path: '/rider/profile', label: 'riderProfile', whitelabelSafe: true },
  riderOverviewShow: { path: '/rider/overview/show/:show', label: 'riderOverviewShow' },
  riderHorses: { path: '/rider/horses', label: 'horses' },
  riderHorseAdd: { path: '/rider/horses/add', label: 'horseAdd' },
  riderHorseView: { path: '/rider/horses/view/:id', label: 'horseView' },
  riderHorseOwner: { path: '/rider/horses/view/:id/:horseOwnerId', label: 'horseOwner' },
  riderGrooms: { path: '/rider/grooms', label: 'grooms' },
  riderGroomAdd: { path: '/rider/grooms/add', label: 'groomAdd' },
  riderGroomEdit: { path: '/rider/grooms/edit/:groomId', label: 'groomEdit' },
  riderBankAccounts: { path: '/rider/bankAccounts', label: 'bankAccounts' },
  riderBankAccountAdd: { path: '/rider/bankAccounts/add', label: 'bankAccountAdd' },
  riderBankAccountEdit: { path: '/rider/bankAccounts/:bankAccountId', label: 'bankAccountEdit' },
  riderEmployment: { path: '/rider/employment', label: 'employment' },
  riderTeamMembers: { path: '/rider/teamMembers', label: 'teamMembers' },
  riderTeamMemberAdd: { path: '/rider/teamMembers/add', label: 'teamMemberAdd' },
  riderTeamMemberEdit: { path: '/rider/teamMembers/:teamMembersId', label: 'teamMemberEdit' },
  riderTeamMembersJoin: { path: '/rider/teamMembers/join', label: 'teamMembersJoin' },
  riderTeamMemberDocuments: { path: '/rider/teamMembers/documents', label: 'teamMemberDocuments' },
  riderTeamMemberDocumentAdd: { path: '/rider/teamMembers/documents/add', label: 'teamMemberDocumentAdd' },
  riderDocuments: { path: '/rider/documents', label: 'documents' },
  riderDocumentAdd: { path: '/rider/documents/add', label: 'documentAdd' },
  riderShows: { path: '/rider/shows', label: 'shows' },
  riderShowTransactions: { path: '/rider/shows/:venueId/transactions', label: 'showTransactions' },
  riderShowParticipation: { path: '/rider/shows/participation/:participationId', label: 'showParticipation' },
  // Paying at the end of the show, from the phone, on the show's own domain too.
  riderShowSelfCheckout: {
    path: '/rider/shows/:riderId/:venueId/selfCheckout',
    label: 'selfCheckout',
    whitelabelSafe: true,
  },
  riderReports: { path: '/rider/reports', label: 'reports' },
  riderBalance: { path: '/rider/balance', label: 'balance' },
  riderCreditCard: { path: '/rider/creditCard', label: 'creditCard' },
  riderCreatePayment: { path: '/rider/createPayment', label: 'createPayment', whitelabelSafe: true },
  /**
   * Where sign-in links and the whitelabel rule land (no auth needed): a signed-in rider
   * goes on to `next` (or the overview), anyone else to the login with `next` kept.
   */
  riderAuthRedirect: { path: '/rider/authRedirect', label: 'riderAuthRedirect', whitelabelSafe: true },
} as const satisfies Record<string, PathEntry>;
