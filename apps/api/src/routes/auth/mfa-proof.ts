import { MFA_MSG, type TMfaProof } from '@panel/shared';
import type { FastifyInstance } from 'fastify';
import { conflict, fieldError, HttpError } from '../../lib/http-errors.ts';
import type { LoginThrottle } from '../../services/auth/login-throttle.ts';
import { mfaState, proveAccount } from '../../services/auth/mfa.ts';
import type { ActiveSession } from '../../services/auth/sessions.ts';

/**
 * Wrong proofs (password or code) to turn the factor off or renew its codes, counted like the password
 * change's (per session and per account, 15 minutes): each is reserved before the check, given back
 * when right. Returns the refund.
 */
export const MFA_PROOF_LIMITS = { windowMs: 15 * 60 * 1000, perSession: 5, perAccount: 10 } as const;

export async function reserveProofCheck(
  throttle: LoginThrottle,
  auth: ActiveSession,
): Promise<() => Promise<void>> {
  const budgets = [
    [`mfa-proof:session:${auth.sessionId}`, MFA_PROOF_LIMITS.perSession],
    [`mfa-proof:account:${auth.user.id}`, MFA_PROOF_LIMITS.perAccount],
  ] as const;
  const refund = async () => {
    await Promise.all(budgets.map(([name]) => throttle.refund(name)));
  };
  const verdicts = await Promise.all(
    budgets.map(([name, max]) => throttle.hit(name, max, MFA_PROOF_LIMITS.windowMs)),
  );
  const waits = verdicts.flatMap((v) => (v.blocked ? [v.retryAfterSeconds] : []));
  if (waits.length > 0) {
    await refund();
    throw new HttpError(429, MFA_MSG.tooManyTries, undefined, { 'retry-after': String(Math.max(...waits)) });
  }
  return refund;
}

/**
 * The proof "Desactivar" and "Generar códigos nuevos" ask for (and "Quitar" a passkey, with
 * `totpOn: false`): TOTP must be on for the first two (409), the tries within their limits (429), and the
 * password or a code right (400, naming the field given).
 */
export async function requireAccountProof(
  app: FastifyInstance,
  auth: ActiveSession,
  proof: TMfaProof,
  { totpOn = true }: { totpOn?: boolean } = {},
) {
  if (totpOn && !(await mfaState(app.db, auth.user.id)).enabled) throw conflict(MFA_MSG.notEnabled);
  const refund = await reserveProofCheck(app.loginThrottle, auth);
  if (!(await proveAccount(app.db, app.totpBox, auth.user.id, proof, app.now()))) {
    throw fieldError(proof.password ? 'password' : 'code', MFA_MSG.passwordOrCodeInvalid);
  }
  await refund();
}
