import { Alert, Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { href } from '@/lib/paths';

/** The card provider's `redirect_status` values after a confirmation. */
type RedirectStatus = 'succeeded' | 'processing' | 'failed';

function outcome(status: string | null): RedirectStatus | null {
  if (status === 'succeeded' || status === 'processing') return status;
  if (status === 'requires_payment_method' || status === 'failed' || status === 'canceled') return 'failed';
  return null;
}

const COLORS: Record<RedirectStatus, string> = { succeeded: 'green', processing: 'blue', failed: 'red' };

interface PaymentConfirmationProps {
  /** `redirect_status` from the card provider's return link. */
  redirectStatus: string | null;
}

/** Where the card provider sends the payer back to: what happened and what comes next. */
export function PaymentConfirmation({ redirectStatus }: PaymentConfirmationProps) {
  const { t } = useTranslation('payments');
  const result = outcome(redirectStatus);

  return (
    <Stack>
      {result ? (
        <Alert color={COLORS[result]} title={t(`confirmation.${result}.title`)} role="status">
          {t(`confirmation.${result}.text`)}
        </Alert>
      ) : (
        <Alert color="yellow">{t('confirmation.unknown')}</Alert>
      )}
      <Anchor component={Link} to={href('chooseDashboard')}>
        {t('confirmation.toDashboard')}
      </Anchor>
    </Stack>
  );
}
