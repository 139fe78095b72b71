import { Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DuePayee } from '@shared/schemas/payouts';
import { formatMoney } from '@/lib/format';
import { PayeeStatusBadge } from './payee-status-badge';

/** A payee's key: one party may be owed on its own account and, as a merchant, on its takings. */
export const payeeKey = (p: Pick<DuePayee, 'party_type' | 'party_id' | 'account'>) =>
  `${p.party_type}:${p.party_id}:${p.account}`;

export interface PayeeChoice {
  /** The amount as typed ("150.00"); empty: the whole amount owed. */
  amount: string;
  /** The server's or the form's message for this payee. */
  error?: string;
}

interface DuePayeesProps {
  payees: DuePayee[];
  currency: string;
  chosen: Record<string, PayeeChoice>;
  onToggle(payee: DuePayee, checked: boolean): void;
  onAmount(payee: DuePayee, amount: string): void;
}

/**
 * What the venue owes, one card per payee (readable at 360 px): name, kind, amount, the bank
 * account it would go to — or why it cannot be paid. Payable ones can be chosen, with the whole
 * amount or a part of it.
 */
export function DuePayees({ payees, currency, chosen, onToggle, onAmount }: DuePayeesProps) {
  const { t } = useTranslation('payouts');
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('due.listLabel')}>
      {payees.map((payee) => {
        const key = payeeKey(payee);
        const choice = chosen[key];
        const payable = payee.status === 'ok';
        return (
          <Paper key={key} component="li" withBorder p="sm" aria-label={payee.name}>
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Checkbox
                  label={
                    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {payee.name || t('due.unnamed')}
                    </Text>
                  }
                  description={t(`payeeKind.${payee.account === 'merchant' ? 'takings' : payee.party_type}`)}
                  aria-label={t('due.choose', { name: payee.name })}
                  checked={!!choice}
                  disabled={!payable}
                  onChange={(event) => onToggle(payee, event.currentTarget.checked)}
                />
                <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(payee.amount, currency)}
                </Text>
              </Group>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {payee.bank
                    ? `${payee.bank.holder} · ${payee.bank.iban}${payee.bank.bic ? ` · ${payee.bank.bic}` : ''}`
                    : t('due.noAccount')}
                </Text>
                <PayeeStatusBadge status={payee.status} />
              </Group>
              {choice && (
                <TextInput
                  size="xs"
                  label={t('due.amount', { currency })}
                  placeholder={formatMoney(payee.amount, '').trim()}
                  inputMode="decimal"
                  value={choice.amount}
                  error={choice.error}
                  onChange={(event) => onAmount(payee, event.currentTarget.value)}
                  maw={220}
                />
              )}
              {!payable && payee.status !== 'no_account' && (
                <Text size="xs" c="dimmed">
                  {t(`payeeHint.${payee.status}`)}
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
