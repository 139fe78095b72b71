import type { PathEntry } from './entry';

/** The official's own pages (/official). */
export const OFFICIAL_PATHS = {
  official: { path: '/official', label: 'official' },
  officialOverview: { path: '/official/overview', label: 'officialOverview' },
  officialProfile: { path: '/official/profile', label: 'profile' },
  officialBankAccounts: { path: '/official/bankAccounts', label: 'bankAccounts' },
  officialBankAccountAdd: { path: '/official/bankAccounts/add', label: 'bankAccountAdd' },
  officialBankAccountEdit: { path: '/official/bankAccounts/:bankAccountId', label: 'bankAccountEdit' },
  officialDocuments: { path: '/official/documents', label: 'documents' },
  officialDocumentAdd: { path: '/official/documents/add', label: 'documentAdd' },
  officialReports: { path: '/official/reports', label: 'reports' },
  officialVenues: { path: '/official/venues', label: 'officialVenues' },
  officialVenueTransactions: { path: '/official/venues/:venueId/transactions', label: 'showTransactions' },
  officialBalance: { path: '/official/balance', label: 'balance' },
  officialCreditCard: { path: '/official/creditCard', label: 'creditCard' },
  officialCreatePayment: { path: '/official/createPayment', label: 'createPayment', whitelabelSafe: true },
  officialTeamMembers: { path: '/official/teamMembers', label: 'accreditation' },
  officialTeamMemberAdd: { path: '/official/teamMembers/add', label: 'teamMemberAdd' },
  officialTeamMemberEdit: { path: '/official/teamMembers/:teamMembersId', label: 'teamMemberEdit' },
  officialTeamMembersJoin: { path: '/official/teamMembers/join', label: 'teamMembersJoin' },
} as const satisfies Record<string, PathEntry>;
