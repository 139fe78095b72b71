import { Checkbox, Group, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { venueBankAccountInput, type VenueBankAccount } from '@shared/schemas/configuration';
import { schemaValidator } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { useCreateBankAccount, type BankAccountInput } from '../api/create-bank-account';
import { useCurrencies } from '../api/list-currencies';
import { useUpdateBankAccount } from '../api/update-bank-account';
import { FormModal } from '@/lib/components/form-modal';

interface BankAccountValues {
  venue: number;
  holder_name: string;
  iban: string;
  bic: string;
  bank_name: string;
  currency: string;
  is_default: boolean;
}

const validateSchema = schemaValidator<BankAccountValues>(venueBankAccountInput);

interface BankAccountFormProps {
  venueId: number;
  currency: string;
  account: VenueBankAccount | null;
  onClose(): void;
}

export function BankAccountForm({ venueId, currency, account, onClose }: BankAccountFormProps) {
  const { t } = useTranslation('configuration');
  const currencies = useCurrencies();
  const create = useCreateBankAccount();
  const update = useUpdateBankAccount();
  const form = useForm<BankAccountValues>({
    mode: 'uncontrolled',
    initialValues: {
      venue: venueId,
      holder_name: account?.holder_name ?? '',
      iban: account?.iban ?? '',
      bic: account?.bic ?? '',
      bank_name: account?.bank_name ?? '',
      currency: account?.currency ?? currency,
      is_default: account?.is_default ?? false,
    },
    validate: validateSchema,
  });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit(async (values) => {
    const input: BankAccountInput = {
      ...values,
      iban: values.iban.replace(/\s+/g, '').toUpperCase(),
      bic: values.bic.trim() || null,
      bank_name: values.bank_name.trim() || null,
    };
    const saved = await run(async () => {
      if (account) await update.mutateAsync({ ...input, id: account.id });
      else await create.mutateAsync(input);
    });
    if (!saved) return;
    notify.success(t('toast.saved'));
    onClose();
  });
  const currencyOptions = (currencies.data?.results ?? []).map((c) => ({
    value: c.code,
    label: `${c.code} – ${c.name}`,
  }));
  if (!currencyOptions.some((option) => option.value === currency))
    currencyOptions.push({ value: currency, label: currency });
  return (
    <FormModal
      title={account ? t('bankAccounts.edit') : t('bankAccounts.add')}
      onClose={onClose}
      onSubmit={submit}
      errors={formErrors}
      submitting={form.submitting}
      size="lg"
    >
      <TextInput
        label={t('bankAccounts.holder')}
        required
        key={form.key('holder_name')}
        {...form.getInputProps('holder_name')}
      />
      <TextInput
        label={t('bankAccounts.iban')}
        required
        autoComplete="off"
        key={form.key('iban')}
        {...form.getInputProps('iban')}
      />
      <Group grow align="flex-start" wrap="wrap">
        <TextInput label={t('bankAccounts.bic')} miw={140} key={form.key('bic')} {...form.getInputProps('bic')} />
        <TextInput
          label={t('bankAccounts.bank')}
          miw={180}
          key={form.key('bank_name')}
          {...form.getInputProps('bank_name')}
        />
      </Group>
      <Select
        label={t('bankAccounts.currency')}
        required
        allowDeselect={false}
        searchable
        data={currencyOptions}
        key={form.key('currency')}
        {...form.getInputProps('currency')}
      />
      <Checkbox
        label={t('bankAccounts.isDefault')}
        key={form.key('is_default')}
        {...form.getInputProps('is_default', { type: 'checkbox' })}
      />
    </FormModal>
  );
}
