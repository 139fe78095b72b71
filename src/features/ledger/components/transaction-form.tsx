import { Alert, Button, Group, NativeSelect, Skeleton, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { LARGE_ENTRY_SHARE, computeTax, type PartyType } from '@shared/ledger';
import { formatMoney } from '@/lib/format';
import type { Transaction } from '@shared/schemas/ledger';
import { errorText } from '@/lib/api-error';
import { confirmDialog } from '@/lib/dialogs';
import { FormErrorList } from '@/lib/components/form-error-list';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { useCreateTransaction } from '../api/create-transaction';
import { useEditTransaction } from '../api/edit-transaction';
import { useTaxConfiguration } from '../api/get-tax-configuration';
import { useTransactionDefaults } from '../api/get-transaction-defaults';
import { useVenueDetail } from '../api/get-venue-detail';
import { useConsumables } from '../api/list-consumables';
import { useEvents } from '../api/list-events';
import { useTaxTypes } from '../api/list-tax-types';
import { currencyLabel } from '../currency-label';
import { previewRate } from '../tax-rate';
import {
  editTransactionValues,
  isMoneyKind,
  newTransactionValues,
  OFFICE_KINDS,
  overLimitError,
  toTransactionEdit,
  toTransactionInput,
  unitPriceOf,
  validateTransaction,
  type TransactionValues,
} from '../transaction-values';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { EntrySummary } from './entry-summary';
import { LineFields } from './line-fields';
import { PartyField } from './party-field';
import { TaxPreview } from './tax-preview';

interface TransactionFormProps {
  venueId: number;
  /** The entry to correct; none for a new one. */
  transaction?: Transaction;
  /** The party type a new entry starts with. */
  partyType?: PartyType;
  onSaved(saved: Transaction): void;
  onCancel?(): void;
}

/**
 * A new entry, or the correction of one (the server reverses it and posts the new one).
 * Waits for the venue: its currency and whether prices include tax shape the form.
 */
export function TransactionForm(props: TransactionFormProps) {
  const { t } = useTranslation('ledger');
  const venue = useVenueDetail(props.venueId);
  if (venue.isError) return <Alert color="red">{errorText(venue.error)}</Alert>;
  if (!venue.data) return <Skeleton height={320} aria-label={t('loading')} />;
  return (
    <TransactionFormFields
      {...props}
      currency={currencyLabel(venue.data)}
      pricesIncludeTax={venue.data.prices_include_tax}
      entryLimit={venue.data.max_entry_minor}
    />
  );
}

interface FieldsProps extends TransactionFormProps {
  currency: string;
  pricesIncludeTax: boolean;
  /** The venue's limit for one entry (minor units): above it the server refuses the entry. */
  entryLimit: number;
}

function TransactionFormFields({
  venueId,
  transaction,
  partyType,
  onSaved,
  onCancel,
  currency,
  pricesIncludeTax,
  entryLimit,
}: FieldsProps) {
  const { t } = useTranslation('ledger');
  const consumables = useConsumables(venueId);
  const events = useEvents(venueId);
  const taxTypes = useTaxTypes();
  const form = useForm<TransactionValues>({
    initialValues: transaction ? editTransactionValues(transaction) : newTransactionValues(partyType),
    validate: validateTransaction,
  });
  const { values } = form;
  // The rider the server takes the default event and the tax override from (ledger/entry.ts).
  const rider = transaction
    ? (transaction.beneficiary?.id ?? (transaction.party.type === 'rider' ? transaction.party.id : null))
    : values.party_type === 'rider' && values.party_id
      ? Number(values.party_id)
      : null;
  const defaults = useTransactionDefaults(venueId, 'rider', rider);
  // Like the server: the chosen event, else the rider's only event at the venue.
  const vec = values.vec ? Number(values.vec) : (defaults.data?.vec ?? null);
  const override = defaults.data?.tax_override ?? 'NO_OVERRIDE';
  const configuration = useTaxConfiguration(vec);
  const { formErrors, run } = useSubmit(form);
  const idempotency = useIdempotencyKey();
  const create = useCreateTransaction();
  const edit = useEditTransaction();

  const price = unitPriceOf(values.unit_price);
  const money = isMoneyKind(values.kind);
  const quantity = money ? 1 : Number(values.quantity);
  const lineAmount = price !== null && Number.isInteger(quantity) && quantity > 0 ? price * quantity : null;
  // Like the server: payments, payouts and prize money carry no VAT.
  const rate =
    money || values.category === 'prize_money'
      ? null
      : previewRate({
          taxType: values.tax_type ? Number(values.tax_type) : null,
          consumable: consumables.data?.find((item) => String(item.id) === values.consumable) ?? null,
          configuration: vec !== null ? (configuration.data ?? null) : null,
          category: values.category,
          taxTypes: taxTypes.data ?? [],
        });

  /** One attempt; the key survives it only when the outcome is unknown. */
  async function attempt(body: unknown, send: (key: string) => Promise<Transaction>): Promise<Transaction> {
    try {
      const saved = await send(idempotency.keyFor(body));
      idempotency.settle();
      return saved;
    } catch (error) {
      idempotency.settle(error);
      throw error;
    }
  }

  /** The gross the server will save, as the preview computes it. */
  const gross =
    lineAmount === null
      ? null
      : computeTax({
          lineAmount,
          pricesIncludeTax: rate ? pricesIncludeTax : true,
          rateBp: rate?.rateBp ?? 0,
          appliesByDefault: rate?.appliesByDefault ?? false,
          override: rate ? override : 'NO_OVERRIDE',
        }).gross;
  const largeFrom = Math.floor(entryLimit * LARGE_ENTRY_SHARE);

  const submit = form.onSubmit(async (submitted) => {
    // above the venue's limit is refused here as on the server; a large entry asks first.
    const overLimit = overLimitError(gross, entryLimit, currency);
    if (overLimit) {
      form.setFieldError('unit_price', overLimit);
      return;
    }
    if (gross !== null && gross > largeFrom) {
      const confirmed = await confirmDialog({
        title: t('form.confirmLargeTitle'),
        message: t('form.confirmLarge', {
          amount: formatMoney(gross, currency),
          threshold: formatMoney(largeFrom, currency),
        }),
      });
      if (!confirmed) return;
    }
    const result: { saved?: Transaction } = {};
    const ok = await run(async () => {
      if (transaction) {
        const input = toTransactionEdit(submitted);
        result.saved = await attempt({ id: transaction.id, input }, (idempotencyKey) =>
          edit.mutateAsync({ id: transaction.id, input, idempotencyKey }),
        );
      } else {
        const input = toTransactionInput(submitted, venueId);
        result.saved = await attempt(input, (idempotencyKey) => create.mutateAsync({ input, idempotencyKey }));
      }
    });
    if (ok && result.saved) {
      notify.success(t('saved'));
      onSaved(result.saved);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorList errors={formErrors} />
        {transaction ? (
          <EntrySummary transaction={transaction} currency={currency} />
        ) : (
          <>
            <PartyField form={form} />
            <NativeSelect
              label={t('form.kind')}
              data={OFFICE_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
              {...form.getInputProps('kind')}
              w={{ base: '100%', sm: 220 }}
            />
          </>
        )}
        <LineFields
          form={form}
          consumables={consumables.data ?? []}
          events={events.data ?? []}
          taxTypes={taxTypes.data ?? []}
          currency={currency}
          defaultEvent={defaults.data?.vec ?? null}
        />
        <TaxPreview
          lineAmount={lineAmount}
          pricesIncludeTax={pricesIncludeTax}
          rate={rate}
          currency={currency}
          override={override}
        />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('form.cancel')}
            </Button>
          )}
          <Button type="submit" loading={form.submitting}>
            {transaction ? t('form.saveCorrection') : t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
