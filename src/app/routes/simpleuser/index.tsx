import { AudienceDashboard } from '../dashboard/audience-dashboard';

export function SimpleuserOverviewRoute() {
  return <AudienceDashboard audience="simpleuser" />;
}
