import { AudienceDashboard } from '../dashboard/audience-dashboard';

export function MerchantDashboardRoute() {
  return <AudienceDashboard audience="merchant" />;
}
