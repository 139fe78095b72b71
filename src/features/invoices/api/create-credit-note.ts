import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreditNoteInput, Invoice } from '@shared/schemas/invoices';
import { api } from '@/lib/api-client';
import { invoiceKeys } from '../keys';

export interface CreateCreditNote {
  invoice: number;
  input: CreditNoteInput;
  /** One per submission (use-idempotency-key): a retried request never credits twice. */
  idempotencyKey: string;
}

/** POST /api/v1/invoice/{id}/creditNote/ with its Idempotency-Key header → the new credit note (201). */
export function createCreditNote({ invoice, input, idempotencyKey }: CreateCreditNote): Promise<Invoice> {
  return api.post<Invoice>(`invoice/${invoice}/creditNote/`, input, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateCreditNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCreditNote,
    onSuccess: (note) => {
      client.setQueryData(invoiceKeys.detail(note.id), note);
      void client.invalidateQueries({ queryKey: invoiceKeys.all });
    },
  });
}
