// The package's one entry point: every schema, type and Spanish text, from its area folder.
// package.json "sideEffects" names the modules that must run even when nothing of theirs is used
// (zod's Spanish locale, the message registry); every other module is dropped from a screen's
// bundle unless the screen uses it.
import './core/zod-es.ts';

export * from './app/change-password.ts';
export * from './app/community-app.ts';
export * from './app/quiet-hours.ts';
export * from './catalog/branches.ts';
export * from './catalog/suppliers-brands.ts';
export * from './content/events.ts';
export * from './content/media.ts';
export * from './content/notifications.ts';
export * from './content/schedule-fields.ts';
export * from './content/scheduling.ts';
export * from './core/audit.ts';
export * from './core/bulk.ts';
export * from './core/common.ts';
export * from './core/constants.ts';
export * from './core/csv.ts';
export * from './core/human-messages.ts';
export * from './core/messages.ts';
export * from './dashboard/activity.ts';
export * from './dashboard/engagement.ts';
export * from './dashboard/summary.ts';
export * from './people/auth.ts';
export * from './people/mfa.ts';
export * from './people/oidc.ts';
export * from './people/passkeys.ts';
export * from './people/password-policy.ts';
export * from './people/password-reset.ts';
export * from './people/password-reset-confirm.ts';
export * from './people/sessions.ts';
export * from './people/targets.ts';
export * from './people/user-activity.ts';
export * from './people/user-input.ts';
export * from './people/users.ts';
export * from './points/actions.ts';
export * from './points/reports.ts';
export * from './surveys/surveys.ts';
