import { z } from 'zod';
import {
  emptyMeans,
  hasVisibleText,
  makeListQuery,
  outOfDateRange,
  requiredOnPut,
  withinDateRange,
  zOptionalText,
  zTimestamp,
  zVersion,
} from '../core/common.ts';
import { registerMessages } from '../core/human-messages.ts';
import { zFormBranchId, zFormTypeId, zHexColor, zQueryId } from './schedule-fields.ts';

/**
 * The longest event: a year (366 days). Its `.ics` carries the time zone's changes during the event,
 * so an event's length is work for the server (issue 20, item 3).
 */
export const EVENT_MAX_DAYS = 366;
const EVENT_MAX_MS = EVENT_MAX_DAYS * 86_400_000;

/** Spanish texts of events and their types (docs/product.md#validation-messages, #messages). */
export const EVENT_MSG = registerMessages({
  nameRequired: 'El nombre es requerido',
  nameTooLong: 'El nombre no puede superar los 80 caracteres',
  colorInvalid: 'El color debe ser un código hexadecimal como #FF0000',
  titleRequired: 'El título es requerido',
  titleTooLong: 'El título no puede superar los 150 caracteres',
  datesRequired: 'Las fechas son requeridas',
  dateInvalid: 'La fecha debe ser un instante ISO 8601, por ejemplo 2026-03-01T13:00:00.000Z',
  endBeforeStart: 'La fecha de fin debe ser posterior a la de inicio',
  typeInvalid: 'Elegí un tipo de evento válido',
  branchInvalid: 'Elegí una sucursal válida',
  typeNotFound: 'El tipo de evento no existe',
  eventNotFound: 'El evento no existe',
  typeInUse: 'No se puede eliminar el tipo de evento porque hay eventos que lo usan.',
  rangeInvalid: 'El fin del rango debe ser posterior a su inicio',
  startOutOfRange: outOfDateRange('La fecha de inicio'),
  endOutOfRange: outOfDateRange('La fecha de fin'),
  tooLong: `Un evento puede durar como máximo ${EVENT_MAX_DAYS} días: la fecha de fin debe estar a menos de un año de la de inicio`,
  fromOutOfRange: outOfDateRange('El inicio del rango'),
  toOutOfRange: outOfDateRange('El fin del rango'),
  remindersInvalid: 'Elegí recordatorios de la lista',
  urgentInvalid: 'Urgente debe ser verdadero o falso',
});

/**
 * The reminders an event type may set (docs/decisions/2026-12-04-reminders.md), minutes before the
 * event's start, each with the panel's label; the database's check holds the same list.
 */
export const EVENT_REMINDER_OPTIONS = [
  { minutes: 10080, label: '1 semana antes' },
  { minutes: 1440, label: '1 día antes' },
  { minutes: 180, label: '3 horas antes' },
  { minutes: 60, label: '1 hora antes' },
  { minutes: 15, label: '15 minutos antes' },
] as const;
const EVENT_REMINDER_MINUTES = EVENT_REMINDER_OPTIONS.map((o) => o.minutes);

/** The label of `minutes` before an event ("1 día antes"). */
export const eventReminderLabel = (minutes: number) =>
  EVENT_REMINDER_OPTIONS.find((o) => o.minutes === minutes)?.label ?? `${minutes} minutos antes`;

/**
 * An event type's reminders: minutes before the start, from EVENT_REMINDER_OPTIONS. A form sends
 * the field repeated (or once: one value; empty: none); stored without repeats, the earliest first.
 */
const zEventReminders = z.preprocess(
  (v) => (v === undefined || Array.isArray(v) ? v : v === null || v === '' ? [] : [v]),
  z
    .array(
      z.preprocess(
        (v) => (typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : v),
        z.literal(EVENT_REMINDER_MINUTES, { error: EVENT_MSG.remindersInvalid }),
      ),
      { error: EVENT_MSG.remindersInvalid },
    )
    .max(EVENT_REMINDER_OPTIONS.length, EVENT_MSG.remindersInvalid)
    .transform((list) => [...new Set(list)].sort((a, b) => b - a)),
);

export const ZEventType = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  /** Reminders of its events: minutes before the start, the earliest first (EVENT_REMINDER_OPTIONS). */
  reminder_minutes: z.array(z.number().int()),
  /** Its reminders ignore the sellers' "No molestar". */
  urgent: z.boolean(),
  created_at: zTimestamp,
  version: zVersion,
});
export type TEventType = z.infer<typeof ZEventType>;

