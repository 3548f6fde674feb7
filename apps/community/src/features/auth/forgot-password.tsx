// zod's Spanish messages, set before this form's schema parses (only the screens with a form load zod).
import '../../lib/zod-config';
import { ZPasswordResetRequest } from '@panel/shared';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { EmailField } from '../../components/field';
import { Form } from '../../components/form';
import { apiRequest, errorMessage } from '../../lib/api';

/**
 * "¿Olvidaste tu contraseña?" (issue 23, item 2): asks the email and shows the server's one neutral
 * answer. Its own chunk, loaded from the sign-in screen on the first tap.
 */
export default function ForgotPassword({
  initialEmail,
  onBack,
}: {
  initialEmail: string;
  onBack: () => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = ZPasswordResetRequest.safeParse({ email });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setEmailError(null);
    setBusy(true);
    try {
      const answer = await apiRequest<{ message: string }>('/password-reset', {
        method: 'POST',
        body: parsed.data,
        token: null,
        skipSessionCheck: true,
      });
      setSent(answer.message);
    } catch (error) {
      setFailure(errorMessage(error, 'No se pudo enviar el pedido. Probá de nuevo.'));
    }
    setBusy(false);
  }

  if (sent) {
    return (
      <div className="card login__form">
        <h2 className="card__title">Revisá tu correo</h2>
        <p className="alert alert--info" role="status">
          {sent}
        </p>
        <p className="login__hint">
          Si no te llega, revisá el correo no deseado o pedilo de nuevo en unos minutos.
        </p>
        <button type="button" className="button button--primary button--block" onClick={onBack}>
          Volver a ingresar
        </button>
      </div>
    );
  }

  return (
    <Form className="card login__form" onSubmit={onSubmit} aria-labelledby="forgot-title">
      <h2 id="forgot-title" className="card__title">
        ¿Olvidaste tu contraseña?
      </h2>
      <p className="login__lead">
        Escribí el email de tu cuenta y te enviamos un enlace para elegir una nueva.
      </p>
      <ErrorAlert>{failure}</ErrorAlert>
      <EmailField id="forgot-email" error={emailError} value={email} onChange={setEmail} />
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? 'Enviando…' : 'Enviar enlace'}
      </button>
      <p className="login__hint">
        <button type="button" className="link-button" onClick={onBack}>
          Volver a ingresar
        </button>
      </p>
    </Form>
  );
}
