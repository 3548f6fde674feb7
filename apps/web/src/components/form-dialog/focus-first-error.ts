import { FOCUSABLE, focusFirstProblem } from '@panel/shared/form-focus';

/**
 * What marks a problem in a form: a control the form marked invalid (Mantine sets `aria-invalid` on an
 * input with an error), Mantine's message under a wrapper that is not one input (an image picker), or a
 * message of the form's own marked `data-form-error` (the survey's "Debes agregar al menos una pregunta").
 */
const ERROR = '[aria-invalid="true"], .mantine-InputWrapper-error, [data-form-error]';

/**
 * Brings the form's first problem, in reading order, into the middle of the view and puts the focus on
 * it (or on its wrapper's first control, or on the message itself), so a Guardar whose message is out of
 * view never seems to do nothing. False when the form shows no problem.
 */
export function focusFirstError(root: HTMLElement | null): boolean {
  return focusFirstProblem(root, ERROR, (mark) =>
    mark.closest('.mantine-InputWrapper-root')?.querySelector<HTMLElement>(FOCUSABLE),
  );
}
