import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';

/** "dd/mm/aaaa" as typed in es-AR → "YYYY-MM-DD", or null when it is not a real day. */
export function parseDay(text: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

interface DayFilterInputProps {
  label: string;
  /** "YYYY-MM-DD" or "". */
  value: string;
  onChange: (day: string | null) => void;
  minDate?: string;
  maxDate?: string;
}

/** A business day typed as dd/mm/aaaa or picked on a Spanish calendar (weeks start on Monday). */
export function DayFilterInput({ label, value, onChange, minDate, maxDate }: DayFilterInputProps) {
  return (
    <DateInput
      label={label}
      placeholder="dd/mm/aaaa"
      locale="es"
      firstDayOfWeek={1}
      valueFormat="DD/MM/YYYY"
      dateParser={parseDay}
      value={value || null}
      onChange={(day) => onChange(day ? String(day).slice(0, 10) : null)}
      minDate={minDate || undefined}
      maxDate={maxDate || undefined}
      clearable
      popoverProps={{ withinPortal: false, position: 'bottom-start' }}
    />
  );
}
