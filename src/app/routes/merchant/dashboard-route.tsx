import { SimpleGrid } from '@mantine/core';
import { TodaySales } from '@/features/merchant/components/today-sales';
import { PageLinks } from '@/lib/components/page-links';
import { ownProfileId } from '@/lib/owner-scope';
import { useAppStore } from '@/lib/store';
import { AudienceDashboard } from '../dashboard/audience-dashboard';

const PAGES = [
  'merchantAddTransaction',
  'merchantListTransactions',
  'merchantEvclFees',
  'merchantProfile',
  'merchantBankAccounts',
] as const;

/** The merchant's day at a glance and the way to the sale screens. */
export function MerchantDashboardRoute() {
  const id = useAppStore((state) => ownProfileId('merchant', state.user));
  return (
    <AudienceDashboard audience="merchant">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {id !== null && <TodaySales merchant={id} />}
        <PageLinks ns="people" title="overview.sections" pages={PAGES} />
      </SimpleGrid>
    </AudienceDashboard>
  );
}
