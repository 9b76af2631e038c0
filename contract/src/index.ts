export * from './auth.ts';
export * from './common.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './users.ts';
