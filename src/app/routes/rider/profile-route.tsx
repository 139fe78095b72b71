import { useTranslation } from 'react-i18next';
import { TermsStatus } from '@/features/auth/components/terms-status';
import { AudienceDashboard } from '../dashboard/audience-dashboard';

/** Open without accepted terms: the rider sees where they stand. */
export function RiderProfileRoute() {
  const { t } = useTranslation('routes');
  return (
    <AudienceDashboard audience="rider" title={t('riderProfile')}>
      <TermsStatus />
    </AudienceDashboard>
  );
}
