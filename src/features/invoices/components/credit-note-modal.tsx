import { Checkbox, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { CreditNoteInput, Invoice } from '@shared/schemas/invoices';
import { FormModal } from '@/lib/components/form-modal';
import { formatMoney } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { useSubmit } from '@/lib/use-submit';
import { useCreateCreditNote } from '../api/create-credit-note';

interface CreditNoteValues {
  /** The transactions of the lines to credit, as the checkboxes hold them. */
  lines: string[];
  reason: string;
}

interface CreditNoteModalProps {
  invoice: Invoice;
  onClose(): void;
  onCreated(note: Invoice): void;
}

/**
 * A credit note for the chosen lines of an invoice (every line not credited yet is chosen at
 * first), with an optional reason. One Idempotency-Key per submission, kept for a retry.
 */
export function CreditNoteModal({ invoice, onClose, onCreated }: CreditNoteModalProps) {
  const { t } = useTranslation('invoices');
  const open = invoice.lines.filter((line) => !line.credited);
  const form = useForm<CreditNoteValues>({
    initialValues: { lines: open.map((line) => String(line.transaction)), reason: '' },
    validate: {
      lines: (value) => (value.length ? null : t('creditNote.noLines')),
      reason: (value) => (value.trim().length > 500 ? t('creditNote.reasonTooLong') : null),
    },
  });
  const { formErrors, run } = useSubmit(form);
  const idempotency = useIdempotencyKey();
  const create = useCreateCreditNote();
  // A server error about one line (`lines.0`) belongs to the list of lines.
  const linesError = [
    form.errors.lines,
    ...Object.entries(form.errors)
      .filter(([path]) => path.startsWith('lines.'))
      .map(([, text]) => text),
  ]
    .filter(Boolean)
    .join(' ');

  const submit = form.onSubmit(async (values) => {
    const input: CreditNoteInput = {
      lines: values.lines.map(Number),
      ...(values.reason.trim() ? { reason: values.reason.trim() } : {}),
    };
    const result: { note?: Invoice } = {};
    const ok = await run(async () => {
      try {
        result.note = await create.mutateAsync({
          invoice: invoice.id,
          input,
          idempotencyKey: idempotency.keyFor({ invoice: invoice.id, input }),
        });
        idempotency.settle();
      } catch (error) {
        idempotency.settle(error);
        throw error;
      }
    });
    if (ok && result.note) {
      notify.success(t('creditNote.created', { number: result.note.number }));
      onCreated(result.note);
    }
  });

  return (
    <FormModal
      title={t('creditNote.title', { number: invoice.number })}
      onClose={onClose}
      onSubmit={submit}
      errors={formErrors}
      submitting={create.isPending}
      submitLabel={t('creditNote.submit')}
      size="lg"
    >
      <Text size="sm">{t('creditNote.intro')}</Text>
      <Checkbox.Group label={t('creditNote.lines')} {...form.getInputProps('lines')} error={linesError || undefined}>
        <Stack gap="xs" mt="xs">
          {open.map((line) => (
            <Checkbox
              key={line.transaction}
              value={String(line.transaction)}
              label={t('creditNote.line', {
                description: line.description,
                quantity: line.quantity,
                gross: formatMoney(line.gross, invoice.currency),
              })}
              description={line.beneficiary ? t('line.for', { name: line.beneficiary }) : undefined}
              styles={{ label: { overflowWrap: 'anywhere' } }}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Textarea label={t('creditNote.reason')} rows={3} maxLength={500} {...form.getInputProps('reason')} />
    </FormModal>
  );
}
