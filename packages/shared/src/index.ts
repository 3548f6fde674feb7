import './zod-es.ts';

export * from './activity.ts';
export * from './auth.ts';
export * from './branches.ts';
export * from './catalog.ts';
export * from './common.ts';
export * from './constants.ts';
export * from './csv.ts';
export * from './dashboard.ts';
export * from './media.ts';
export * from './messages.ts';
export * from './targets.ts';
export * from './events.ts';
export * from './human-messages.ts';
export * from './notifications.ts';
export * from './schedule-fields.ts';
export * from './users.ts';
