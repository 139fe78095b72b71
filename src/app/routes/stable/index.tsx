import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { AddTransaction } from '@/features/floor/components/add-transaction';
import { FloorFrame } from '@/features/floor/components/floor-frame';
import { FloorTransactions } from '@/features/floor/components/floor-transactions';
import { QrCharge } from '@/features/floor/components/qr-charge';
import { StableOverview } from '@/features/floor/components/stable-overview';
import { AudienceDashboard } from '../dashboard/audience-dashboard';

/* The stable (spec: Stable): charges at the venue, made on a tablet that may be offline. */

export function StableDashboardRoute() {
  return (
    <AudienceDashboard audience="stable">
      <FloorFrame>
        <StableOverview />
      </FloorFrame>
    </AudienceDashboard>
  );
}

export function StableAddTransactionRoute() {
  const { t } = useTranslation('routes');
  return (
    <FloorFrame title={t('stableAddTransaction')}>
      <AddTransaction />
    </FloorFrame>
  );
}

export function StableTransactionsRoute() {
  const { t } = useTranslation('routes');
  return (
    <FloorFrame title={t('stableTransactions')}>
      <FloorTransactions />
    </FloorFrame>
  );
}

export function StableQrRoute() {
  const { t } = useTranslation('routes');
  const { code = '' } = useParams();
  return (
    <FloorFrame title={t('stableQr')}>
      <QrCharge key={code} code={code} />
    </FloorFrame>
  );
}
