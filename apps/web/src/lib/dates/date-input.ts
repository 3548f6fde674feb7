import { BUSINESS_TZ, dayjs } from './business-time';

/** The value format of `<input type="datetime-local">`. */
const LOCAL_FORMAT = 'YYYY-MM-DDTHH:mm';

/** An ISO instant as a datetime-local value, in the business time zone (DECISIONS §4). */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.tz(BUSINESS_TZ).format(LOCAL_FORMAT) : '';
}

/** A datetime-local value read as business-time-zone wall time, as an ISO instant; '' when blank or invalid. */
export function localInputToIso(local: string | null | undefined): string {
  if (!local || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return '';
  const d = dayjs.tz(local, BUSINESS_TZ);
  return d.isValid() ? d.toISOString() : '';
}

/** Spec §9: a new event starts at the next full hour (business time zone) and lasts 2 hours. */
export function defaultEventRange(now: Date = new Date()): { start: string; end: string } {
  const local = dayjs(now).tz(BUSINESS_TZ);
  const start = local.startOf('hour').add(1, 'hour');
  return { start: start.toISOString(), end: start.add(2, 'hour').toISOString() };
}
