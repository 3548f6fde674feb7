import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import {
  COMMUNITY_APP_PATH,
  MFA_MSG,
  MSG,
  OIDC_MSG,
  oidcErrorText,
  PASSKEY_MSG,
  type TLoginRequest,
  type TLoginResponse,
  type TMfaMethod,
  ZLoginRequest,
} from '@panel/shared';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/auth-store';
import { login, loginMfa } from '../api/login';
import { logout } from '../api/logout';
import {
  companySignInAvailable,
  companySignInUrl,
  exchangeCompanyCode,
  takeCompanySignInFragment,
} from '../api/oidc';
import { isPasskeyCancel, passkeySecondStep, passkeysSupported, signInWithPasskey } from '../api/passkey';

// The dialog (and Mantine's Modal) loads on the first click, so the first screen does not carry it.
const ForgotPasswordDialog = lazy(() =>
  import('./forgot-password-dialog').then((m) => ({ default: m.ForgotPasswordDialog })),
);

const LOGIN_FALLBACK = 'No se pudo iniciar sesión. Intentá de nuevo.';

/** Turns a failed login into the alert the spec and docs/product.md#sign-in-and-sessions ask for. */
function loginErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return LOGIN_FALLBACK;
  if (error.status === 401) return MSG.invalidCredentials;
  // 403: a seller's account, or a panel account that signs in only with the company's account.
  if (error.status === 403) return errorMessage(error, MSG.noPanelAccess);
  if (error.status === 429) return errorMessage(error, MSG.tooManyAttempts);
  return errorMessage(error, LOGIN_FALLBACK);
}

/** A passkey that did not sign in: the person's own cancel, the server's refusal, or else. */
function passkeyErrorText(error: unknown): string {
  if (isPasskeyCancel(error)) return PASSKEY_MSG.cancelled;
  if (error instanceof ApiError && error.status === 401) return errorMessage(error, PASSKEY_MSG.invalid);
  if (error instanceof ApiError && error.status === 429) return errorMessage(error, MSG.tooManyAttempts);
  return errorMessage(error, LOGIN_FALLBACK);
}

type Field = keyof TLoginRequest;
type FieldErrors = Partial<Record<Field, string>>;

/**
 * The two fields checked with the shared schema (ZLoginRequest, the server's body schema): the
 * parsed request, or each field's first message. No react-hook-form here, unlike the panel's other
 * forms: two fields do not need it, and it was about 13 KB of gzip JS on /login
 * (docs/decisions/2026-11-24-login-bundle.md).
 */
