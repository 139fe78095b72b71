import { useTranslation } from 'react-i18next';
import { ImpersonationControl } from '@/features/auth/components/impersonation-control';
import { useConfig } from '@/features/system/api/get-config';
import { SystemLinks } from '@/features/system/components/system-links';
import { VenueList } from '@/features/venues/components/venue-list';
import { href } from '@/lib/paths';
import { switchIdentity } from '../../session/start-session';
import { AudienceDashboard } from '../dashboard/audience-dashboard';

/** The admin's dashboard: every venue, the system pages, and impersonation where the server allows it. */
export function VenuesRoute() {
  const { t } = useTranslation('routes');
  const config = useConfig();
  return (
    <AudienceDashboard audience="admin" title={t('adminVenues')}>
      <VenueList />
      <SystemLinks />
      {config.data?.impersonation_enabled && (
        <ImpersonationControl onToken={(token) => switchIdentity(token, href('chooseDashboard'))} />
      )}
    </AudienceDashboard>
  );
}
