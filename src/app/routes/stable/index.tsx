import { useTranslation } from 'react-i18next';
import { useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { AddTransaction } from '@/features/floor/components/add-transaction';
import { FloorFrame } from '@/features/floor/components/floor-frame';
import { FloorTransactions } from '@/features/floor/components/floor-transactions';
import { QrCharge, readQrChargeAhead, type QrChargeRead } from '@/features/floor/components/qr-charge';
import { StableOverview } from '@/features/floor/components/stable-overview';
import { AudienceDashboard } from '../dashboard/audience-dashboard';

export { FloorLayout } from '../floor-layout';

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

/**
 * A scan's screen is read from the moment the router matches its route, beside the route's
 * render: the loader hands the read over without waiting for it.
 */
export const stableQrLoader = ({ params }: LoaderFunctionArgs): QrChargeRead => readQrChargeAhead(params.code ?? '');

export function StableQrRoute() {
  const { t } = useTranslation('routes');
  const { code = '' } = useParams();
  const ahead = useLoaderData<typeof stableQrLoader>();
  return (
    <FloorFrame title={t('stableQr')}>
      <QrCharge key={code} code={code} ahead={ahead} />
    </FloorFrame>
  );
}
