import { render } from 'preact';
import { Field } from './field';

function mount(node: preact.ComponentChild) {
  const root = document.createElement('div');
  document.body.append(root);
  render(node, root);
  return root;
}

describe("Field (issue 29: the app's one form field)", () => {
  it('names its input by the label, and without a problem says nothing more', () => {
    const root = mount(<Field id="login-email" label="Email" type="email" value="" onChange={() => {}} />);
    const input = root.querySelector('input')!;
    expect(root.querySelector('label')!.htmlFor).toBe('login-email');
    expect(input.id).toBe('login-email');
    expect(input.type).toBe('email');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(root.querySelector('.field__error')).toBeNull();
  });

  it('with a problem, marks the control invalid and describes it by the message, after its hint', () => {
    const root = mount(
      <Field
        id="compose-content"
        label="Texto"
        error="Escribí algo"
        describedBy="compose-content-count"
        hint={<small id="compose-content-count">0/500</small>}
        control={(props) => <textarea {...props} />}
      />,
    );
    const textarea = root.querySelector('textarea')!;
    expect(textarea.id).toBe('compose-content');
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
    expect(textarea.getAttribute('aria-describedby')).toBe('compose-content-count compose-content-error');
    expect(root.querySelector('#compose-content-error')!.textContent).toBe('Escribí algo');
    expect(root.querySelector('.field__error')!.className).toBe('field__error');
  });
});
