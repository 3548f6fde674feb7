import { DateField } from './date-time-field';

export type DateRangeEdge = 'from' | 'to';

interface DateRangeFilterProps {
  /** The first business day, `YYYY-MM-DD`, or empty. */
  from: string | null | undefined;
  /** The last business day, `YYYY-MM-DD`, or empty. */
  to: string | null | undefined;
  /** A day that exists, or null when emptied; the list puts it in its filter of that name. */
  onChange: (edge: DateRangeEdge, day: string | null) => void;
}

/**
 * A list's "Desde" / "Hasta" filter (docs/product.md#lists): two day fields inside the filter
 * popover, each bounded by the other so the range never turns round. One component for every list
 * that filters by date (Eventos, Historial de Puntos, Auditoría).
 */
export function DateRangeFilter({ from, to, onChange }: DateRangeFilterProps) {
  return (
    <>
      <DateField
        label="Desde"
        value={from}
        max={to || null}
        onChange={(day) => onChange('from', day)}
        withinPortal={false}
      />
      <DateField
        label="Hasta"
        value={to}
        min={from || null}
        onChange={(day) => onChange('to', day)}
        withinPortal={false}
      />
    </>
  );
}
