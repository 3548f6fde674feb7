import { type ActionRule, type AwardRejection, businessDate, checkAward } from './rules.ts';

/**
 * The engine's rules applied to awards kept in memory, in time order: the demo seed replays a
 * few weeks of activity through it and writes the accepted rows in one insert, instead of
 * calling award() a thousand times.
 */
export class MemoryLedger {
  private readonly perUserAction = new Map<
    string,
    { last: Date | null; dayKey: string; today: number; references: Set<string> }
  >();

  constructor(private readonly timeZone: string) {}

  tryAward(
    userId: number,
    actionKey: string,
    action: ActionRule | null,
    reference: string | null,
    at: Date,
  ): AwardRejection | null {
    const key = `${userId}:${actionKey}`;
    const state = this.perUserAction.get(key) ?? { last: null, dayKey: '', today: 0, references: new Set() };
    const day = businessDate(at, this.timeZone);
    const awardsToday = state.dayKey === day ? state.today : 0;
    const reason = checkAward(
      action,
      {
        awardsToday,
        lastAwardAt: state.last,
        referenceAwarded: reference !== null && state.references.has(reference),
      },
      at,
    );
    if (reason) return reason;
    state.last = at;
    state.dayKey = day;
    state.today = awardsToday + 1;
    if (reference !== null) state.references.add(reference);
    this.perUserAction.set(key, state);
    return null;
  }
}
