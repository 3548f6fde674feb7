import type { TScheduledItem } from '@panel/shared';

/**
 * Each scheduled kind's look in the Calendario: white with a dashed border of its colour and its icon,
 * against the events' filled colours of their type (docs/product.md#calendar).
 */
export const SCHEDULED_STYLE: Record<
  TScheduledItem['kind'],
  { mantine: string; css: string; className: string }
> = {
  post: { mantine: 'indigo', css: 'var(--mantine-color-indigo-7)', className: 'scheduledPost' },
  notification: { mantine: 'grape', css: 'var(--mantine-color-grape-7)', className: 'scheduledNotification' },
  // Dark enough for 4.5:1 on white in small text (teal 8 and Mantine's oranges are not).
  story: { mantine: 'teal.9', css: 'var(--mantine-color-teal-9)', className: 'scheduledStory' },
  survey: { mantine: '#b3400b', css: '#b3400b', className: 'scheduledSurvey' },
};
