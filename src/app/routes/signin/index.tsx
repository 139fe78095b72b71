import { AudienceDashboard } from '../dashboard/audience-dashboard';

export function SigninListRoute() {
  return <AudienceDashboard audience="signin" />;
}
