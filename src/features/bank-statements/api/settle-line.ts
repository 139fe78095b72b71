import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignLineInput, BankStatementLine } from '@shared/schemas/payouts';
import { api } from '@/lib/api-client';
import { bankStatementKeys } from '../keys';

/** POST /api/v1/bankStatementLine/{id}/assign/: to an invoice or a party; the payment is posted once. */
export function assignLine({ line, input }: { line: number; input: AssignLineInput }): Promise<BankStatementLine> {
  return api.post<BankStatementLine>(`bankStatementLine/${line}/assign/`, input);
}

/** POST /api/v1/bankStatementLine/{id}/ignore/: an unmatched credit set aside; nothing is posted. */
export function ignoreLine(line: number): Promise<BankStatementLine> {
  return api.post<BankStatementLine>(`bankStatementLine/${line}/ignore/`);
}

export function useSettleLine() {
  const client = useQueryClient();
  const onSuccess = () => void client.invalidateQueries({ queryKey: bankStatementKeys.all });
  return {
    assign: useMutation({ mutationFn: assignLine, onSuccess }),
    ignore: useMutation({ mutationFn: ignoreLine, onSuccess }),
  };
}
