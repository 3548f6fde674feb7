import '@mantine/dates/styles.css';
import { Button, Group, Stack } from '@mantine/core';
import { DatePicker, TimePicker } from '@mantine/dates';
import { useEffect, useRef, useState } from 'react';
import { dayjs } from '../../lib/dates/business-time';
import classes from './date-picker-panel.module.css';

interface DatePickerPanelProps {
  mode: 'date' | 'datetime';
  /** The field's day (`YYYY-MM-DD`) and time (`HH:mm`) in the business time zone, if it has them. */
  day: string | null;
  time: string | null;
  minDay?: string;
  maxDay?: string;
  zone: string;
  onPick: (day: string, time: string | null) => void;
  onDone: () => void;
}

/**
 * The picker of DateTimeField / DateField: Mantine's calendar (Spanish, weeks from Monday, arrow keys
 * move between days) and, for a date and time, a 24-hour time input. Its own chunk: it loads when a
 * picker first opens.
 */
export default function DatePickerPanel({
  mode,
  day,
  time,
  minDay,
  maxDay,
  zone,
  onPick,
  onDone,
}: DatePickerPanelProps) {
  const today = dayjs().tz(zone).format('YYYY-MM-DD');
  // With nothing chosen, the calendar opens on today's month, or on the nearest month it allows.
  const start = day ?? (minDay && today < minDay ? minDay : maxDay && today > maxDay ? maxDay : today);
  const [shownTime, setShownTime] = useState(time ?? '');
  const hoursRef = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);

  // The panel may arrive after the popover opened (its own chunk): the focus goes to the chosen day,
  // or today, where the arrow keys move on.
  useEffect(() => {
    root.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);

  return (
    <Stack gap="xs" ref={root}>
      <DatePicker
        locale="es"
        firstDayOfWeek={1}
        value={day}
        defaultDate={start}
        classNames={{ day: classes.day }}
        minDate={minDay}
        maxDate={maxDay}
        onChange={(picked) => {
          if (!picked) return;
          onPick(picked, time);
          if (mode === 'datetime') hoursRef.current?.focus();
        }}
        getDayAriaLabel={(d) => dayjs(d).locale('es').format('dddd D [de] MMMM [de] YYYY')}
        getDayProps={(d) => ({
          ...(d === today ? { 'aria-current': 'date' as const } : {}),
          ...(d === start ? { 'data-autofocus': true } : {}),
        })}
        ariaLabels={{
          previousMonth: 'Mes anterior',
          nextMonth: 'Mes siguiente',
          previousYear: 'Año anterior',
          nextYear: 'Año siguiente',
          previousDecade: 'Década anterior',
          nextDecade: 'Década siguiente',
          monthLevelControl: 'Elegir mes',
          yearLevelControl: 'Elegir año',
        }}
      />
      {mode === 'datetime' && (
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <TimePicker
            label="Hora"
            format="24h"
            value={shownTime}
            hoursRef={hoursRef}
            hoursInputLabel="Horas"
            minutesInputLabel="Minutos"
            onChange={(next) => {
              setShownTime(next);
              const hhmm = /^(\d{2}):(\d{2})/.exec(next);
              if (hhmm) onPick(day ?? start, `${hhmm[1]}:${hhmm[2]}`);
            }}
            style={{ flex: 1 }}
          />
          <Button onClick={onDone}>Listo</Button>
        </Group>
      )}
    </Stack>
  );
}
