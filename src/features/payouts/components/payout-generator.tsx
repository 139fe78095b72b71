import { Alert, Button, Card, Checkbox, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiErrorBody, type FieldErrors } from '@shared/errors';
import { MoneyError, parseAmount } from '@shared/money';
import type { CreatePayoutInput, DuePayee, PayoutDue } from '@shared/schemas/payouts';
import { ApiError } from '@/lib/api-error';
import { FormErrorList } from '@/lib/components/form-error-list';
import { confirmDialog } from '@/lib/dialogs';
import { formatMoney } from '@/lib/format';
import { submitErrors, translateFieldError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { useCreatePayoutBatch } from '../api/create-payout-batch';
import { DuePayees, payeeKey, type PayeeChoice } from './due-payees';

interface PayoutGeneratorProps {
  venueId: number;
  due: PayoutDue;
}

/** The payees' errors of a refused batch (`payees: [null, {party_id: [...]}]`), by payee key. */
function payeeErrors(error: unknown, sent: DuePayee[]): Record<string, string> {
  if (!(error instanceof ApiError) || !isApiErrorBody(error.body) || Array.isArray(error.body.fields)) return {};
  const list = (error.body.fields as FieldErrors | undefined)?.payees;
  if (!Array.isArray(list) || list.every((item) => typeof item === 'string')) return {};
  const out: Record<string, string> = {};
  (list as (FieldErrors | null)[]).forEach((item, index) => {
    const payee = sent[index];
    if (!item || !payee) return;
    const codes = Object.values(item)
      .flat()
      .filter((code): code is string => typeof code === 'string');
    out[payeeKey(payee)] = codes.map(translateFieldError).join(' ');
  });
  return out;
}

/**
 * Choose whom to pay (everyone payable, or some, each with the whole amount or a part), the
 * venue's account to pay from and the execution date, then generate the SEPA file: the server
 * writes it and posts each payout to the ledger once.
 */
export function PayoutGenerator({ venueId, due }: PayoutGeneratorProps) {
  const { t } = useTranslation('payouts');
  const titleId = useId();
  const create = useCreatePayoutBatch();
  const idempotency = useIdempotencyKey();
  const usable = due.debtor_accounts.filter((a) => a.usable);
  const [chosen, setChosen] = useState<Record<string, PayeeChoice>>({});
  const [debtor, setDebtor] = useState<string | null>(
    () => String((usable.find((a) => a.is_default) ?? usable[0])?.id ?? '') || null,
  );
  const [date, setDate] = useState(() => dayjs().add(1, 'day').format('YYYY-MM-DD'));
  const [errors, setErrors] = useState<{ form: string[]; debtor?: string; date?: string }>({ form: [] });

  const payable = due.payees.filter((p) => p.status === 'ok');
  const allChosen = payable.length > 0 && payable.every((p) => chosen[payeeKey(p)]);
  const choose = (payee: DuePayee, checked: boolean) =>
    setChosen((current) => {
      const next = { ...current };
      if (checked) next[payeeKey(payee)] = { amount: '' };
      else delete next[payeeKey(payee)];
      return next;
    });
  const chooseAll = (checked: boolean) =>
    setChosen(checked ? Object.fromEntries(payable.map((p) => [payeeKey(p), { amount: '' }])) : {});

  /** The chosen payees with their amounts, or null after marking the rows whose amount is wrong. */
  function selection(): { payee: DuePayee; amount: number }[] | null {
    let ok = true;
    const rows: { payee: DuePayee; amount: number }[] = [];
    const marked: Record<string, PayeeChoice> = {};
    for (const payee of payable) {
      const choice = chosen[payeeKey(payee)];
      if (!choice) continue;
      let amount = payee.amount;
      let error: string | undefined;
      if (choice.amount.trim()) {
        try {
          amount = parseAmount(choice.amount);
          if (amount <= 0) error = translateFieldError('too_small');
          else if (amount > payee.amount) error = translateFieldError('over_owed');
        } catch (caught) {
          if (!(caught instanceof MoneyError)) throw caught;
          error = translateFieldError('invalid');
        }
      }
      marked[payeeKey(payee)] = { ...choice, error };
      if (error) ok = false;
      else rows.push({ payee, amount });
    }
    setChosen(marked);
    return ok ? rows : null;
  }

  async function generate() {
    const rows = selection();
    if (!rows) return;
    if (!rows.length) {
      setErrors({ form: [t('generate.nobodyChosen')] });
      return;
    }
    const total = rows.reduce((sum, r) => sum + r.amount, 0);
    const confirmed = await confirmDialog({
      title: t('generate.confirmTitle'),
      message: t('generate.confirm', { count: rows.length, total: formatMoney(total, due.currency) }),
    });
    if (!confirmed) return;
    // Always the payees as shown: `all` would pay whoever is payable when the server answers.
    const input: CreatePayoutInput = {
      payees: rows.map((r) => ({
        party_type: r.payee.party_type,
        party_id: r.payee.party_id,
        account: r.payee.account,
        amount: r.amount,
      })),
      debtor_account: Number(debtor),
      execution_date: date,
    };
    setErrors({ form: [] });
    try {
      const batch = await create.mutateAsync({ venue: venueId, input, idempotencyKey: idempotency.keyFor(input) });
      idempotency.settle();
      setChosen({});
      notify.success(t('generate.done', { count: batch.transaction_count }));
    } catch (error) {
      idempotency.settle(error);
      const byPayee = payeeErrors(
        error,
        rows.map((r) => r.payee),
      );
      setChosen((current) =>
        Object.fromEntries(
          Object.entries(current).map(([key, choice]) => [key, { ...choice, error: byPayee[key] ?? choice.error }]),
        ),
      );
      const mapped = submitErrors(error, { debtor_account: '', execution_date: '' });
      setErrors({
        form: mapped.form,
        debtor: mapped.fields.debtor_account,
        date: mapped.fields.execution_date,
      });
    }
  }

  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack>
        <Title order={2} size="h4" id={titleId}>
          {t('due.title')}
        </Title>
        <Group gap="lg" aria-live="polite">
          <Text>
            {t('due.total')}: <strong>{formatMoney(due.total, due.currency)}</strong>
          </Text>
          <Text>
            {t('due.payableTotal')}: <strong>{formatMoney(due.payable_total, due.currency)}</strong>
          </Text>
        </Group>
        {due.payees.length === 0 ? (
          <Text c="dimmed">{t('due.empty')}</Text>
        ) : (
          <>
            <Checkbox
              label={t('due.chooseAll', { count: payable.length })}
              checked={allChosen}
              indeterminate={!allChosen && Object.keys(chosen).length > 0}
              disabled={!payable.length}
              onChange={(event) => chooseAll(event.currentTarget.checked)}
            />
            <DuePayees
              payees={due.payees}
              currency={due.currency}
              chosen={chosen}
              onToggle={choose}
              onAmount={(payee, amount) =>
                setChosen((current) => ({ ...current, [payeeKey(payee)]: { amount, error: undefined } }))
              }
            />
          </>
        )}
        {usable.length === 0 && <Alert color="orange">{t('generate.noDebtorAccount')}</Alert>}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('generate.debtorAccount')}
            data={usable.map((a) => ({ value: String(a.id), label: `${a.holder} · ${a.iban}` }))}
            value={debtor}
            onChange={setDebtor}
            error={errors.debtor}
            allowDeselect={false}
            miw={240}
            style={{ flex: '1 1 240px' }}
          />
          <TextInput
            type="date"
            label={t('generate.executionDate')}
            value={date}
            onChange={(event) => setDate(event.currentTarget.value)}
            error={errors.date}
            w={180}
          />
        </Group>
        <FormErrorList errors={errors.form} />
        <Group>
          <Button
            // On a phone the label may take two lines rather than be cut.
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
            leftSection={<IconFileExport size={16} aria-hidden />}
            loading={create.isPending}
            disabled={!Object.keys(chosen).length || !debtor}
            onClick={() => void generate()}
          >
            {t('generate.button', { count: Object.keys(chosen).length })}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
