import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PayeeStatus } from '@shared/schemas/payouts';

const COLORS: Record<PayeeStatus, string> = {
  ok: 'green',
  no_account: 'orange',
  invalid_iban: 'red',
  invalid_bic: 'red',
  not_sepa: 'orange',
  needs_bic_address: 'orange',
};

/** Whether a payee can be paid by SEPA transfer, and why not. */
export function PayeeStatusBadge({ status }: { status: PayeeStatus }) {
  const { t } = useTranslation('payouts');
  return (
    <Badge color={COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
      {t(`payeeStatus.${status}`)}
    </Badge>
  );
}
