import { AudienceDashboard } from '../dashboard/audience-dashboard';

export function StableDashboardRoute() {
  return <AudienceDashboard audience="stable" />;
}
