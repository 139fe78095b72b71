import { AudienceDashboard } from '../dashboard/audience-dashboard';

export function RiderOverviewRoute() {
  return <AudienceDashboard audience="rider" />;
}
