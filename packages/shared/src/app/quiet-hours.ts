import { z } from 'zod';
import { emptyMeans } from '../core/common.ts';

/**
 * "No molestar" (issue 23.6): a seller's daily window, as wall-clock times of the business time
 * zone (APP_TIMEZONE), during which pushes wait. A window whose start is later than its end crosses
 * midnight (22:00–08:00). The notification itself is in Avisos at once; only the push waits.
 */
export const QUIET_MSG = {
  startInvalid: 'La hora de inicio debe tener el formato HH:MM (por ejemplo 22:00)',
  endInvalid: 'La hora de fin debe tener el formato HH:MM (por ejemplo 08:00)',
  sameTimes: 'La hora de fin debe ser distinta de la de inicio',
} as const;

/**
 * Exactly "HH:MM", checked on the value as sent: it used to be trimmed first, so "22:00\n" passed
 * where the document's pattern refuses it (issue 28, item 10).
 */
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "HH:MM" → minutes since midnight. */
export const minutesOfDay = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** Minutes since midnight → "HH:MM". */
export const hhmmOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const ZQuietHours = z
  .object({
    start: z
      .string({ error: QUIET_MSG.startInvalid })
      .regex(HHMM, QUIET_MSG.startInvalid)
      .meta({ examples: ['22:00'] }),
    end: z
      .string({ error: QUIET_MSG.endInvalid })
      .regex(HHMM, QUIET_MSG.endInvalid)
      .meta({ examples: ['08:00'] }),
  })
  .refine((w) => w.start !== w.end, { path: ['end'], error: QUIET_MSG.sameTimes });
export type TQuietHours = z.infer<typeof ZQuietHours>;

/** PUT /api/app/me/quiet-hours: a window, or null to turn "No molestar" off. */
export const ZAppQuietHoursInput = z.object({
  quiet_hours: emptyMeans(ZQuietHours.nullable(), 'desactivado'),
});
export type TAppQuietHoursInput = z.input<typeof ZAppQuietHoursInput>;

export const ZAppQuietHours = z.object({
  data: z.object({
    quiet_hours: ZQuietHours.nullable(),
    /** The zone the times are read in (APP_TIMEZONE). */
    time_zone: z.string(),
  }),
});
export type TAppQuietHours = z.infer<typeof ZAppQuietHours>['data'];
