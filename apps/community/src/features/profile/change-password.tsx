// zod's Spanish messages, set before this form's schema parses (only the screens with a form load zod).
import '../../lib/zod-config';
import { type TAppPasswordChanged, ZAppChangePassword } from '@panel/shared';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { Field } from '../../components/field';
import { Form } from '../../components/form';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';

type FieldName = 'current_password' | 'new_password' | 'repeat';
const MISMATCH = 'Las contraseñas nuevas no coinciden';

/** Cambiar contraseña: the current one and the new one (the panel's policy), typed twice. */
export function ChangePassword() {
  const [values, setValues] = useState<Record<FieldName, string>>({
    current_password: '',
    new_password: '',
    repeat: '',
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The answer says whether it ended other sessions (issue 20, item 10): it stays on screen.
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setDone(null);
    const next: Partial<Record<FieldName, string>> = {};
    const parsed = ZAppChangePassword.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        next[field] ??= issue.message;
      }
    }
    if (!next.new_password && values.new_password !== values.repeat) next.repeat = MISMATCH;
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    setBusy(true);
    try {
      const answer = await apiRequest<TAppPasswordChanged>('/app/me/password', {
        method: 'POST',
        body: parsed.data,
      });
      setValues({ current_password: '', new_password: '', repeat: '' });
      setDone(answer.message);
    } catch (error) {
      const fields = error instanceof ApiError ? error.errors : undefined;
      const byField = {
        current_password: fields?.current_password?.[0],
        new_password: fields?.new_password?.[0],
      };
      setErrors(byField);
      // A message under its field is enough; the general one is for everything else.
      if (!byField.current_password && !byField.new_password) {
        setFailure(errorMessage(error, 'No se pudo cambiar la contraseña'));
      }
    }
    setBusy(false);
  }

  const field = (name: FieldName, label: string, autoComplete: string) => (
    <Field
      id={`pw-${name}`}
      label={label}
      error={errors[name]}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setValues((v) => ({ ...v, [name]: value }));
      }}
    />
  );

  return (
    <Form className="card" onSubmit={onSubmit} aria-labelledby="password-title">
      <h2 id="password-title" className="card__title">
        Cambiar contraseña
      </h2>
      {field('current_password', 'Contraseña actual', 'current-password')}
      {field('new_password', 'Contraseña nueva (al menos 10 caracteres)', 'new-password')}
      {field('repeat', 'Repetí la contraseña nueva', 'new-password')}
      <ErrorAlert>{failure}</ErrorAlert>
      {done && (
        <p className="alert alert--success" role="status">
          {done}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? 'Guardando…' : 'Cambiar contraseña'}
      </button>
    </Form>
  );
}
