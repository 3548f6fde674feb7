import './zod-es.ts';

export * from './app.ts';
export * from './auth.ts';
export * from './branches.ts';
export * from './common.ts';
export * from './constants.ts';
export * from './dashboard.ts';
export * from './messages.ts';
export * from './point-actions.ts';
export * from './surveys.ts';
export * from './users.ts';
