import { focusFirstError } from './focus-first-error';

function form(html: string): HTMLFormElement {
  document.body.innerHTML = `<form>${html}</form>`;
  return document.querySelector('form')!;
}

describe('focusFirstError', () => {
  let scrolled: Element[];
  beforeEach(() => {
    scrolled = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
  });

  it('focuses the first invalid input in reading order and brings it into view', () => {
    const root = form(`
      <input id="a" />
      <textarea id="b" aria-invalid="true"></textarea>
      <input id="c" aria-invalid="true" />`);
    expect(focusFirstError(root)).toBe(true);
    expect(document.activeElement?.id).toBe('b');
    expect(scrolled.map((e) => e.id)).toEqual(['b']);
  });

  it('focuses the first choice of an invalid group of choices', () => {
    const root = form(`
      <fieldset aria-invalid="true"><legend>1. Calificá</legend>
        <input type="radio" id="r1" name="q" /><input type="radio" id="r2" name="q" />
      </fieldset>`);
    focusFirstError(root);
    expect(document.activeElement?.id).toBe('r1');
  });

  it("focuses the form's failure message when no field is wrong, and does nothing when all is well", () => {
    const root = form(`<input id="a" /><p class="alert alert--error" role="alert" id="m">No se pudo</p>`);
    expect(focusFirstError(root)).toBe(true);
    expect(document.activeElement?.id).toBe('m');
    expect(focusFirstError(form('<input id="a" aria-invalid="false" />'))).toBe(false);
  });
});
