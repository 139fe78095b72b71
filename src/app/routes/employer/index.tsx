import { AudienceDashboard } from '../dashboard/audience-dashboard';

export function EmployerOverviewRoute() {
  return <AudienceDashboard audience="employer" />;
}
