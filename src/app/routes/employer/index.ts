export { EmployerOverviewRoute } from './overview-route';
export { EmployeeAddRoute, EmployeesRoute } from './employees-route';
