import { Card, Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  bankAccountInput,
  FEDERATION_HOLDERS,
  federationAccountInput,
  type BankAccount,
  type Federation,
} from '@shared/schemas/owner';
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
  /** The federation variant's only; the owner's own account sends none. */
  member_number: string;
  is_default: boolean;
}

/** What the form sends: the owner's own account, or with `federation` the federation variant. */
function normalise({ member_number, ...values }: BankAccountValues, federation: Federation | undefined) {
  const own = {
    ...values,
    bank_name: values.bank_name.trim() || null,
    currency: values.currency.trim().toUpperCase(),
  };
  return federation ? { ...own, kind: 'federation' as const, federation, member_number } : own;
}

interface BankAccountFormProps {
  owner: OwnerRef;
  /** The account to edit; a new one otherwise. */
  account?: BankAccount;
  /**
   * The federation variant (admin): the federation's account (its IBAN, the federation as holder,
   * prefilled, CHF) and the rider's member number, the reference the federation credits the
   * rider's member account by when a payout goes there. The owner's own account otherwise.
   */
  federation?: Federation;
  /** After "Saved successfully.": back to the list. */
  onDone(): void;
}

/** Add or edit a bank account; the IBAN (mod 97) and BIC are checked before anything is sent. */
export function BankAccountForm({ owner, account, federation, onDone }: BankAccountFormProps) {
  const { t } = useTranslation(['owner', 'common']);
  const { save } = useBankAccountMutations(owner);
  const schema = federation ? federationAccountInput : bankAccountInput;
  const validateSchema = schemaValidator<ReturnType<typeof normalise>>(schema);
  const form = useForm<BankAccountValues>({
    mode: 'uncontrolled',
    initialValues: {
      holder_name: account?.holder_name ?? (federation ? FEDERATION_HOLDERS[federation] : ''),
      iban: account ? groupedIban(account.iban) : '',
      bic: account?.bic ?? '',
      bank_name: account?.bank_name ?? '',
      currency: account?.currency ?? (federation ? 'CHF' : 'EUR'),
      member_number: account?.member_number ?? '',
      is_default: account?.is_default ?? false,
    },
    validate: (values) => validateSchema(normalise(values, federation)),
  });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit(async (values) => {
    const input = schema.parse(normalise(values, federation));
    const saved = await run(async () => {
      await save.mutateAsync({ id: account?.id ?? null, input });
    });
    if (!saved) return;
    notify.success(t('common:toast.saved'));
    onDone();
  });
  const title = federation ? t(account ? 'bank.svps.edit' : 'bank.svps.add') : t(account ? 'bank.edit' : 'bank.add');
  const bicAndBank = (
    <>
      <TextInput label={t('bank.bic')} autoComplete="off" key={form.key('bic')} {...form.getInputProps('bic')} />
      <TextInput label={t('bank.bank')} key={form.key('bank_name')} {...form.getInputProps('bank_name')} />
    </>
  );
  const currency = (
    <TextInput
      label={t('bank.currency')}
      required
      maxLength={3}
      description={federation ? undefined : t('bank.currencyHint')}
      key={form.key('currency')}
      {...form.getInputProps('currency')}
    />
  );
  return (
    <Card withBorder>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack>
          {federation && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('bank.svps.federation')} value={t('bank.svps.name')} readOnly />
              <TextInput
                label={t('bank.svps.memberNumber')}
                description={t('bank.svps.memberNumberHint')}
                required
                autoComplete="off"
                spellCheck={false}
                key={form.key('member_number')}
                {...form.getInputProps('member_number')}
              />
            </SimpleGrid>
          )}
          <TextInput
            label={t('bank.holder')}
            required
            key={form.key('holder_name')}
            {...form.getInputProps('holder_name')}
          />
          <TextInput
            label={federation ? t('bank.svps.iban') : t('bank.iban')}
            required
            autoComplete="off"
            spellCheck={false}
            key={form.key('iban')}
            {...form.getInputProps('iban')}
          />
          {federation ? (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {bicAndBank}
              {currency}
            </SimpleGrid>
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>{bicAndBank}</SimpleGrid>
              {currency}
            </>
          )}
          <Checkbox
            label={federation ? t('bank.svps.isDefault') : t('bank.isDefault')}
            key={form.key('is_default')}
            {...form.getInputProps('is_default', { type: 'checkbox' })}
          />
          <FormActions errors={formErrors} submitting={form.submitting} onCancel={onDone} />
        </Stack>
      </form>
    </Card>
  );
}

/** The edit page's form (either variant), once the account is loaded. */
export function BankAccountEdit({
  owner,
  id,
  federation,
  onDone,
}: {
  owner: OwnerRef;
  id: number;
  federation?: Federation;
  onDone(): void;
}) {
  const account = useBankAccount(id);
  return (
    <QueryView query={account} height={240}>
      {(data) => <BankAccountForm owner={owner} account={data} federation={federation} onDone={onDone} />}
    </QueryView>
  );
}
