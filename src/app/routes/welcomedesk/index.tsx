import { AudienceDashboard } from '../dashboard/audience-dashboard';

export function WelcomedeskListRoute() {
  return <AudienceDashboard audience="welcomedesk" />;
}
