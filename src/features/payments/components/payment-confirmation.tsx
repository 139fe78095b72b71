import { Alert, Anchor, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';
import { usePayment } from '../api/get-payment';
import { backLinkOf } from '../back-link';
import { PaymentOutcome } from './payment-outcome';

/** The card provider's `redirect_status` values after a confirmation. */
type RedirectStatus = 'succeeded' | 'processing' | 'failed';

function outcome(status: string | null): RedirectStatus | null {
  if (status === 'succeeded' || status === 'processing') return status;
  if (status === 'requires_payment_method' || status === 'failed' || status === 'canceled') return 'failed';
  return null;
}

const COLORS: Record<RedirectStatus, string> = { succeeded: 'green', processing: 'blue', failed: 'red' };

interface PaymentConfirmationProps {
  /** `payment_intent` from the card provider's return link. */
  intent: string | null;
  /** `redirect_status` from the same link: only what the provider's page said, shown when signed out. */
  redirectStatus: string | null;
}

/** The provider's word from the return link, for a payer who is not signed in in this tab. */
function ProviderWord({ redirectStatus }: { redirectStatus: string | null }) {
  const { t } = useTranslation('payments');
  const result = outcome(redirectStatus);
  if (!result) return <Alert color="yellow">{t('confirmation.unknown')}</Alert>;
  return (
    <Alert color={COLORS[result]} title={t(`confirmation.${result}.title`)} role="status">
      {t(`confirmation.${result}.text`)}
    </Alert>
  );
}

/** Back to where the payment was made from, once the server has told whose payment it is. */
function BackLink({ intent }: { intent: string }) {
  const { t } = useTranslation('payments');
  const payment = usePayment(intent);
  if (!payment.data) return null;
  return (
    <Anchor component={Link} to={backLinkOf(payment.data)}>
      {payment.data.origin === 'checkout' ? t('confirmation.toCheckout') : t('confirmation.toBalance')}
    </Anchor>
  );
}

/**
 * Where the card provider sends the payer back to (/confirmPayment/, open): the real outcome of
 * the payment as the server knows it (GET payments/{payment_intent}/), never only the link's word.
 */
export function PaymentConfirmation({ intent, redirectStatus }: PaymentConfirmationProps) {
  const { t } = useTranslation('payments');
  const signedIn = useAppStore((state) => state.user !== null);
  const location = useLocation();
  return (
    <Stack>
      {intent && signedIn ? (
        <PaymentOutcome intent={intent} />
      ) : (
        <ProviderWord redirectStatus={intent ? redirectStatus : null} />
      )}
      <Group gap="lg">
        {intent && signedIn && <BackLink intent={intent} />}
        {intent && !signedIn && (
          <Anchor component={Link} to={href('login', {}, { next: `${location.pathname}${location.search}` })}>
            {t('confirmation.signIn')}
          </Anchor>
        )}
        <Anchor component={Link} to={href('chooseDashboard')}>
          {t('confirmation.toDashboard')}
        </Anchor>
      </Group>
    </Stack>
  );
}
