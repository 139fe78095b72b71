import type { BankLineStatus } from '@shared/schemas/payouts';

/** React Query keys of the bank-statements feature: everything starts with `['bankStatements']`. */
export const bankStatementKeys = {
  all: ['bankStatements'] as const,
  list: (venue: number) => ['bankStatements', 'list', venue] as const,
  lines: (venue: number, status: BankLineStatus, page: number) =>
    ['bankStatements', 'lines', venue, status, page] as const,
};
