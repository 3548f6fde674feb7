import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { signInSettings } from '../../db/schema/users.ts';

/**
 * The company's sign-in rules set in the panel (docs/product.md#second-factor): whether every panel
 * account needs a second factor, and whether panel accounts sign in only with the company's account
 * (OpenID Connect, docs/decisions/2026-12-04-oidc.md). The environment's MFA_REQUIRED forces it on whatever the
 * panel says; the panel's switch adds to it, it never takes it away.
 */

export interface SignInRules {
  /** Set in the panel ("Exigir la verificación en dos pasos…"). */
  mfaRequired: boolean;
  /** Set in the panel ("Solo con la cuenta de la empresa"): applied while OpenID Connect is configured. */
  oidcOnly: boolean;
}

/** The saved rules; none saved yet reads as all off. */
export async function readSignInRules(db: Db | Tx): Promise<SignInRules> {
  const [row] = await db
    .select({ mfaRequired: signInSettings.mfaRequired, oidcOnly: signInSettings.oidcOnly })
    .from(signInSettings)
    .where(eq(signInSettings.id, 1));
  return { mfaRequired: row?.mfaRequired ?? false, oidcOnly: row?.oidcOnly ?? false };
}

/** Saves the rules (the one row, made on the first save) and answers them as read back. */
export async function saveSignInRules(db: Db | Tx, rules: SignInRules, now: Date): Promise<SignInRules> {
  await db
    .insert(signInSettings)
    .values({ id: 1, mfaRequired: rules.mfaRequired, oidcOnly: rules.oidcOnly, updatedAt: now })
    .onConflictDoUpdate({
      target: signInSettings.id,
      set: { mfaRequired: rules.mfaRequired, oidcOnly: rules.oidcOnly, updatedAt: now },
    });
  return readSignInRules(db);
}

/**
 * Whether panel accounts need a second factor, as every panel call asks it: the environment's flag,
 * else the saved rule, read at most once per `ttlMs` per instance. A save on this instance is seen at
 * once (`remember`); another instance sees it within `ttlMs`. While a read is under way, callers
 * share it.
 */
export class MfaRequirement {
  #value = false;
  #readAt = Number.NEGATIVE_INFINITY;
  #reading: Promise<boolean> | null = null;

  constructor(
    private readonly read: () => Promise<SignInRules>,
    /** MFA_REQUIRED (read at each call: the tests change the configuration of a running app). */
    private readonly fromEnv: () => boolean,
    private readonly ttlMs = 5_000,
  ) {}

  /** The answer: a boolean when known (no promise on the hot path), else a promise of it. */
  current(now = Date.now()): boolean | Promise<boolean> {
    if (this.fromEnv()) return true;
    if (now - this.#readAt < this.ttlMs) return this.#value;
    this.#reading ??= this.read()
      .then((rules) => this.remember(rules.mfaRequired, Date.now()))
      .finally(() => {
        this.#reading = null;
      });
    return this.#reading;
  }

  /** Takes a value just saved or read. */
  remember(value: boolean, at = Date.now()): boolean {
    this.#value = value;
    this.#readAt = at;
    return this.fromEnv() || value;
  }

  /** Reads the saved rule again at the next call (the tests' reset empties the tables). */
  forget(): void {
    this.#readAt = Number.NEGATIVE_INFINITY;
  }

  /** MFA_REQUIRED is set: the panel's switch shows it on and cannot turn it off. */
  get byServer(): boolean {
    return this.fromEnv();
  }
}
