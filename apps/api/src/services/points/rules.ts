import { addDays, isoDay, localDay, monthRange, startOfLocalDay } from '../../lib/business-time.ts';

/**
 * The points engine's rules as pure functions (docs/product.md#points-engine), shared by award() (with the
 * history read from the ledger), the demo seed (with the history kept in memory) and the tests.
 */

/** `not_seller`: administrators using the community app earn nothing (they are not ranked). */
export type AwardRejection = 'missing' | 'inactive' | 'daily_limit' | 'cooldown' | 'duplicate' | 'not_seller';

export interface ActionRule {
  active: boolean;
  dailyLimit: number | null;
  cooldownSeconds: number | null;
}

/** What the ledger says about one user and one action at the moment of an award. */
export interface AwardHistory {
  /** Awards of the action to the user during the business day of `now`. */
  awardsToday: number;
  /** The user's latest award of the action, at any time. */
  lastAwardAt: Date | null;
  /** An award for the same (user, action, reference) already exists. */
  referenceAwarded: boolean;
}

/**
 * What the rules judge an award on: one row of awardGate() (award.ts), or what checkAward() is given.
 * A missing action has null action columns.
 */
export interface AwardFacts {
  action_id: number | null;
  active: boolean | null;
  daily_limit: number | null;
  cooldown_seconds: number | null;
  /** The user is a seller (administrators earn nothing). */
  seller: boolean;
  /** Awards of the action to the user during the business day of `now`. */
  today: number;
  /** The user's latest award of the action, at any time. */
  last_at: Date | null;
  /** An award for the same (user, action, reference) already exists. */
  duplicate: boolean;
}

type Fact = keyof AwardFacts;

/**
 * When a rule refuses, written once as data: evaluate() reads it in TypeScript (checkAward, the demo seed,
 * the tests) and ruleSql() in SQL (awardGate, so a statement acts on the verdict in the same round trip).
 * Both read a null as SQL does: a comparison with a null is not a refusal.
 */
export type RefusesWhen =
  /** The fact is null. */
  | { when: 'null'; fact: Fact }
  /** The fact is false or null. */
  | { when: 'not'; fact: Fact }
  /** The fact is true. */
  | { when: 'true'; fact: Fact }
  /** `limit` is set and the fact reached it. */
  | { when: 'reached'; fact: Fact; limit: Fact }
  /** `seconds` and the instant `fact` are set, and fewer than `seconds` have passed since it, at `now`. */
  | { when: 'within'; fact: Fact; seconds: Fact };

/**
 * The engine's rules (docs/product.md#points-engine), in the order they are checked: the first that
 * refuses names the refusal.
 */
export const AWARD_RULES: readonly { reason: AwardRejection; refuses: RefusesWhen }[] = [
  { reason: 'missing', refuses: { when: 'null', fact: 'action_id' } },
  { reason: 'inactive', refuses: { when: 'not', fact: 'active' } },
  { reason: 'not_seller', refuses: { when: 'not', fact: 'seller' } },
  { reason: 'daily_limit', refuses: { when: 'reached', fact: 'today', limit: 'daily_limit' } },
  { reason: 'cooldown', refuses: { when: 'within', fact: 'last_at', seconds: 'cooldown_seconds' } },
  { reason: 'duplicate', refuses: { when: 'true', fact: 'duplicate' } },
];

/** Whether one rule refuses, in TypeScript. */
export function evaluate(rule: RefusesWhen, facts: AwardFacts, now: Date): boolean {
  switch (rule.when) {
    case 'null':
      return facts[rule.fact] === null;
    case 'not':
      return facts[rule.fact] !== true;
    case 'true':
      return facts[rule.fact] === true;
    case 'reached': {
      const limit = facts[rule.limit] as number | null;
      const value = facts[rule.fact] as number | null;
      return limit !== null && value !== null && value >= limit;
    }
    case 'within': {
      const seconds = facts[rule.seconds] as number | null;
      const at = facts[rule.fact] as Date | null;
      return seconds !== null && at !== null && now.getTime() - at.getTime() < seconds * 1000;
    }
  }
}

/** The first rule that refuses, in TypeScript; null when none does. */
export function firstRefusal(
  facts: AwardFacts,
  now: Date,
  rules: readonly { reason: AwardRejection; refuses: RefusesWhen }[] = AWARD_RULES,
): AwardRejection | null {
  return rules.find((rule) => evaluate(rule.refuses, facts, now))?.reason ?? null;
}

/**
 * null when the award may be written; otherwise the first rule that refuses it, in the order of
 * docs/product.md#points-engine. The caller is taken for a seller (award() checks the role itself).
 */
export function checkAward(
  action: ActionRule | null,
  history: AwardHistory,
  now: Date,
): AwardRejection | null {
  return firstRefusal(
    {
      action_id: action ? 0 : null,
      active: action?.active ?? null,
      daily_limit: action?.dailyLimit ?? null,
      cooldown_seconds: action?.cooldownSeconds ?? null,
      seller: true,
      today: history.awardsToday,
      last_at: history.lastAwardAt,
      duplicate: history.referenceAwarded,
    },
    now,
  );
}

/** The business date of an instant, "YYYY-MM-DD" (daily_login's reference). */
export function businessDate(now: Date, timeZone: string): string {
  return isoDay(localDay(now, timeZone));
}

/** [start, end) of the business day that contains `now`, as UTC instants. */
export function businessDayBounds(now: Date, timeZone: string): { start: Date; end: Date } {
  const today = localDay(now, timeZone);
  return { start: startOfLocalDay(today, timeZone), end: startOfLocalDay(addDays(today, 1), timeZone) };
}

/** [start, end) of the calendar month (business time zone) that contains `now`, as UTC instants. */
export function businessMonthBounds(now: Date, timeZone: string): { start: Date; end: Date } {
  const { from, to } = monthRange(now, timeZone);
  return { start: from, end: to };
}