/** Create and update of a type (docs/api-contract.md: form with name, color). */
export const ZEventTypeInput = z.object({
  name: z
    .string({ error: EVENT_MSG.nameRequired })
    .trim()
    .min(1, EVENT_MSG.nameRequired)
    .refine(hasVisibleText, EVENT_MSG.nameRequired)
    .max(80, EVENT_MSG.nameTooLong),
  color: zHexColor(EVENT_MSG.colorInvalid),
  /** "Recordatorios" (docs/decisions/2026-12-04-reminders.md): none when absent on create. */
  reminder_minutes: emptyMeans(zEventReminders, 'sin recordatorios').default([]),
  /** "Urgente": reminders go out even in a seller's "No molestar". A form sends "1"/"true"/"on". */
  urgent: z
    .union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'on'])], { error: EVENT_MSG.urgentInvalid })
    .default(false)
    .transform((v) => v === true || v === '1' || v === 'true' || v === 'on'),
});
/** PUT: the colour, the reminders and Urgente must be sent (absent would reset them). */
export const ZEventTypeUpdate = requiredOnPut(ZEventTypeInput, ['color', 'reminder_minutes', 'urgent']);
export type TEventTypeInput = z.input<typeof ZEventTypeInput>;
export type TEventTypeValues = z.output<typeof ZEventTypeInput>;

export const ZEventTypeListQuery = makeListQuery(['name', 'created_at'] as const);
export type TEventTypeListQuery = z.input<typeof ZEventTypeListQuery>;

export const ZEvent = z.object({
  id: z.number().int(),
  event_type_id: z.number().int(),
  event_type: z.object({ id: z.number().int(), name: z.string(), color: z.string() }),
  /** null = every branch (the form's 0). */
  branch_id: z.number().int().nullable(),
  branch_name: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  start_at: zTimestamp,
  end_at: zTimestamp,
  created_at: zTimestamp,
  updated_at: zTimestamp,
  version: zVersion,
});
export type TEvent = z.infer<typeof ZEvent>;

/**
 * An ISO 8601 instant (with `Z` or an offset) within the years 2000–2100, trimmed; missing or blank
 * is "Las fechas son requeridas". The document says `format: date-time` and the years' pattern.
 */
const zInstant = (outOfRange: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    withinDateRange(
      z.iso.datetime({
        offset: true,
        error: (issue) =>
          issue.input === undefined || issue.input === null || issue.input === ''
            ? EVENT_MSG.datesRequired
            : EVENT_MSG.dateInvalid,
      }),
      outOfRange,
    ),
  );

const ZEventFields = z.object({
  event_type_id: zFormTypeId(1, EVENT_MSG.typeInvalid),
  branch_id: zFormBranchId(EVENT_MSG.branchInvalid),
  title: z
    .string({ error: EVENT_MSG.titleRequired })
    .trim()
    .min(1, EVENT_MSG.titleRequired)
    .refine(hasVisibleText, EVENT_MSG.titleRequired)
    .max(150, EVENT_MSG.titleTooLong),
  description: zOptionalText(2000),
  start_at: zInstant(EVENT_MSG.startOutOfRange),
  end_at: zInstant(EVENT_MSG.endOutOfRange),
});
const ZEventDates = ZEventFields.pick({ start_at: true, end_at: true });

const endAfterStart = {
  path: ['end_at'],
  error: EVENT_MSG.endBeforeStart,
  // Also checked while other fields are still wrong, so the form shows every problem at once.
  when: (payload: { value: unknown }) => ZEventDates.safeParse(payload.value).success,
};
const endsLater = (v: { start_at: string; end_at: string }) => Date.parse(v.end_at) > Date.parse(v.start_at);
const lastsAtMostAYear = (v: { start_at: string; end_at: string }) =>
  Date.parse(v.end_at) - Date.parse(v.start_at) <= EVENT_MAX_MS;
const notTooLong = { ...endAfterStart, error: EVENT_MSG.tooLong };

/** Create and update (docs/product.md#validation-messages; docs/api-contract.md): the end must be later than the start, and within a year of it. */
export const ZEventInput = ZEventFields.refine(endsLater, endAfterStart).refine(lastsAtMostAYear, notTooLong);
/** PUT: the type and the branch must be sent (absent would reset them to type 1 and every branch). */
export const ZEventUpdate = requiredOnPut(ZEventFields, ['event_type_id', 'branch_id'])
  .refine(endsLater, endAfterStart)
  .refine(lastsAtMostAYear, notTooLong);
export type TEventInput = z.input<typeof ZEventInput>;
export type TEventValues = z.output<typeof ZEventInput>;

/** An optional instant of a list's range (`from`, `to`): ISO 8601 with `Z` or an offset, years 2000–2100. */
export const zQueryInstant = (outOfRange: string) =>
  withinDateRange(z.iso.datetime({ offset: true, error: EVENT_MSG.dateInvalid }), outOfRange).optional();

/**
 * `from`/`to`: events overlapping [from, to), as the calendar asks for its visible weeks;
 * either bound alone is allowed.
 */
export const ZEventListQuery = makeListQuery(['title', 'start_at', 'end_at', 'created_at'] as const)
  .extend({
    from: zQueryInstant(EVENT_MSG.fromOutOfRange),
    to: zQueryInstant(EVENT_MSG.toOutOfRange),
    event_type_id: zQueryId,
    branch_id: zQueryId,
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) > Date.parse(q.from), {
    path: ['to'],
    error: EVENT_MSG.rangeInvalid,
  });
export type TEventListQuery = z.input<typeof ZEventListQuery>;
