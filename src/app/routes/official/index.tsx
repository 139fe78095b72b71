import { SimpleGrid } from '@mantine/core';
import { BalanceGlance } from '@/features/owner/components/balance-glance';
import { PageLinks } from '@/lib/components/page-links';
import { ownProfileId } from '@/lib/owner-scope';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';
import { AudienceDashboard } from '../dashboard/audience-dashboard';

const PAGES = [
  'officialProfile',
  'officialVenues',
  'officialTeamMembers',
  'officialBankAccounts',
  'officialDocuments',
  'officialReports',
  'officialBalance',
  'officialCreatePayment',
  'officialCreditCard',
] as const;

/** The official's sections and their balance at a glance. */
export function OfficialOverviewRoute() {
  const id = useAppStore((state) => ownProfileId('official', state.user));
  return (
    <AudienceDashboard audience="official">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PageLinks ns="owner" title="overview.sections" pages={PAGES} />
        {id !== null && <BalanceGlance owner={{ type: 'official', id }} balanceHref={href('officialBalance')} />}
      </SimpleGrid>
    </AudienceDashboard>
  );
}
