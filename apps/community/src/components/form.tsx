import { type FormEvent, type FormHTMLAttributes, useEffect, useRef, useState } from 'react';
import { focusFirstError } from '../lib/focus-first-error';

interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  /** The form's own submit (the browser's is already prevented); may be async. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
}

/**
 * Every form of the app: once its submit has finished and the screen shows what came of it, the first
 * problem (a field's message, or the form's failure) is brought into view and focused
 * (lib/focus-first-error.ts).
 */
export function Form({ onSubmit, children, ...props }: FormProps) {
  const ref = useRef<HTMLFormElement>(null);
  const [submits, setSubmits] = useState(0);
  useEffect(() => {
    if (submits > 0) focusFirstError(ref.current);
  }, [submits]);
  return (
    <form
      {...props}
      ref={ref}
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          await onSubmit(event);
        } finally {
          setSubmits((n) => n + 1);
        }
      }}
    >
      {children}
    </form>
  );
}
