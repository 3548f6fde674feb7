import './zod-es.ts';

export * from './auth.ts';
export * from './branches.ts';
export * from './common.ts';
export * from './constants.ts';
export * from './dashboard.ts';
export * from './dashboard-activity.ts';
export * from './messages.ts';
export * from './points-reports.ts';
export * from './users.ts';
