import { useTranslation } from 'react-i18next';
import { AccountsCard } from '@/features/auth/components/accounts-card';
import { ImpersonationControl } from '@/features/auth/components/impersonation-control';
import { useConfig } from '@/features/system/api/get-config';
import { VenueList } from '@/features/venues/components/venue-list';
import { href } from '@/lib/paths';
import { switchIdentity } from '../../session/start-session';
import { AudienceDashboard } from '../dashboard/audience-dashboard';
import { PageLinks } from '@/lib/components/page-links';

/** The admin's dashboard: every venue, money, configuration, the system pages, and impersonation where allowed. */
export function VenuesRoute() {
  const { t } = useTranslation('routes');
  const config = useConfig();
  return (
    <AudienceDashboard audience="admin" title={t('adminVenues')}>
      <VenueList />
      <PageLinks
        ns="people"
        title="admin.sections"
        pages={[
          'adminRiders',
          'adminEmployers',
          'adminOfficials',
          'adminSimpleusers',
          'adminMerchants',
          'duplicateHorses',
          'adminSync',
        ]}
      />
      <PageLinks title="sections.money" pages={['balances', 'balancesSummary', 'findClient', 'adminConsumables']} />
      <PageLinks title="sections.sport" pages={['livescore', 'devices']} />
      <PageLinks
        title="sections.configuration"
        pages={[
          'configCountries',
          'configCurrencies',
          'configEventCategories',
          'configTaxTypes',
          'configTermsAndConditions',
          'configBankAccounts',
        ]}
      />
      <PageLinks title="sections.system" pages={['errorReports', 'auditLog']} />
      <AccountsCard />
      {config.data?.impersonation_enabled && (
        <ImpersonationControl onToken={(token) => switchIdentity(token, href('chooseDashboard'))} />
      )}
    </AudienceDashboard>
  );
}
