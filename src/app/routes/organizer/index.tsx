import { AudienceDashboard } from '../dashboard/audience-dashboard';

export function OrganizerListRoute() {
  return <AudienceDashboard audience="organizer" />;
}
