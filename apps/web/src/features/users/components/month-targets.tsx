import { Group, NumberInput, type NumberInputProps, Stack, Text, TextInput } from '@mantine/core';
import { invalidValueMessage, MONTHS_ES, type ParsedTargetValue } from '@panel/shared';
import { type ReactNode, useState } from 'react';
import { RetryButton } from '../../../components/retry-button';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import classes from './month-grid.module.css';
import { currentYear, effectiveYear } from './target-year';

/** The twelve months as typed: '' is a month without a value. */
export const NO_MONTHS: readonly string[] = Array<string>(12).fill('');

/**
 * Resets a dialog's own state as it opens, in that very render (React's "adjust state when a prop
 * changes"), so no frame shows the last opening's choices.
 */
export function useOnOpen(opened: boolean, reset: () => void) {
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened === wasOpened) return;
  setWasOpened(opened);
  if (opened) reset();
}

/** The dialogs' "Año": this year on each opening; a blank or unusable one counts as this year. */
export function useYearInput(opened: boolean) {
  const [input, setInput] = useState<string | number>(currentYear);
  useOnOpen(opened, () => setInput(currentYear()));
  return { input, setInput, year: effectiveYear(input) };
}

export function YearInput({
  state,
  ...props
}: { state: ReturnType<typeof useYearInput> } & Omit<NumberInputProps, 'value' | 'onChange'>) {
  return (
    <NumberInput
      label="Año"
      value={state.input}
      onChange={state.setInput}
      allowDecimal={false}
      allowNegative={false}
      min={2000}
      max={2100}
      onBlur={() => {
        if (state.input === '') state.setInput(currentYear());
      }}
      {...props}
    />
  );
}

/**
 * The month inputs: what is stored for the chosen key (seller, year, pair), once it arrives, on
 * each opening; blank while another key loads.
 */
export function useMonthValues<T extends { month: number }>(
  opened: boolean,
  rows: T[] | undefined,
  text: (row: T) => string,
) {
  const [values, setValues] = useState<readonly string[]>(NO_MONTHS);
  const [shown, setShown] = useState<{ opened: boolean; rows: T[] | undefined }>({ opened: false, rows });
  if (shown.opened !== opened || shown.rows !== rows) {
    setShown({ opened, rows });
    if (opened) {
      const next = [...NO_MONTHS];
      for (const row of rows ?? []) next[row.month - 1] = text(row);
      setValues(next);
    }
  }
  const setMonth = (index: number, value: string) =>
    setValues((old) => old.map((v, j) => (j === index ? value : v)));
  return { values, setValues, setMonth };
}

/** The months read with the screen's rule; the first bad one is toasted (docs/product.md#validation-messages) and nothing is returned. */
export function readMonths(values: readonly string[], parse: (text: string) => ParsedTargetValue) {
  const parsed = values.map((text) => parse(text));
  const bad = parsed.findIndex((p) => !p.ok);
  if (bad >= 0) {
    notify.error(invalidValueMessage(bad + 1, values[bad]!.trim()));
    return null;
  }
  return parsed.map((p) => (p.ok ? p.value : null));
}

interface MonthGridProps {
  months: ReturnType<typeof useMonthValues>;
  disabled: boolean;
  loading: boolean;
  /** The failed load, shown in place of the grid with the screen's fallback and "Reintentar". */
  failed: { error: unknown; fallback: string; retry: () => unknown; retrying: boolean } | null;
  inputMode: 'numeric' | 'decimal';
  leftSection?: ReactNode;
  /** Under each month's input (e.g. "Copiar a todos"). */
  below?: (month: string, index: number) => ReactNode;
  /** How a month's text is written back once the input is left (e.g. with thousands separators). */
  tidy?: (text: string) => string;
}

/** The twelve month inputs of a seller's targets (docs/product.md#sellers). */
export function MonthGrid({
  months,
  disabled,
  loading,
  failed,
  inputMode,
  leftSection,
  below,
  tidy,
}: MonthGridProps) {
  if (failed) {
    return (
      <Group gap="sm">
        <Text size="sm" c="red.8" role="alert">
          {errorMessage(failed.error, failed.fallback)}
        </Text>
        <RetryButton onRetry={failed.retry} loading={failed.retrying} />
      </Group>
    );
  }
  return (
    <div className={classes.grid} aria-busy={loading || undefined}>
      {MONTHS_ES.map((month, i) => {
        const input = (
          <TextInput
            key={month}
            label={month}
            inputMode={inputMode}
            leftSection={leftSection}
            disabled={disabled}
            value={months.values[i]}
            onChange={(e) => months.setMonth(i, e.currentTarget.value)}
            onBlur={tidy && ((e) => months.setMonth(i, tidy(e.currentTarget.value)))}
          />
        );
        if (!below) return input;
        return (
          <Stack key={month} gap={2}>
            {input}
            {below(month, i)}
          </Stack>
        );
      })}
    </div>
  );
}
