import type { PathEntry } from './entry';

/** The simple user's own pages (/simpleuser). */
export const SIMPLEUSER_PATHS = {
  simpleuser: { path: '/simpleuser', label: 'simpleuser' },
  simpleuserOverview: { path: '/simpleuser/overview', label: 'simpleuserOverview' },
  simpleuserProfile: { path: '/simpleuser/profile', label: 'profile' },
  simpleuserBankAccounts: { path: '/simpleuser/bankAccounts', label: 'bankAccounts' },
  simpleuserBankAccountAdd: { path: '/simpleuser/bankAccounts/add', label: 'bankAccountAdd' },
  simpleuserBankAccountEdit: { path: '/simpleuser/bankAccounts/:bankAccountId', label: 'bankAccountEdit' },
  simpleuserDocuments: { path: '/simpleuser/documents', label: 'documents' },
  simpleuserDocumentAdd: { path: '/simpleuser/documents/add', label: 'documentAdd' },
  simpleuserReports: { path: '/simpleuser/reports', label: 'reports' },
  simpleuserBalance: { path: '/simpleuser/balance', label: 'balance' },
  simpleuserCreditCard: { path: '/simpleuser/creditCard', label: 'creditCard' },
  simpleuserCreatePayment: { path: '/simpleuser/createPayment', label: 'createPayment', whitelabelSafe: true },
  simpleuserTeamMembers: { path: '/simpleuser/teamMembers', label: 'teamMembers' },
  simpleuserTeamMemberAdd: { path: '/simpleuser/teamMembers/add', label: 'teamMemberAdd' },
  simpleuserTeamMemberEdit: { path: '/simpleuser/teamMembers/:teamMembersId', label: 'teamMemberEdit' },
  simpleuserTeamMembersJoin: { path: '/simpleuser/teamMembers/join', label: 'teamMembersJoin' },
} as const satisfies Record<string, PathEntry>;
