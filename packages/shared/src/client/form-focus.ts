/// <reference lib="dom" />

/** The controls that can take the focus: enabled inputs, textareas, selects and buttons, and tab stops. */
export const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Brings a form's first problem, in reading order, into the middle of the view and puts the focus on
 * it, so a submit whose message is out of view never seems to do nothing (docs/decisions/2026-12-02-first-problem-in-view.md).
 * Both browser apps build their `focusFirstError` on it (imported as `@panel/shared/form-focus`):
 * `problems` selects what marks a problem; a mark that is no control itself is focused through the
 * control `controlOf` finds for it, else it takes the focus itself. False when the form shows none.
 */
export function focusFirstProblem(
  root: HTMLElement | null,
  problems: string,
  controlOf: (mark: HTMLElement) => HTMLElement | null | undefined,
): boolean {
  const first = root?.querySelector<HTMLElement>(problems);
  if (!first) return false;
  let target = first;
  if (!first.matches(FOCUSABLE)) {
    const control = controlOf(first);
    if (control) target = control;
    else first.tabIndex = -1;
  }
  // Centred, so its label above and its message below show too (at once: both apps respect reduced motion).
  target.scrollIntoView?.({ block: 'center' });
  target.focus({ preventScroll: true });
  return true;
}
