export { ChooseDashboardRoute } from './choose-dashboard-route';
export { PasswordChangeRoute } from './password-change-route';
