import { Card, Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { bankAccountInput, type BankAccount } from '@shared/schemas/owner';
import { schemaValidator } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { QueryView } from '@/lib/components/query-view';
import { FormActions } from '@/lib/components/form-actions';
import { useBankAccount, useBankAccountMutations } from '../api/bank-accounts';
import type { OwnerRef } from '../api/owner-path';
import { groupedIban } from './bank-account-list';

interface BankAccountValues {
  holder_name: string;
  iban: string;
  bic: string;
  bank_name: string;
  currency: string;
  is_default: boolean;
}

const normalise = (values: BankAccountValues) => ({
  ...values,
  bank_name: values.bank_name.trim() || null,
  currency: values.currency.trim().toUpperCase(),
});
const validateSchema = schemaValidator<ReturnType<typeof normalise>>(bankAccountInput);

interface BankAccountFormProps {
  owner: OwnerRef;
  /** The account to edit; a new one otherwise. */
  account?: BankAccount;
  /** After "Saved successfully.": back to the list. */
  onDone(): void;
}

/** Add or edit a bank account; the IBAN (mod 97) and BIC are checked before anything is sent. */
export function BankAccountForm({ owner, account, onDone }: BankAccountFormProps) {
  const { t } = useTranslation(['owner', 'common']);
  const { save } = useBankAccountMutations(owner);
  const form = useForm<BankAccountValues>({
    mode: 'uncontrolled',
    initialValues: {
      holder_name: account?.holder_name ?? '',
      iban: account ? groupedIban(account.iban) : '',
      bic: account?.bic ?? '',
      bank_name: account?.bank_name ?? '',
      currency: account?.currency ?? 'EUR',
      is_default: account?.is_default ?? false,
    },
    validate: (values) => validateSchema(normalise(values)),
  });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit(async (values) => {
    const input = bankAccountInput.parse(normalise(values));
    const saved = await run(async () => {
      await save.mutateAsync({ id: account?.id ?? null, input });
    });
    if (!saved) return;
    notify.success(t('common:toast.saved'));
    onDone();
  });
  const title = account ? t('bank.edit') : t('bank.add');
  return (
    <Card withBorder>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack>
          <TextInput
            label={t('bank.holder')}
            required
            key={form.key('holder_name')}
            {...form.getInputProps('holder_name')}
          />
          <TextInput
            label={t('bank.iban')}
            required
            autoComplete="off"
            spellCheck={false}
            key={form.key('iban')}
            {...form.getInputProps('iban')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('bank.bic')} autoComplete="off" key={form.key('bic')} {...form.getInputProps('bic')} />
            <TextInput label={t('bank.bank')} key={form.key('bank_name')} {...form.getInputProps('bank_name')} />
          </SimpleGrid>
          <TextInput
            label={t('bank.currency')}
            required
            maxLength={3}
            description={t('bank.currencyHint')}
            key={form.key('currency')}
            {...form.getInputProps('currency')}
          />
          <Checkbox
            label={t('bank.isDefault')}
            key={form.key('is_default')}
            {...form.getInputProps('is_default', { type: 'checkbox' })}
          />
          <FormActions errors={formErrors} submitting={form.submitting} onCancel={onDone} />
        </Stack>
      </form>
    </Card>
  );
}

/** The edit page's form, once the account is loaded. */
export function BankAccountEdit({ owner, id, onDone }: { owner: OwnerRef; id: number; onDone(): void }) {
  const account = useBankAccount(id);
  return (
    <QueryView query={account} height={240}>
      {(data) => <BankAccountForm owner={owner} account={data} onDone={onDone} />}
    </QueryView>
  );
}
