import { type RefObject, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type ActionsWidths, type ListLayout, listLayout, type ResourceListColumn } from './list-columns';

/** Below Mantine's `sm` (48em = 768 px) lists are cards (docs/product.md#the-sellers-app, issue 21). */
export const PHONE_QUERY = '(max-width: 47.99em)';

const signature = (layout: ListLayout) =>
  layout.mode === 'cards'
    ? 'cards'
    : `${[...layout.shown].join(',')}|${layout.foldActions}|${layout.actionsWidth}`;

/**
 * Table or cards, and the table's columns, for the width of `ref`'s box: measured before the first
 * paint and again whenever the box or the window crosses the phone width. The result only changes
 * when the layout does, so resizing a window re-renders no row until a column comes or goes.
 * An unmeasured box (width 0, as under jsdom) shows the table with every column, off a phone.
 */
export function useListLayout<T>(
  ref: RefObject<HTMLElement | null>,
  columns: readonly ResourceListColumn<T>[],
  selection: boolean,
  actions: ActionsWidths | null,
): ListLayout {
  const everything = useMemo<ListLayout>(
    () => ({
      mode: 'table',
      shown: new Set(columns.map((c) => c.key)),
      foldActions: false,
      actionsWidth: actions?.inline ?? 0,
    }),
    [columns, actions],
  );
  const [layout, setLayout] = useState<ListLayout>(everything);
  const current = useRef(layout);
  current.current = layout;

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const phone = typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null;
    const update = () => {
      const width = el.clientWidth;
      const onPhone = phone?.matches ?? false;
      const next =
        onPhone || width > 0
          ? listLayout({ columns, width, phone: onPhone, selection, actions })
          : everything;
      if (signature(next) !== signature(current.current)) {
        current.current = next;
        setLayout(next);
      }
    };
    update();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(el);
    phone?.addEventListener?.('change', update);
    return () => {
      observer?.disconnect();
      phone?.removeEventListener?.('change', update);
    };
  }, [ref, columns, selection, actions, everything]);

  return layout;
}