function validate(form: HTMLFormElement): { request: TLoginRequest | null; errors: FieldErrors } {
  const data = new FormData(form);
  const parsed = ZLoginRequest.safeParse({
    email: String(data.get('email') ?? ''),
    password: String(data.get('password') ?? ''),
  });
  if (parsed.success) return { request: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return { request: null, errors };
}

interface LoginFormProps {
  /** Called once an administrator's session is stored: go to the dashboard. */
  onSignedIn: () => void;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const storeLogin = useAuthStore((s) => s.login);
  // A panel account with "Verificación en dos pasos": the password gave this token, the code comes next.
  const [mfaStep, setMfaStep] = useState<{ token: string; methods: TMfaMethod[] } | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  // A seller's account: the alert also points to the sellers' app (issue 21, item 8).
  const [sellerAccount, setSellerAccount] = useState(false);
  const [forgotOpened, setForgotOpened] = useState(false);
  const [forgotLoaded, setForgotLoaded] = useState(false);
  // The screen is prerendered into login.html and paints before any script runs. Until React has
  // taken it over, the fields are read-only and "Ingresar" is disabled, so nothing typed is lost and
  // the browser never submits the form by itself (which would put the password in the URL).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [errors, setErrors] = useState<FieldErrors>({});
  // As react-hook-form does by default: nothing is checked while typing until the first "Ingresar";
  // from then on every change checks again, so a corrected field loses its message at once.
  const [attempted, setAttempted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

  // "Ingresar con la cuenta de la empresa": only when the server has OpenID Connect configured.
  const [companySignIn, setCompanySignIn] = useState(false);
  const [companyBusy, setCompanyBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void companySignInAvailable().then((available) => live && setCompanySignIn(available));
    return () => {
      live = false;
    };
  }, []);

  // Back from the company's sign-in: its one-time code opens the session, or its refusal is shown.
  useEffect(() => {
    const back = takeCompanySignInFragment();
    if (!back) return;
    if ('error' in back) {
      setAlert(oidcErrorText(back.error));
      return;
    }
    setCompanyBusy(true);
    void (async () => {
      try {
        const answer = await exchangeCompanyCode(back.code);
        if ('mfa_required' in answer) {
          setMfaStep({ token: answer.mfa_token, methods: answer.methods });
          return;
        }
        if (answer.user.role === 'seller') {
          await logout(answer.token);
          setAlert(MSG.noPanelAccess);
          setSellerAccount(true);
          return;
        }
        storeLogin(answer.token, answer.user);
        onSignedIn();
      } catch (error) {
        setAlert(errorMessage(error, OIDC_MSG.failed));
      } finally {
        setCompanyBusy(false);
      }
    })();
  }, [onSignedIn, storeLogin]);

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (attempted) setErrors(validate(event.currentTarget).errors);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const { request, errors: found } = validate(form);
    setAttempted(true);
    setErrors(found);
    if (!request) {
      const first = (['email', 'password'] as const).find((field) => found[field]);
      if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    setAlert(null);
    setSellerAccount(false);
    setSubmitting(true);
    try {
      const answer = await login(request);
      if ('mfa_required' in answer) {
        setMfaStep({ token: answer.mfa_token, methods: answer.methods });
        return;
      }
      const { token, user } = answer;
      if (user.role === 'seller') {
        // The panel is for administrators: give the token back at once and keep no session.
        await logout(token);
        setAlert(MSG.noPanelAccess);
        setSellerAccount(true);
        return;
      }
      storeLogin(token, user);
      onSignedIn();
    } catch (error) {
      setAlert(loginErrorText(error));
    } finally {
      setSubmitting(false);
    }
  };

  const withPasskey = async () => {
    setAlert(null);
    setSellerAccount(false);
    setPasskeyBusy(true);
    try {
      const { token, user } = await signInWithPasskey();
      storeLogin(token, user);
      onSignedIn();
    } catch (error) {
      setAlert(passkeyErrorText(error));
    } finally {
      setPasskeyBusy(false);
    }
  };

  if (mfaStep) {
    return (
      <CodeStep
        mfaToken={mfaStep.token}
        methods={mfaStep.methods}
        onSignedIn={(answer) => {
          storeLogin(answer.token, answer.user);
          onSignedIn();
        }}
        onRestart={(message) => {
          setMfaStep(null);
          setAlert(message || null);
        }}
      />
    );
  }

  return (
    <>
      <form onSubmit={onSubmit} onChange={onChange} noValidate aria-label="Iniciar sesión">
        <Stack gap="md">
          {alert && (
            <ErrorAlert title={alert}>
              {sellerAccount && (
                <>
                  {MSG.sellerAppPointer}{' '}
                  <Anchor href={COMMUNITY_APP_PATH} fw={600} size="sm">
                    {MSG.sellerAppLink}
                  </Anchor>
                </>
              )}
            </ErrorAlert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            placeholder="nombre@empresa.com"
            name="email"
            error={errors.email}
            readOnly={!hydrated}
          />
          <PasswordInput
            label="Contraseña"
            autoComplete="current-password"
            name="password"
            error={errors.password}
            readOnly={!hydrated}
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar el texto escrito' }}
          />
          <Button type="submit" size="md" fullWidth loading={isSubmitting} disabled={!hydrated}>
            Ingresar
          </Button>
          {/* In the prerendered screen too (disabled until hydrated), so it does not push the link
              down when React takes over; only a browser without WebAuthn, rare, loses it then. */}
          {(!hydrated || passkeysSupported()) && (
            <Button
              type="button"
              variant="default"
              size="md"
              fullWidth
              loading={passkeyBusy}
              disabled={!hydrated}
              onClick={() => void withPasskey()}
            >
              Ingresar con una llave de acceso
            </Button>
          )}
          {(companySignIn || companyBusy) && (
            <Button
              component="a"
              href={companySignInUrl('panel')}
              variant="default"
              size="md"
              fullWidth
              loading={companyBusy}
              // The label may take two lines on a narrow phone rather than overflow the screen.
              h="auto"
              mih={42}
              py={8}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
            >
              {OIDC_MSG.button}
            </Button>
          )}
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="center"
            onClick={() => {
              setForgotLoaded(true);
              setForgotOpened(true);
            }}
          >
            ¿Olvidaste tu contraseña?
          </Anchor>
        </Stack>
      </form>
      {forgotLoaded && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog opened={forgotOpened} onClose={() => setForgotOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

/** Answers that end the code step: the token is gone, the email and password come again. */
const RESTART_MESSAGES = new Set<string>([MFA_MSG.tokenExpired, MFA_MSG.tooManyCodes]);

/**
 * The second step of a sign-in with "Verificación en dos pasos" (docs/product.md#second-factor): the
 * 6 digits of the authenticator app, or one of the recovery codes.
 */
function CodeStep({
  mfaToken,
  methods,
  onSignedIn,
  onRestart,
}: {
  mfaToken: string;
  /** `totp`: the code field; `passkey`: "Usar una llave de acceso". */
  methods: TMfaMethod[];
  onSignedIn: (answer: TLoginResponse) => void;
  onRestart: (message: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const withPasskeyStep = async () => {
    setAlert(null);
    setBusy(true);
    try {
      onSignedIn(await passkeySecondStep(mfaToken));
    } catch (failure) {
      const message = passkeyErrorText(failure);
      if (failure instanceof ApiError && failure.status === 401 && RESTART_MESSAGES.has(message)) {
        onRestart(message);
        return;
      }
      setAlert(message);
    } finally {
      setBusy(false);
    }
  };
  const withCode = methods.includes('totp');
  const withPasskey = methods.includes('passkey') && passkeysSupported();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('code') as HTMLInputElement;
    const code = input.value.trim();
    if (!code) {
      setError(MFA_MSG.codeRequired);
      input.focus();
      return;
    }
    setError(null);
    setAlert(null);
    setBusy(true);
    try {
      onSignedIn(await loginMfa({ mfa_token: mfaToken, code }));
    } catch (failure) {
      const message = errorMessage(failure, LOGIN_FALLBACK);
      if (failure instanceof ApiError && failure.status === 401 && RESTART_MESSAGES.has(message)) {
        onRestart(message);
        return;
      }
      if (failure instanceof ApiError && failure.status === 401) {
        setError(message);
        input.select();
      } else setAlert(failure instanceof ApiError && failure.status === 429 ? MSG.tooManyAttempts : message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Código de verificación">
      <Stack gap="md">
        {alert && <ErrorAlert title={alert} />}
        {withCode && (
          <>
            <TextInput
              label="Código de verificación"
              description="Ingresá los 6 dígitos de tu aplicación de autenticación, o uno de tus códigos de recuperación."
              name="code"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              data-autofocus
              autoFocus
              error={error}
            />
            <Button type="submit" size="md" fullWidth loading={busy}>
              Verificar
            </Button>
          </>
        )}
        {withPasskey && (
          <Button
            type="button"
            variant={withCode ? 'default' : 'filled'}
            size="md"
            fullWidth
            loading={busy}
            onClick={() => void withPasskeyStep()}
          >
            Usar una llave de acceso
          </Button>
        )}
        {!withCode && !withPasskey && <ErrorAlert title={PASSKEY_MSG.unsupported} />}
        <Anchor component="button" type="button" size="sm" ta="center" onClick={() => onRestart('')}>
          Volver a ingresar email y contraseña
        </Anchor>
      </Stack>
    </form>
  );
}
