import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText, emailParts } from './email-text';

describe('EmailText (issue 28, item 16)', () => {
  it('splits after each "@" and ".", and nowhere else', () => {
    expect(emailParts('camila.lopez@demo.local')).toEqual(['camila.', 'lopez@', 'demo.', 'local']);
    expect(emailParts('ana@x')).toEqual(['ana@', 'x']);
    expect(emailParts('sinarroba')).toEqual(['sinarroba']);
  });

  it('puts a <wbr> right after "@" and each ".", and forbids any other break', () => {
    const { container } = render(<EmailText email="camila.lopez@demo.local" />);
    const span = container.querySelector('span[data-email]') as HTMLElement;
    expect(span.textContent).toBe('camila.lopez@demo.local');
    expect(span.innerHTML).toBe('camila.<wbr>lopez@<wbr>demo.<wbr>local');
    expect(span.style.overflowWrap).toBe('normal');
    expect(span.style.wordBreak).toBe('keep-all');
    expect(span.style.wordBreak).not.toBe('break-all');
  });
});
