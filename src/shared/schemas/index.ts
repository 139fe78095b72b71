export * from './common';
export * from './auth';
export * from './venue';
export * from './error-report';
