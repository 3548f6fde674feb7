import { Fragment } from 'react';

/** The places an e-mail may break: after each "@" and each "." (docs/product.md#dates-and-numbers). */
export function emailParts(email: string): string[] {
  return email.split(/(?<=[@.])/);
}

const STYLE = { overflowWrap: 'normal', wordBreak: 'keep-all' } as const;

/**
 * An e-mail that wraps only after its "@" or a "." ("camila.lopez@ / demo.local"), never inside a
 * word ("camila.lopez@demo.l / ocal", issue 28, item 16): a <wbr> after each of them, and no other
 * break, whatever the cell around it allows (lists break long words anywhere).
 */
export function EmailText({ email }: { email: string }) {
  const parts = emailParts(email);
  return (
    <span style={STYLE} data-email="">
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </span>
  );
}
