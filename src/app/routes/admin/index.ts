export { AuditLogRoute } from './audit-log-route';
export { ErrorReportsRoute } from './error-reports-route';
export { VenuesRoute } from './venues-route';
