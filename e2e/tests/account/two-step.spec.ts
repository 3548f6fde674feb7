import { MFA_MSG } from '@panel/shared';
import { Secret, TOTP } from 'otpauth';
import { ownAdmin, signInWithPassword } from '../../support/own-admin.ts';
import { expect, test } from '../../support/test.ts';

// Issue 30, section 2: an administrator turns "Verificación en dos pasos" on in "Mi cuenta" and then
// signs in with a code of the authenticator app, computed here with otpauth from the key the screen
// shows. Each test has its own account: the worker's demo administrator never gets a second factor.

const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at,
  });

test.describe('Verificación en dos pasos', () => {
  test('an administrator turns it on with a first code, keeps the recovery codes, and signs in with a code; a wrong code is refused', async ({
    page,
    request,
  }) => {
    const user = await ownAdmin(request, 'dos.pasos');

    await signInWithPassword(page, user.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
    await page.getByRole('button', { name: 'Activar' }).click();
    await expect(
      page.getByRole('img', { name: 'Código QR para la aplicación de autenticación' }),
    ).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const field = page.getByRole('textbox', { name: /Código de verificación/ });
    await field.fill(codeAt(secret, Date.now()));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Guardá tus códigos de recuperación')).toBeVisible();
    await expect(page.getByTestId('recovery-codes').locator('code')).toHaveCount(10);
    await page.getByRole('button', { name: 'Listo' }).click();
    await expect(page.getByText('Te quedan 10 códigos de recuperación.')).toBeVisible();

    // Signed out (this browser forgets its session), the password alone no longer opens the panel.
    await page.evaluate(() => localStorage.clear());
    await signInWithPassword(page, user.email);
    const code = page.getByRole('textbox', { name: 'Código de verificación' });
    await expect(code).toBeVisible();
    // The next step's code: the first code's step is used, and a code is never accepted twice.
    const right = codeAt(secret, Date.now() + 30_000);
    const wrong = right.replace(/^./, (d) => String((Number(d) + 5) % 10));
    await code.fill(wrong);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByText(MFA_MSG.codeInvalid)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await code.fill(right);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  // Only the refusal runs here: the rule is company-wide, and turning it on would send every other
  // worker's administrator to "Mi cuenta". Turning it on and its effect are covered by the API
  // (test/api/auth/mfa.test.ts) and the component test (account-page.test.tsx).
  test('"Exigir la verificación en dos pasos" is refused to an administrator without their own, and stays off', async ({
    page,
    request,
  }) => {
    const user = await ownAdmin(request, 'regla');
    await signInWithPassword(page, user.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Ingreso al panel' })).toBeVisible();
    const rule = page.getByRole('switch', { name: /^Exigir la verificación en dos pasos/ });
    await expect(rule).not.toBeChecked();
    await rule.click({ force: true });
    await expect(page.getByText(MFA_MSG.ownFactorFirst)).toBeVisible();
    await expect(rule).not.toBeChecked();
  });
});
