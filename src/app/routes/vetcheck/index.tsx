import { useTranslation } from 'react-i18next';
import { AudienceDashboard } from '../dashboard/audience-dashboard';

export function VetcheckDashboardRoute() {
  return <AudienceDashboard audience="vetcheck" />;
}

export function VetcheckListRoute() {
  const { t } = useTranslation('routes');
  return <AudienceDashboard audience="vetcheck" title={t('vetcheckList')} />;
}
