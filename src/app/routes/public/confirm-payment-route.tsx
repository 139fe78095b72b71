import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PaymentConfirmation } from '@/features/payments/components/payment-confirmation';
import { PublicPage } from './public-page';

/** /confirmPayment/: the card provider's return link (`?payment_intent=…&redirect_status=…`). */
export function ConfirmPaymentRoute() {
  const { t } = useTranslation('payments');
  const [search] = useSearchParams();
  return (
    <PublicPage title={t('confirmation.title')} size="sm">
      <PaymentConfirmation intent={search.get('payment_intent')} redirectStatus={search.get('redirect_status')} />
    </PublicPage>
  );
}
