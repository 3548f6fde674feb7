import { render } from 'preact';
import { act } from 'preact/test-utils';
import { useState } from 'react';
import { Form } from './form';

/** A long form whose only problem, the last field, is below the screen. */
function Survey({ send }: { send: () => Promise<void> }) {
  const [error, setError] = useState(false);
  return (
    <Form
      onSubmit={async () => {
        await send();
        setError(true);
      }}
    >
      <input id="first" />
      <input id="second" />
      <input id="last" aria-invalid={error} />
      {error && <small className="field__error">Falta responder</small>}
      <button type="submit">Enviar</button>
    </Form>
  );
}

describe('Form', () => {
  it('once the submit has finished, focuses the first problem it shows and brings it into view', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    const root = document.createElement('div');
    document.body.append(root);
    let finish!: () => void;
    const send = () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      });
    await act(() => render(<Survey send={send} />, root));
    await act(() => {
      root.querySelector('button')!.click();
    });
    // Still sending: nothing moves yet.
    expect(document.activeElement?.id).not.toBe('last');
    await act(async () => finish());
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(document.activeElement?.id).toBe('last');
    expect(scrolled).toEqual(['last']);
    render(null, root);
  });
});
