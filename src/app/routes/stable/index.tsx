import { useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { AddTransaction } from '@/features/floor/components/add-transaction';
import { FloorTransactions } from '@/features/floor/components/floor-transactions';
import { QrCharge, readQrChargeAhead, useKeptScans, type QrChargeRead } from '@/features/floor/components/qr-charge';
import { StableOverview } from '@/features/floor/components/stable-overview';
import { FloorLayout } from '../floor-layout';

/** The stable's floor frame; while any of its screens is open, a scan's reads stay in memory. */
export function StableFloorLayout() {
  useKeptScans();
  return <FloorLayout />;
}

/*
 * The stable (spec: Stable): charges at the venue, made on a tablet that may be offline. Each
 * screen shows inside the floor frame of its layout (FloorLayout), with its route's heading.
 */

export function StableDashboardRoute() {
  return <StableOverview />;
}

export function StableAddTransactionRoute() {
  return <AddTransaction />;
}

export function StableTransactionsRoute() {
  return <FloorTransactions />;
}

/**
 * A scan's screen is read from the moment the router matches its route, beside the route's
 * render: the loader hands the read over without waiting for it.
 */
export const stableQrLoader = ({ params }: LoaderFunctionArgs): QrChargeRead => readQrChargeAhead(params.code ?? '');

export function StableQrRoute() {
  const { code = '' } = useParams();
  const ahead = useLoaderData<typeof stableQrLoader>();
  return <QrCharge key={code} code={code} ahead={ahead} />;
}
