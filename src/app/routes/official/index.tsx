import { AudienceDashboard } from '../dashboard/audience-dashboard';

export function OfficialOverviewRoute() {
  return <AudienceDashboard audience="official" />;
}
