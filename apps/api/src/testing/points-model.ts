import fc from 'fast-check';
import { businessDate } from '../services/points/rules.ts';

/**
 * The simplest statement of docs/product.md#points-engine the tests compare the engine with: an attempt is
 * accepted when the action is active, fewer than daily_limit accepted awards share its user,
 * action and business date, the latest accepted one is at least cooldown_seconds old, and no
 * accepted one has its reference. Attempts come in time order.
 */
export interface ModelAction {
  key: string;
  active: boolean;
  dailyLimit: number | null;
  cooldownSeconds: number | null;
}

export interface ModelAttempt {
  userId: number;
  actionKey: string;
  reference: string | null;
  at: Date;
}

export function acceptedByModel(
  actions: ModelAction[],
  attempts: ModelAttempt[],
  timeZone: string,
): boolean[] {
  const accepted: ModelAttempt[] = [];
  return attempts.map((attempt) => {
    const action = actions.find((a) => a.key === attempt.actionKey);
    if (!action?.active) return false;
    const mine = accepted.filter((a) => a.userId === attempt.userId && a.actionKey === attempt.actionKey);
    const day = businessDate(attempt.at, timeZone);
    if (
      action.dailyLimit !== null &&
      mine.filter((a) => businessDate(a.at, timeZone) === day).length >= action.dailyLimit
    )
      return false;
    const last = Math.max(-Infinity, ...mine.map((a) => a.at.getTime()));
    if (action.cooldownSeconds !== null && attempt.at.getTime() - last < action.cooldownSeconds * 1000)
      return false;
    if (attempt.reference !== null && mine.some((a) => a.reference === attempt.reference)) return false;
    accepted.push(attempt);
    return true;
  });
}

/** Random actions and attempt sequences in time order, over a few days. */
export const arbitraryScenario = () =>
  fc
    .record({
      actions: fc.array(
        fc.record({
          active: fc.constantFrom(true, true, true, false),
          dailyLimit: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
          cooldownSeconds: fc.option(fc.integer({ min: 1, max: 7200 }), { nil: null }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      attempts: fc.array(
        fc.record({
          userId: fc.integer({ min: 1, max: 2 }),
          action: fc.nat(3),
          reference: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
          gapSeconds: fc.integer({ min: 0, max: 6 * 3600 }),
        }),
        { maxLength: 40 },
      ),
    })
    .map(({ actions, attempts }) => {
      const modelActions: ModelAction[] = actions.map((a, i) => ({ key: `accion_${i}`, ...a }));
      let t = Date.parse('2026-11-20T10:00:00Z');
      return {
        actions: modelActions,
        attempts: attempts.map((a) => {
          t += a.gapSeconds * 1000;
          return {
            userId: a.userId,
            // One index past the end: an action that does not exist.
            actionKey: `accion_${a.action % (actions.length + 1)}`,
            reference: a.reference === null ? null : `post:${a.reference}`,
            at: new Date(t),
          };
        }),
      };
    });
