import { Textarea, type TextareaProps, TextInput, type TextInputProps } from '@mantine/core';
import type { ComponentType } from 'react';
import { type RegisterOptions, useController, useFormContext } from 'react-hook-form';

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

type Registered = 'name' | 'onChange' | 'onBlur' | 'ref' | 'error';

export type FormInputProps<P> = Omit<P, Registered> & {
  name: string;
  /** An input react-hook-form can register (TextInput, Textarea, PasswordInput); default TextInput. */
  component?: ComponentType<P>;
  /** register()'s options, e.g. `setValueAs`. */
  rules?: RegisterOptions;
};

/**
 * A text input registered on the dialog's form (inside `FormDialog`), with its error message under
 * it, the schema's or the server's. Any other prop goes to the input as given.
 */
export function FormInput<P extends { error?: unknown } = TextInputProps>({
  name,
  component: Input = TextInput as ComponentType<P>,
  rules,
  ...props
}: FormInputProps<P>) {
  const { register, getFieldState, formState } = useFormContext();
  const { error } = getFieldState(name, formState);
  const bound = { ...props, error: error?.message, ...register(name, rules) };
  return <Input {...(bound as unknown as P)} />;
}

/**
 * A Textarea registered on the dialog's form that grows with its text, from `minRows` (default 2)
 * to `maxRows`; any other prop goes to the Textarea as given.
 */
export function FormTextarea({ minRows = 2, ...props }: Omit<FormInputProps<TextareaProps>, 'component'>) {
  return <FormInput<TextareaProps> component={Textarea} autosize minRows={minRows} {...props} />;
}
