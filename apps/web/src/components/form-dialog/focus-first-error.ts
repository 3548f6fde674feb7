/**
 * What marks a problem in a form: a control the form marked invalid (Mantine sets `aria-invalid` on an
 * input with an error), Mantine's message under a wrapper that is not one input (an image picker), or a
 * message of the form's own marked `data-form-error` (the survey's "Debes agregar al menos una pregunta").
 */
const ERROR = '[aria-invalid="true"], .mantine-InputWrapper-error, [data-form-error]';
const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Brings the form's first problem, in reading order, into the middle of the view and puts the focus on
 * it (or on its wrapper's first control, or on the message itself), so a Guardar whose message is out of
 * view never seems to do nothing. False when the form shows no problem.
 */
export function focusFirstError(root: HTMLElement | null): boolean {
  const first = root?.querySelector<HTMLElement>(ERROR);
  if (!first) return false;
  let target = first;
  if (!first.matches(FOCUSABLE)) {
    const control = first.closest('.mantine-InputWrapper-root')?.querySelector<HTMLElement>(FOCUSABLE);
    if (control) target = control;
    else first.tabIndex = -1;
  }
  // Centred, so its label above and its message below show too (at once: the panel respects reduced motion).
  target.scrollIntoView?.({ block: 'center' });
  target.focus({ preventScroll: true });
  return true;
}
