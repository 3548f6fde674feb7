import type { ComponentType } from 'react';
import { useController } from 'react-hook-form';

/** What a controlled input takes from the form. */
type Bound = 'value' | 'onChange' | 'onBlur' | 'name' | 'error';

export type FormFieldProps<P> = Omit<P, Bound> & {
  /** The form value it edits, by the body's field name. */
  name: string;
  /** A controlled input: `value`, `onChange(value)` and an `error` message (BranchSelect, NumberInput…). */
  component: ComponentType<P>;
};

/**
 * A controlled input bound to the dialog's form (inside `FormDialog`): its value, its changes and
 * its error message, the schema's or the server's. Any other prop goes to the input as given.
 */
export function FormField<P extends { value?: unknown; onChange?: unknown; error?: unknown }>({
  name,
  component: Input,
  ...props
}: FormFieldProps<P>) {
  const { field, fieldState } = useController({ name });
  const { value, onChange, onBlur } = field;
  const bound = { ...props, name, value, onChange, onBlur, error: fieldState.error?.message };
  return <Input {...(bound as unknown as P)} />;
}
