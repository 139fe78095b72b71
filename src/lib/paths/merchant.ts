import type { PathEntry } from './entry';

/** The merchant's own pages (/merchant). */
export const MERCHANT_PATHS = {
  merchant: { path: '/merchant', label: 'merchant' },
  merchantDashboard: { path: '/merchant/dashboard', label: 'merchantDashboard' },
  merchantAddTransaction: { path: '/merchant/addTransaction', label: 'merchantAddTransaction' },
  merchantListTransactions: { path: '/merchant/listTransactions', label: 'merchantListTransactions' },
  merchantEvclFees: { path: '/merchant/evclFees', label: 'evclFees' },
  merchantProfile: { path: '/merchant/profile', label: 'profile' },
  merchantBankAccounts: { path: '/merchant/bankAccounts', label: 'bankAccounts' },
  merchantBankAccountAdd: { path: '/merchant/bankAccounts/add', label: 'bankAccountAdd' },
  merchantBankAccountEdit: { path: '/merchant/bankAccounts/:bankAccountId', label: 'bankAccountEdit' },
} as const satisfies Record<string, PathEntry>;
