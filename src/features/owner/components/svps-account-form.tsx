import { Card, Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FEDERATION_HOLDERS, federationAccountInput, type BankAccount, type Federation } from '@shared/schemas/owner';
import { schemaValidator } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { QueryView } from '@/lib/components/query-view';
import { FormActions } from '@/lib/components/form-actions';
import { useBankAccount, useBankAccountMutations } from '../api/bank-accounts';
import type { OwnerRef } from '../api/owner-path';
import { groupedIban } from './bank-account-list';

/** The one federation there is so far (the form's federation is fixed). */
const FEDERATION: Federation = 'SVPS';

interface SvpsValues {
  holder_name: string;
  iban: string;
  bic: string;
  bank_name: string;
  currency: string;
  member_number: string;
  is_default: boolean;
}

const normalise = (values: SvpsValues) => ({
  ...values,
  kind: 'federation' as const,
  federation: FEDERATION,
  bank_name: values.bank_name.trim() || null,
  currency: values.currency.trim().toUpperCase(),
});
const validateSchema = schemaValidator<ReturnType<typeof normalise>>(federationAccountInput);

interface SvpsAccountFormProps {
  owner: OwnerRef;
  /** The account to edit; a new one otherwise. */
  account?: BankAccount;
  onDone(): void;
}

/**
 * The SVPS variant of a rider's bank account (admin): the federation's account (its IBAN, the
 * federation as holder, prefilled) and the rider's member number, the reference the federation
 * credits the rider's member account by when a payout goes there.
 */
export function SvpsAccountForm({ owner, account, onDone }: SvpsAccountFormProps) {
  const { t } = useTranslation(['owner', 'common']);
  const { save } = useBankAccountMutations(owner);
  const form = useForm<SvpsValues>({
    mode: 'uncontrolled',
    initialValues: {
      holder_name: account?.holder_name ?? FEDERATION_HOLDERS[FEDERATION],
      iban: account ? groupedIban(account.iban) : '',
      bic: account?.bic ?? '',
      bank_name: account?.bank_name ?? '',
      currency: account?.currency ?? 'CHF',
      member_number: account?.member_number ?? '',
      is_default: account?.is_default ?? false,
    },
    validate: (values) => validateSchema(normalise(values)),
  });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit(async (values) => {
    const input = federationAccountInput.parse(normalise(values));
    const saved = await run(async () => {
      await save.mutateAsync({ id: account?.id ?? null, input });
    });
    if (!saved) return;
    notify.success(t('common:toast.saved'));
    onDone();
  });
  const title = account ? t('bank.svps.edit') : t('bank.svps.add');
  return (
    <Card withBorder>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack>
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
          <TextInput
            label={t('bank.holder')}
            required
            key={form.key('holder_name')}
            {...form.getInputProps('holder_name')}
          />
          <TextInput
            label={t('bank.svps.iban')}
            required
            autoComplete="off"
            spellCheck={false}
            key={form.key('iban')}
            {...form.getInputProps('iban')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('bank.bic')} autoComplete="off" key={form.key('bic')} {...form.getInputProps('bic')} />
            <TextInput label={t('bank.bank')} key={form.key('bank_name')} {...form.getInputProps('bank_name')} />
            <TextInput
              label={t('bank.currency')}
              required
              maxLength={3}
              key={form.key('currency')}
              {...form.getInputProps('currency')}
            />
          </SimpleGrid>
          <Checkbox
            label={t('bank.svps.isDefault')}
            key={form.key('is_default')}
            {...form.getInputProps('is_default', { type: 'checkbox' })}
          />
          <FormActions errors={formErrors} submitting={form.submitting} onCancel={onDone} />
        </Stack>
      </form>
    </Card>
  );
}

/** The SVPS edit page's form, once the account is loaded. */
export function SvpsAccountEdit({ owner, id, onDone }: { owner: OwnerRef; id: number; onDone(): void }) {
  const account = useBankAccount(id);
  return (
    <QueryView query={account} height={240}>
      {(data) => <SvpsAccountForm owner={owner} account={data} onDone={onDone} />}
    </QueryView>
  );
}
