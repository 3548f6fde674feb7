// zod's Spanish messages, set before this form's schema parses (only the screens with a form load zod).
import '../../lib/zod-config';
import { RESET_MSG, ZPasswordResetConfirm } from '@panel/shared';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { Field } from '../../components/field';
import { Form } from '../../components/form';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import { signOut } from '../../lib/session';

type FieldName = 'password' | 'repeat';

/**
 * The screen a mail's reset link opens (`/comunidad/#restablecer=…`, issue 23, item 2): the new
 * password twice, checked with the shared schema (the server's policy). Saving ends every session of
 * the account, this phone's too. Its own chunk, loaded only when such a link is opened.
 */
export default function ResetPasswordPage({
  token,
  onLeave,
}: {
  token: string;
  onLeave: (done: string | null) => void;
}) {
  const [values, setValues] = useState<Record<FieldName, string>>({ password: '', repeat: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const next: Partial<Record<FieldName, string>> = {};
    const parsed = ZPasswordResetConfirm.safeParse({ token, password: values.password });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'password') next.password ??= issue.message;
        if (issue.path[0] === 'token') setFailure(issue.message);
      }
    }
    if (!next.password && values.password !== values.repeat) next.repeat = RESET_MSG.passwordsDiffer;
    setErrors(next);
    if (!parsed.success || next.repeat) return;
    setBusy(true);
    try {
      const answer = await apiRequest<{ message: string }>('/password-reset/confirm', {
        method: 'POST',
        body: parsed.data,
        token: null,
        skipSessionCheck: true,
      });
      signOut();
      onLeave(answer.message);
      return;
    } catch (error) {
      const password = error instanceof ApiError ? error.errors?.password?.[0] : undefined;
      if (password) setErrors({ password });
      else setFailure(errorMessage(error, 'No se pudo guardar la contraseña. Probá de nuevo.'));
    }
    setBusy(false);
  }

  const field = (name: FieldName, label: string) => (
    <Field
      id={`reset-${name}`}
      label={label}
      error={errors[name]}
      type="password"
      name={name}
      autoComplete="new-password"
      value={values[name]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setValues((v) => ({ ...v, [name]: value }));
      }}
    />
  );

  return (
    <main className="login">
      <div className="login__brand">
        <img src={`${import.meta.env.BASE_URL}icons/icon-192.png`} alt="" width={72} height={72} />
        <h1>Comunidad</h1>
      </div>
      <Form className="card login__form" onSubmit={onSubmit} aria-labelledby="reset-title">
        <h2 id="reset-title" className="card__title">
          Elegí una contraseña nueva
        </h2>
        <p className="login__lead">Al guardarla se cierran todas las sesiones abiertas de tu cuenta.</p>
        <ErrorAlert>{failure}</ErrorAlert>
        {field('password', 'Contraseña nueva (al menos 10 caracteres)')}
        {field('repeat', 'Repetí la contraseña nueva')}
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? 'Guardando…' : 'Guardar contraseña'}
        </button>
        <p className="login__hint">
          <button type="button" className="link-button" onClick={() => onLeave(null)}>
            Volver a ingresar
          </button>
        </p>
      </Form>
    </main>
  );
}
