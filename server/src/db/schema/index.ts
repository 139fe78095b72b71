export * from './venues';
export * from './users';
export * from './profiles';
export * from './terms';
export * from './auth-links';
export * from './audit-log';
export * from './error-reports';
export * from './attendance-registrations';
