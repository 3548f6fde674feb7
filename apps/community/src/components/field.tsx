import type { InputHTMLAttributes, ReactNode } from 'react';

/** What the control of a field needs to be named by its label and described by its message. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** The control's id; its message is `<id>-error`. */
  id: string;
  label: ReactNode;
  /** The field's problem, under it; the control says it is invalid and is described by it. */
  error?: string | null;
  /** Ids of more text that describes the control (e.g. a counter), before the message. */
  describedBy?: string;
  /** Under the control, before the message (e.g. "12/500"). */
  hint?: ReactNode;
  /** Another control than an <input> (e.g. a <textarea>), given the props that tie it to the label and message. */
  control?: (props: FieldControlProps) => ReactNode;
}

/**
 * Every form field of the app: its label, its control and its message, tied together so a screen
 * reader says the label, that it is invalid and why (and lib/focus-first-error.ts finds it).
 */
export function Field({ id, label, error, describedBy, hint, control, ...input }: FieldProps) {
  const errorId = `${id}-error`;
  const described = [describedBy, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const props: FieldControlProps = { id, 'aria-invalid': Boolean(error), 'aria-describedby': described };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {control ? control(props) : <input {...input} {...props} />}
      {hint}
      {error && (
        <small id={errorId} className="field__error">
          {error}
        </small>
      )}
    </div>
  );
}

interface EmailFieldProps {
  id: string;
  error?: string | null;
  value: string;
  onChange: (email: string) => void;
}

/** The account's email, as the login and "¿Olvidaste tu contraseña?" ask for it (the browser offers the saved one). */
export function EmailField({ id, error, value, onChange }: EmailFieldProps) {
  return (
    <Field
      id={id}
      label="Email"
      error={error}
      type="email"
      name="email"
      autoComplete="username"
      inputMode="email"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
