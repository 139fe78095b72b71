import { SimpleGrid } from '@mantine/core';
import { BalanceGlance } from '@/features/owner/components/balance-glance';
import { PageLinks } from '@/lib/components/page-links';
import { ownProfileId } from '@/lib/owner-scope';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';
import { AudienceDashboard } from '../dashboard/audience-dashboard';

const PAGES = [
  'employerEmployees',
  'employerProfile',
  'employerBankAccounts',
  'employerDocuments',
  'employerTeamMembers',
  'employerReports',
  'employerBalance',
  'employerCreatePayment',
  'employerCreditCard',
] as const;

/** The employer's sections and their balance at a glance. */
export function EmployerOverviewRoute() {
  const id = useAppStore((state) => ownProfileId('employer', state.user));
  return (
    <AudienceDashboard audience="employer">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PageLinks ns="people" title="overview.sections" pages={PAGES} />
        {id !== null && <BalanceGlance owner={{ type: 'employer', id }} balanceHref={href('employerBalance')} />}
      </SimpleGrid>
    </AudienceDashboard>
  );
}
