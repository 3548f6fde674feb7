import { ActionIcon, Center, Group, Loader, Popover, TextInput } from '@mantine/core';
import { IconCalendar, IconX } from '@tabler/icons-react';
import { type KeyboardEvent, lazy, type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import {
  DATE_PLACEHOLDER,
  DATE_TIME_PLACEHOLDER,
  type DayAlone,
  dayBoundary,
  describeDate,
  describeDateTime,
  formatDayFirstDate,
  formatDayFirstDateTime,
  instantParts,
  isInstant,
  type ParsedDate,
  parseDayFirstDate,
  parseDayFirstDateTime,
  wallTimeToInstant,
} from '../../lib/dates/day-first';
import { useBusinessTimeZone } from '../../lib/dates/time-zone';

// The calendar (Mantine's dates kit and its styles) loads when a picker is about to open, not with the screen.
const loadPanel = () => import('./date-picker-panel');
const DatePickerPanel = lazy(loadPanel);

const IS_DAY = /^\d{4}-\d{2}-\d{2}$/;

interface CommonProps {
  label: ReactNode;
  /** Shown under the field while it is empty, e.g. "Sin fecha de fin". */
  emptyText?: string;
  /** A message from the form (the schema's or the server's). A text that does not read wins over it. */
  error?: ReactNode;
  withAsterisk?: boolean;
  disabled?: boolean;
  /** A × that empties the field; default true unless `withAsterisk`. */
  clearable?: boolean;
  name?: string;
  onBlur?: () => void;
  'data-autofocus'?: boolean;
  /** False inside another popover (the list filters), so a click on the calendar does not close it. */
  withinPortal?: boolean;
  className?: string;
  style?: React.CSSProperties;
  w?: number | string;
}

export interface DateTimeFieldProps extends CommonProps {
  /** An ISO instant; or, while the typed text does not read as a date, that text (the form then refuses it). */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  /** Bounds as ISO instants. */
  min?: string | null;
  max?: string | null;
  /** The time a day picked on the calendar gets when the field had none. Default 09:00. */
  defaultTime?: string;
  /**
   * A field that bounds a period (a survey's start or end): a day typed or picked without its time is
   * the first (`start`) or the last (`end`) instant of that business day, instead of asking for the time.
   */
  dayAlone?: DayAlone;
}

export interface DateFieldProps extends CommonProps {
  /** A business day, `YYYY-MM-DD`, or empty. */
  value: string | null | undefined;
  /** Only with a day that exists, or null when emptied: a half-typed day never reaches a filter. */
  onChange: (day: string | null) => void;
  min?: string | null;
  max?: string | null;
}

/**
 * The panel's date-and-time input (docs/decisions/2026-11-26-date-input.md): typed day first in 24 hours
 * (`28/11/2026 09:30`) or picked on a calendar, read as wall time in the business time zone, and shown
 * in words under it ("jueves 28 de noviembre, 09:30") so the admin sees what will be saved.
 */
export function DateTimeField({
  value,
  onChange,
  min,
  max,
  defaultTime = '09:00',
  dayAlone,
  ...props
}: DateTimeFieldProps) {
  const zone = useBusinessTimeZone();
  return (
    <DayFirstField
      {...props}
      mode="datetime"
      value={value}
      placeholder={DATE_TIME_PLACEHOLDER}
      parse={(text) => parseDayFirstDateTime(text, { min, max }, zone, dayAlone)}
      format={(v) => (isInstant(v) ? formatDayFirstDateTime(v, zone) : null)}
      describe={(v) => describeDateTime(v, zone)}
      // A text that does not read goes to the form as it is, so the form refuses it instead of saving "no date".
      emit={(parsed, text) =>
        onChange(parsed.kind === 'ok' ? parsed.value : parsed.kind === 'empty' ? null : text)
      }
      picked={isInstant(value) ? instantParts(value, zone) : null}
      onPick={(day, time) => {
        if (!time && dayAlone) return onChange(dayBoundary(day, dayAlone, zone));
        const [h, m] = (time ?? defaultTime).split(':').map(Number);
        onChange(wallTimeToInstant(day, h ?? 0, m ?? 0, zone));
      }}
      minDay={min ? instantParts(min, zone).day : undefined}
      maxDay={max ? instantParts(max, zone).day : undefined}
      zone={zone}
    />
  );
}

/** The date-only member of the family, for filters: a business day typed `28/11/2026` or picked. */
export function DateField({ value, onChange, min, max, ...props }: DateFieldProps) {
  const zone = useBusinessTimeZone();
  return (
    <DayFirstField
      {...props}
      mode="date"
      value={value}
      placeholder={DATE_PLACEHOLDER}
      parse={(text) => parseDayFirstDate(text, { min, max })}
      format={(v) => (IS_DAY.test(v) ? formatDayFirstDate(v) : null)}
      describe={(v) => describeDate(v, zone)}
      emit={(parsed) => {
        if (parsed.kind === 'ok' && parsed.value !== value) onChange(parsed.value);
        if (parsed.kind === 'empty' && value) onChange(null);
      }}
      picked={value && IS_DAY.test(value) ? { day: value, time: null } : null}
      onPick={(day) => onChange(day)}
      minDay={min ?? undefined}
      maxDay={max ?? undefined}
      zone={zone}
    />
  );
}

interface DayFirstFieldProps extends CommonProps {
  mode: 'date' | 'datetime';
  value: string | null | undefined;
  placeholder: string;
  parse: (text: string) => ParsedDate;
  /** The text for a value, or null when the value is not one (the typed text stays). */
  format: (value: string) => string | null;
  describe: (value: string) => string;
  emit: (parsed: ParsedDate, text: string) => void;
  picked: { day: string; time: string | null } | null;
  onPick: (day: string, time: string | null) => void;
  minDay?: string;
  maxDay?: string;
  zone: string;
}

function DayFirstField({
  mode,
  value,
  placeholder,
  parse,
  format,
  describe,
  emit,
  picked,
  onPick,
  minDay,
  maxDay,
  zone,
  label,
  emptyText,
  error,
  withAsterisk,
  disabled,
  clearable = !withAsterisk,
  onBlur,
  withinPortal = true,
  ...rest
}: DayFirstFieldProps) {
  const [text, setText] = useState(() => (value ? (format(value) ?? value) : ''));
  const [blurred, setBlurred] = useState(false);
  const [opened, setOpened] = useState(false);
  const pickerId = useId();
  const parsed = parse(text);

  // A value set from outside (the form's reset, a pick, the URL, another zone) rewrites the text,
  // unless the text already says it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new value or zone rewrites the text.
  useEffect(() => {
    if (!value) {
      if (parsed.kind === 'ok') setText('');
      return;
    }
    const shown = format(value);
    if (shown !== null && !(parsed.kind === 'ok' && parsed.value === value)) setText(shown);
  }, [value, zone]);

  // A form takes every keystroke (it only reads the value on Guardar); a filter takes the day when the
  // field is left or on Enter, so "09/03/20", on the way to 2026, never asks for 2020.
  const onLeave = mode === 'date';
  const change = (next: string) => {
    setText(next);
    if (!onLeave) emit(parse(next), next);
  };
  const clear = () => {
    setText('');
    emit({ kind: 'empty' }, '');
  };
  const commit = () => {
    setBlurred(true);
    if (onLeave) emit(parsed, text);
    // A text that reads is shown in its canonical form (5/3/26 9:05 → 05/03/2026 09:05).
    if (parsed.kind === 'ok') setText(format(parsed.value) ?? text);
  };

  const ownError = parsed.kind === 'invalid' && (blurred || error) ? parsed.message : undefined;
  const shownError = ownError ?? error;
  const description =
    parsed.kind === 'ok'
      ? describe(parsed.value)
      : parsed.kind === 'empty'
        ? emptyText
        : shownError
          ? undefined
          : `Formato: ${placeholder}`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.altKey && event.key === 'ArrowDown') {
      event.preventDefault();
      setOpened(true);
    }
    if (event.key === 'Enter' && onLeave) commit();
  };

  const pickLabel = mode === 'datetime' ? 'Elegir fecha y hora' : 'Elegir fecha';
  const rightSection = (
    <Group gap={2} wrap="nowrap">
      {clearable && text && !disabled && (
        <ActionIcon variant="subtle" color="gray.7" size="sm" aria-label="Borrar la fecha" onClick={clear}>
          <IconX size={14} aria-hidden />
        </ActionIcon>
      )}
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray.8"
          size="md"
          disabled={disabled}
          aria-label={pickLabel}
          aria-haspopup="dialog"
          aria-expanded={opened}
          aria-controls={opened ? pickerId : undefined}
          onClick={() => setOpened((o) => !o)}
          onPointerEnter={loadPanel}
          onFocus={loadPanel}
        >
          <IconCalendar size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
    </Group>
  );

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      shadow="md"
      trapFocus
      returnFocus
      withinPortal={withinPortal}
      withRoles={false}
      // Measured from its field; jsdom measures every box as 0 × 0, which would read as "detached".
      hideDetached={false}
      middlewares={{ flip: true, shift: { padding: 8 } }}
    >
      <TextInput
        {...rest}
        label={label}
        withAsterisk={withAsterisk}
        disabled={disabled}
        value={text}
        placeholder={placeholder}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => change(e.currentTarget.value)}
        onBlur={() => {
          commit();
          onBlur?.();
        }}
        onKeyDown={onKeyDown}
        error={shownError}
        description={description}
        descriptionProps={{ 'aria-live': 'polite' } as never}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        rightSection={rightSection}
        rightSectionWidth={clearable ? 64 : 40}
        rightSectionPointerEvents="all"
      />
      <Popover.Dropdown
        id={pickerId}
        role="dialog"
        aria-label={pickLabel}
        p="sm"
        // Mantine's dialogs close on an Escape whose target lacks this mark; the picker's own Escape
        // must close the picker only.
        onFocusCapture={(event) => event.target.setAttribute('data-mantine-stop-propagation', 'true')}
        onKeyDownCapture={(event) => {
          // Escape closes the picker only, not the dialog the field sits in.
          if (event.key === 'Escape') {
            event.stopPropagation();
            setOpened(false);
          }
        }}
      >
        {opened && (
          <Suspense
            fallback={
              // Focusable, so the popover's focus trap has a place until the calendar arrives.
              <Center w={252} h={240} tabIndex={-1} data-autofocus>
                <Loader size="sm" role="status" aria-label="Cargando calendario..." />
              </Center>
            }
          >
            <DatePickerPanel
              mode={mode}
              day={picked?.day ?? null}
              time={picked?.time ?? null}
              minDay={minDay}
              maxDay={maxDay}
              zone={zone}
              onPick={(day, time) => {
                onPick(day, time);
                setBlurred(false);
                if (mode === 'date') setOpened(false);
              }}
              onDone={() => setOpened(false)}
            />
          </Suspense>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
