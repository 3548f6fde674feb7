// zod's Spanish messages, set before this form's schema parses (only the screens with a form load zod).
import '../../lib/zod-config';
import { MSG, OIDC_MSG, oidcErrorText, ZLoginRequest } from '@panel/shared';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { EmailField, Field } from '../../components/field';
import { Form } from '../../components/form';
import { errorMessage } from '../../lib/api';
import {
  COMPANY_SIGN_IN_URL,
  companySignInAvailable,
  signInWithCompanyCode,
  signInWithPassword,
  takeCompanySignInFragment,
} from '../../lib/auth';
import { useSessionState } from '../../lib/session';

// "¿Olvidaste tu contraseña?": its own chunk, on the first tap.
const ForgotPassword = lazy(() => import('./forgot-password'));

export const SESSION_EXPIRED =
  'Tu sesión venció. Ingresá de nuevo para seguir; lo pendiente se envía después.';

/** Sign-in with the panel's accounts: sellers stay in the app, administrators go to the panel. */
export default function LoginPage({ notice = null }: { notice?: string | null }) {
  const { expired } = useSessionState();
  const [forgot, setForgot] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // "Ingresar con la cuenta de la empresa": only when the server has OpenID Connect configured.
  const [company, setCompany] = useState(false);

  useEffect(() => {
    let live = true;
    void companySignInAvailable().then((available) => live && setCompany(available));
    // Back from the company's sign-in: its one-time code opens the session, or its refusal is shown.
    const back = takeCompanySignInFragment();
    if (back && 'error' in back) setError(oidcErrorText(back.error));
    if (back && 'code' in back) {
      setBusy(true);
      signInWithCompanyCode(back.code).then(
        (stays) => live && stays && setBusy(false),
        (err: unknown) => {
          if (!live) return;
          setError(errorMessage(err, OIDC_MSG.failed));
          setBusy(false);
        },
      );
    }
    return () => {
      live = false;
    };
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = ZLoginRequest.safeParse({ email, password });
    if (!parsed.success) {
      const errors: { email?: string; password?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      const stays = await signInWithPassword(parsed.data.email, parsed.data.password);
      if (!stays) return; // leaving for the panel
    } catch (err) {
      setError(errorMessage(err, MSG.invalidCredentials));
    }
    setBusy(false);
  }

  const brand = (
    <div className="login__brand">
      <img src={`${import.meta.env.BASE_URL}icons/icon-192.png`} alt="" width={72} height={72} />
      <h1>Comunidad</h1>
      <p>La app del equipo de ventas</p>
    </div>
  );
  if (forgot) {
    return (
      <main className="login">
        {brand}
        <Suspense fallback={null}>
          <ForgotPassword initialEmail={email} onBack={() => setForgot(false)} />
        </Suspense>
      </main>
    );
  }

  return (
    <main className="login">
      {brand}
      <Form className="card login__form" onSubmit={onSubmit}>
        {notice && !error && (
          <p className="alert alert--success" role="status">
            {notice}
          </p>
        )}
        {expired && !notice && !error && (
          <p className="alert alert--info" role="status">
            {SESSION_EXPIRED}
          </p>
        )}
        <ErrorAlert>{error}</ErrorAlert>
        <EmailField id="login-email" error={fieldErrors.email} value={email} onChange={setEmail} />
        <Field
          id="login-password"
          label="Contraseña"
          error={fieldErrors.password}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? 'Ingresando…' : 'Ingresar'}
        </button>
        {company && (
          <a
            className="button button--block login__company"
            href={COMPANY_SIGN_IN_URL}
            aria-disabled={busy || undefined}
          >
            {OIDC_MSG.button}
          </a>
        )}
        <p className="login__hint">
          <button type="button" className="link-button" onClick={() => setForgot(true)}>
            ¿Olvidaste tu contraseña?
          </button>
        </p>
      </Form>
    </main>
  );
}
