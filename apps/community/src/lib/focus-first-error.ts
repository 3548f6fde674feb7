import { FOCUSABLE, focusFirstProblem } from '@panel/shared/form-focus';

/**
 * What marks a problem in one of the app's forms: a control marked invalid (an input, or the fieldset of
 * a group of choices), or the form's own failure message (`alert--error`, e.g. the server's refusal).
 */
const ERROR = '[aria-invalid="true"], .alert--error';

/**
 * Brings the form's first problem, in reading order, into the middle of the screen and puts the focus
 * on it: the invalid input itself, the first choice of an invalid group, or the message. So a tap on
 * "Enviar" whose message is out of view never seems to do nothing. False when there is none.
 */
export function focusFirstError(root: HTMLElement | null): boolean {
  return focusFirstProblem(root, ERROR, (mark) =>
    mark.tagName === 'FIELDSET' ? mark.querySelector<HTMLElement>(FOCUSABLE) : null,
  );
}
