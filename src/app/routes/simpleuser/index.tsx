import { SimpleGrid } from '@mantine/core';
import { BalanceGlance } from '@/features/owner/components/balance-glance';
import { PageLinks } from '@/lib/components/page-links';
import { ownProfileId } from '@/lib/owner-scope';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';
import { AudienceDashboard } from '../dashboard/audience-dashboard';
import { EmployerOffer } from '../dashboard/employer-offer';

const PAGES = [
  'simpleuserProfile',
  'simpleuserTeamMembers',
  'simpleuserBankAccounts',
  'simpleuserDocuments',
  'simpleuserReports',
  'simpleuserBalance',
  'simpleuserCreatePayment',
  'simpleuserCreditCard',
] as const;

/** The simple user's sections and their balance at a glance. */
export function SimpleuserOverviewRoute() {
  const id = useAppStore((state) => ownProfileId('simpleuser', state.user));
  return (
    <AudienceDashboard audience="simpleuser">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PageLinks ns="owner" title="overview.sections" pages={PAGES} />
        {id !== null && <BalanceGlance owner={{ type: 'simpleuser', id }} balanceHref={href('simpleuserBalance')} />}
      </SimpleGrid>
      <EmployerOffer />
    </AudienceDashboard>
  );
}
