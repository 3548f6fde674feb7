/**
 * The pure rules of the company's own sign-in (OpenID Connect; docs/decisions/2026-12-04-oidc.md):
 * which e-mail an ID token vouches for, and what its groups claim makes of an account created by it.
 */

/** The roles a group can give: a seller and a branch manager belong to a branch, an administrator to none. */
export type GroupRole = 'admin' | 'seller' | 'branch_manager';

/** One entry of OIDC_GROUP_MAP: a group's value gives a role (and, for a seller or a manager, a branch). */
export interface GroupRule {
  group: string;
  role: GroupRole;
  branchId?: number;
}

/**
 * OIDC_GROUP_MAP, "panel-admins=admin,ventas-centro=seller:3,jefes-centro=branch_manager:3":
 * comma-separated `group=role`, the branch of a seller or a branch manager after a colon. Throws with the
 * first wrong entry (the configuration refuses to start).
 */
export function parseGroupMap(text: string): GroupRule[] {
  const rules: GroupRule[] = [];
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    const match = /^([^=]+)=(admin|seller|branch_manager)(?::(\d+))?$/.exec(entry);
    if (!match) {
      throw new Error(
        `OIDC_GROUP_MAP: "${entry}" no es grupo=admin, grupo=seller:ID_DE_SUCURSAL ni grupo=branch_manager:ID_DE_SUCURSAL (por ejemplo ventas=seller:3)`,
      );
    }
    const [, group, role, branch] = match as unknown as [string, string, GroupRole, string | undefined];
    if (role === 'admin' && branch !== undefined) {
      throw new Error(`OIDC_GROUP_MAP: "${entry}": un administrador no lleva sucursal`);
    }
    if (role === 'seller' && branch === undefined) {
      throw new Error(`OIDC_GROUP_MAP: "${entry}": a un vendedor le falta la sucursal (grupo=seller:ID)`);
    }
    if (role === 'branch_manager' && branch === undefined) {
      throw new Error(
        `OIDC_GROUP_MAP: "${entry}": a un encargado de sucursal le falta la sucursal (grupo=branch_manager:ID)`,
      );
    }
    rules.push({ group: group.trim(), role, ...(branch === undefined ? {} : { branchId: Number(branch) }) });
  }
  return rules;
}

/** The ID token's claims as the rules read them. */
export type Claims = Record<string, unknown>;

export type EmailVerdict = { email: string } | { refused: 'unverified_email' };

/**
 * The e-mail an account is matched by: the `email` claim, trimmed and lower-cased (the users table keeps
 * e-mails lower-case), only when `email_verified` is true (the boolean, or the string "true" some issuers
 * send), or, with no `email_verified` at all, when Microsoft Entra ID's optional claim `xms_edov` (the
 * e-mail's domain is verified by the tenant) is true. No e-mail, or one not verified, is refused: an issuer
 * that lets people type any e-mail must not open someone else's account.
 */
export function verifiedEmail(claims: Claims): EmailVerdict {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  const verified =
    claims.email_verified === undefined
      ? claims.xms_edov === true || claims.xms_edov === 'true'
      : claims.email_verified === true || claims.email_verified === 'true';
  if (email === '' || !email.includes('@') || !verified) return { refused: 'unverified_email' };
  return { email };
}

/**
 * What an unknown e-mail becomes: the first rule (in OIDC_GROUP_MAP's order) whose group the claim lists
 * (an array of strings, or one string), else a seller of OIDC_CREATE_SELLERS_BRANCH_ID when set, else
 * nothing (refused). Matching is exact, case-sensitive, as issuers send group ids.
 */
export function accountForNewEmail(
  claims: Claims,
  options: { groupsClaim?: string; groupMap: GroupRule[]; defaultBranchId?: number },
): { role: GroupRole; branchId: number | null } | null {
  if (options.groupsClaim) {
    const value = claims[options.groupsClaim];
    const groups = Array.isArray(value)
      ? value.filter((g): g is string => typeof g === 'string')
      : typeof value === 'string'
        ? [value]
        : [];
    const rule = options.groupMap.find((r) => groups.includes(r.group));
    if (rule) return { role: rule.role, branchId: rule.role === 'admin' ? null : (rule.branchId ?? null) };
  }
  if (options.defaultBranchId !== undefined) return { role: 'seller', branchId: options.defaultBranchId };
  return null;
}
