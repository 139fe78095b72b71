export { ChooseDashboardRoute } from './choose-dashboard-route';
